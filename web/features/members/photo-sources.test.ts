import type { PhotoDto } from "@domain/profile.ts";
import { describe, expect, it } from "vitest";
import { photoSources, smallPhotoUrl } from "./photo-sources.ts";

const base = "/storage/profiles/photos/r/u1-1";
const photo = (renditions: string | null): PhotoDto => ({
  key: "photos/u1-1.jpg",
  url: "/storage/profiles/photos/u1-1.jpg",
  thumbUrl: "/storage/profiles/photos/thumbs/u1-1.jpg",
  renditions,
  placeholder: null,
});

describe("photoSources", () => {
  it("offers AVIF and WebP at every width, with the original as the img’s own src", () => {
    expect(photoSources(photo(base), "thumb", false)).toEqual({
      avif: `${base}-t200.avif 200w, ${base}-t400.avif 400w, ${base}-t600.avif 600w`,
      webp: `${base}-t200.webp 200w, ${base}-t400.webp 400w, ${base}-t600.webp 600w`,
      src: "/storage/profiles/photos/thumbs/u1-1.jpg",
    });
    expect(photoSources(photo(base), "main", false).avif).toBe(
      `${base}-m480.avif 480w, ${base}-m960.avif 960w`,
    );
  });

  it("keeps to the smaller widths in economy mode", () => {
    expect(photoSources(photo(base), "thumb", true).avif).toBe(
      `${base}-t200.avif 200w, ${base}-t400.avif 400w`,
    );
    expect(photoSources(photo(base), "main", true).webp).toBe(`${base}-m480.webp 480w`);
  });

  it("shows the uploaded files while the renditions are not made yet", () => {
    expect(photoSources(photo(null), "main", false)).toEqual({ src: "/storage/profiles/photos/u1-1.jpg" });
    expect(smallPhotoUrl(photo(null))).toBe("/storage/profiles/photos/thumbs/u1-1.jpg");
    expect(smallPhotoUrl(photo(base))).toBe(`${base}-t200.webp`);
    expect(smallPhotoUrl(null)).toBeUndefined();
  });
});
