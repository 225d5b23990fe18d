// Helpers shared by the journeys: unique accounts and test images made on the fly.
import { randomBytes } from "node:crypto";
import sharp from "sharp";

export const PASSWORD = "un mot de passe solide";

export function uniqueEmail(prefix = "membre"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@exemple.fr`;
}

/** A small JPEG portrait-like picture generated locally. */
export async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 196, g: 98, b: 45 } } })
    .jpeg()
    .toBuffer();
}
