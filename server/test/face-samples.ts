// Test faces, composed from the sample images that ship inside @vladmandic/human (never downloaded):
// its « facematch » screenshot shows a grid of faces extracted from its sample photos, sorted by
// likeness to the first one. The first row is one person (six photos of him); other cells are
// other people. Crops are enlarged and framed like a selfie; tilts, mirrors, smiles and « photos
// of a photo » are composed from them.
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const GRID = path.join(
  path.dirname(require.resolve("@vladmandic/human")),
  "..",
  "assets",
  "screenshot-facematch.jpg",
);

// The grid: 18 columns of 106.67 px from x = 0, rows of 113 px from y = 284 (1920 × 954 image).
const cell = (row: number, col: number) => ({
  left: Math.round(col * 106.67) + 2,
  top: 284 + row * 113,
  width: 102,
  height: 92,
});

/** The same man in six photos (row 1 of the grid): [neutral…, smiling last]. */
export const SAME_PERSON = [0, 1, 2, 3, 4, 5].map((col) => cell(0, col));
/** Other people, men and women. */
export const OTHER_PEOPLE = [
  cell(1, 6),
  cell(1, 7),
  cell(2, 1),
  cell(2, 2),
  cell(2, 3),
  cell(2, 5),
  cell(2, 8),
  cell(3, 2),
];

/** A face crop enlarged three times and framed in grey, like a selfie or a profile photo. */
export async function face(region: ReturnType<typeof cell>): Promise<Buffer> {
  return sharp(GRID)
    .extract(region)
    .resize(region.width * 3, region.height * 3, { kernel: "lanczos3" })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: "#808080" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The face tilted by `degrees` (positive: clockwise), as a head tilted to the side. */
export async function tilted(image: Buffer, degrees: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return sharp(await sharp(image).rotate(degrees, { background: "#808080" }).toBuffer())
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same picture printed and held up to the camera: duller, softer, the same in every frame. */
export async function printed(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .modulate({ saturation: 0.6, brightness: 1.05 })
    .blur(0.8)
    .jpeg({ quality: 60 })
    .toBuffer();
}
