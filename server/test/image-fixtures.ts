// Image fixtures for the tests that send photos, generated in code with sharp or built byte by byte:
// no binary file is committed. Test-only module.
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import sharp from "sharp";

export type FixtureFormat = "jpeg" | "png" | "webp" | "gif";

/**
 * Eight by eight blocks of random colours: every image drawn is a different picture to the photo
 * screening's perceptual hash, so a test's photos are never held as « the same photo on another
 * account » (which would hide them from public view).
 */
function blocks(width: number, height: number): Buffer {
  const colours = Array.from({ length: 64 }, () => [0, 1, 2].map(() => Math.floor(Math.random() * 256)));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = Math.min(7, Math.floor((y * 8) / height)) * 8;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colours[row + Math.min(7, Math.floor((x * 8) / width))]!;
      const at = (y * width + x) * 3;
      pixels[at] = r!;
      pixels[at + 1] = g!;
      pixels[at + 2] = b!;
    }
  }
  return pixels;
}

/**
 * Grain for a made-up photo, `width` × `height` RGB: uniform noise of the given mean and spread (a
 * spread of √3 σ has the spread of Gaussian noise of σ). Drawn from random bytes: sharp's own
 * Gaussian noise took about 3 CPU-seconds for a 12-megapixel picture, this about a tenth of one.
 * Shared with the journeys (e2e/photo-fixtures.ts). `mean ± spread` must stay within 0–255.
 */
export function grain(width: number, height: number, mean: number, spread: number): Buffer {
  const pixels = randomBytes(width * height * 3);
  const low = mean - spread;
  const scale = (2 * spread) / 255;
  for (let i = 0; i < pixels.length; i++) pixels[i] = low + pixels[i]! * scale;
  return pixels;
}

/** A small image of the given size; `noise` gives scan data that compresses badly (for truncation). */
export async function makeImage(
  format: FixtureFormat,
  width = 64,
  height = 48,
  noise = false,
): Promise<Buffer> {
  const raw = { width, height, channels: 3 } as const;
  const img = sharp(noise ? grain(width, height, 128, 69) : blocks(width, height), { raw });
  if (format === "png") return img.png().toBuffer();
  if (format === "webp") return img.webp().toBuffer();
  if (format === "gif") return img.gif().toBuffer();
  return img.jpeg().toBuffer();
}

/** Marker strings written into the EXIF blocks, searched for in the stored bytes. */
export const EXIF_MARKERS = {
  gpsDatum: "GPS-WGS-84-SECRET",
  description: "GPS-home-address",
  copyright: "Secret Owner",
};

/**
 * A JPEG carrying EXIF with a GPS IFD (libvips names it IFD3), an XMP packet and an orientation tag.
 * sharp 0.35 writes GPS tags through `withExif({ IFD3: {...} })`.
 */
export async function makeJpegWithGps(orientation?: number, width = 64, height = 32): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } }).jpeg();
  if (orientation) img = img.withMetadata({ orientation });
  return img
    .withExif({
      IFD0: { ImageDescription: EXIF_MARKERS.description, Copyright: EXIF_MARKERS.copyright },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 24/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 3/1",
        GPSMapDatum: EXIF_MARKERS.gpsDatum,
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>XMP-SECRET</dc:creator>' +
        "</rdf:Description></rdf:RDF></x:xmpmeta>",
    )
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Adam7's seven passes: first column and row, then the steps between the pixels each pass holds. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of width × height pixels whose pixel data is
 * all zeros, so it is a few kilobytes on disk but would decode to width × height × 3 bytes.
 * Building it deflates (1 + width/8) × height zero bytes: 20000² costs ~50 MB of zeros, ~0.2 s.
 * Interlaced (Adam7), as in the outside test of issue 33, it cannot be decoded line by line: a
 * decoder must hold the whole image.
 */
export function makePngBomb(width: number, height: number, { interlaced = false } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = interlaced ? 1 : 0;
  // Each scanline: a filter byte, then the row's pixels at one bit each.
  const rowsBytes = (cols: number, rows: number) => (cols > 0 ? rows * (1 + Math.ceil(cols / 8)) : 0);
  const size = interlaced
    ? ADAM7.reduce(
        (sum, [x, y, dx, dy]) =>
          sum + rowsBytes(Math.ceil((width - x) / dx), Math.max(0, Math.ceil((height - y) / dy))),
        0,
      )
    : rowsBytes(width, height);
  const idat = deflateSync(Buffer.alloc(size), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const SVG_FIXTURE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script>' +
    '<rect width="64" height="64" fill="red"/></svg>',
);

/** The first half of a noisy JPEG: valid header, missing scan data and end marker. */
export async function makeTruncatedJpeg(): Promise<Buffer> {
  const full = await makeImage("jpeg", 256, 256, true);
  return full.subarray(0, Math.floor(full.length / 2));
}

/**
 * A photo-like JPEG: random blocks softened, with grain — a picture in which a square can be found
 * again without doubt (the renditions' square matching, issue 39).
 */
export async function makePhotoLikeJpeg(width: number, height: number, quality = 85): Promise<Buffer> {
  const raw = { width, height, channels: 3 } as const;
  return sharp(blocks(width, height), { raw })
    .blur(6)
    .composite([{ input: grain(width, height, 128, 31), raw, blend: "overlay" }])
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}
