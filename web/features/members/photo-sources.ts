// Which file of a photo to load (issue 39): the AVIF and WebP renditions the server made after the
// upload (domain/photo-renditions.ts), sized for the frame, or the original files while they are
// not ready. Economy mode keeps to the smaller widths.

import { type RenditionKind, renditionPath, renditionSrcset } from "@domain/photo-renditions.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { thumbHashToDataURL } from "thumbhash";

/** The largest width economy mode loads: one image pixel per CSS pixel of the widest frame. */
const ECONOMY_MAX_WIDTH: Record<RenditionKind, number> = { thumb: 400, main: 480 };

export interface PhotoSources {
  /** For <source type="image/avif">; absent without renditions. */
  avif?: string;
  /** For <source type="image/webp">. */
  webp?: string;
  /** The <img>'s own src: the fallback, and what a browser without srcset loads. */
  src: string;
}

export function photoSources(photo: PhotoDto, kind: RenditionKind, economy: boolean): PhotoSources {
  const original = kind === "thumb" ? photo.thumbUrl || photo.url : photo.url;
  if (!photo.renditions) return { src: original };
  const max = economy ? ECONOMY_MAX_WIDTH[kind] : Number.POSITIVE_INFINITY;
  return {
    avif: renditionSrcset(photo.renditions, kind, "avif", max),
    webp: renditionSrcset(photo.renditions, kind, "webp", max),
    src: original,
  };
}

/** A small square (avatars, the gallery's strip): the smallest WebP rendition, else the thumbnail. */
export function smallPhotoUrl(photo: PhotoDto | null | undefined): string | undefined {
  if (!photo) return undefined;
  return photo.renditions
    ? renditionPath(photo.renditions, "thumb", 200, "webp")
    : photo.thumbUrl || photo.url;
}

const placeholders = new Map<string, string>();

/** The placeholder's image (a PNG data URL of a few hundred bytes), decoded once per photo. */
export function placeholderUrl(photo: PhotoDto): string | undefined {
  if (!photo.placeholder) return undefined;
  let url = placeholders.get(photo.placeholder);
  if (url === undefined) {
    try {
      const bytes = Uint8Array.from(atob(photo.placeholder), (c) => c.charCodeAt(0));
      url = thumbHashToDataURL(bytes);
    } catch {
      url = "";
    }
    placeholders.set(photo.placeholder, url);
  }
  return url || undefined;
}
