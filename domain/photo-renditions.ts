// Smaller copies of every profile photo (issue 39): AVIF with a WebP fallback, at the widths the
// screens show them, made once by a job after the upload. The web app builds their addresses from
// the base the API sends (PhotoDto.renditions) and chooses with <picture> and srcset.
//
// Files: `<base>-t<width>.<format>` for the square thumbnail (the member's chosen square, as the
// 400 px thumbnail), `<base>-m<width>.<format>` for the whole photo (fit to that width).

export const RENDITION_FORMATS = ["avif", "webp"] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

/** Square crops, for cards and lists (shown from 40 to about 400 CSS pixels wide). */
export const THUMB_RENDITION_WIDTHS = [200, 400, 600] as const;
/** The whole photo, for a full profile (at most about 640 CSS pixels wide). */
export const MAIN_RENDITION_WIDTHS = [480, 960] as const;

export type RenditionKind = "thumb" | "main";

const WIDTHS: Record<RenditionKind, readonly number[]> = {
  thumb: THUMB_RENDITION_WIDTHS,
  main: MAIN_RENDITION_WIDTHS,
};

/** The storage folder of renditions, under the photos' own folder. */
export const RENDITION_FOLDER = "photos/r";

/** Where one rendition lives, from the base (a storage key or a public URL). */
export function renditionPath(
  base: string,
  kind: RenditionKind,
  width: number,
  format: RenditionFormat,
): string {
  return `${base}-${kind === "thumb" ? "t" : "m"}${width}.${format}`;
}

/** Every rendition of one photo: kind, width and format. */
export function allRenditions(): { kind: RenditionKind; width: number; format: RenditionFormat }[] {
  return (["thumb", "main"] as const).flatMap((kind) =>
    WIDTHS[kind].flatMap((width) => RENDITION_FORMATS.map((format) => ({ kind, width, format }))),
  );
}

/**
 * A srcset for one kind and format; `maxWidth` drops the larger widths (economy mode keeps the
 * smallest that still fills the frame at one device pixel per CSS pixel).
 */
export function renditionSrcset(
  base: string,
  kind: RenditionKind,
  format: RenditionFormat,
  maxWidth = Number.POSITIVE_INFINITY,
): string {
  const widths = WIDTHS[kind].filter((w, i) => i === 0 || w <= maxWidth);
  return widths.map((w) => `${renditionPath(base, kind, w, format)} ${w}w`).join(", ");
}
