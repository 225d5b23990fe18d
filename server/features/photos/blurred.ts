// A photo's blurred variant (issue 40): what members its owner has not liked back or shown her photos
// to see. Made on the server from the square thumbnail — 48 pixels, blurred, a few hundred bytes —
// never a CSS blur over the real photo, which the browser would have downloaded. Made on the first
// request and kept (photos/b/<file>.webp); removed with the photo's other files.

import { memberImage } from "../../platform/images/index.ts";
import { blurredKey, thumbKey } from "../../platform/storage/photo-keys.ts";
import type { Storage } from "../../platform/storage/storage.ts";

const SIZE = 48;

export async function blurredVariant(storage: Storage, photoKey: string): Promise<Uint8Array | null> {
  const key = blurredKey(photoKey);
  const kept = await storage.get(key).catch(() => null);
  if (kept) return kept.body;
  const thumb = await storage.get(thumbKey(photoKey)).catch(() => null);
  if (!thumb) return null;
  const bytes = await memberImage(Buffer.from(thumb.body))
    .resize(SIZE, SIZE, { fit: "cover" })
    .blur(6)
    .webp({ quality: 50 })
    .toBuffer();
  await storage.put(key, bytes, "image/webp");
  return new Uint8Array(bytes);
}
