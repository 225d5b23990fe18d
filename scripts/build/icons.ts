// The app's PNG icons (web manifest, home screen, notifications), drawn from web/public/favicon.svg.
// They are design assets kept in the repository: run this again after changing the favicon.
//   node --import tsx scripts/build/icons.ts

import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT = path.join(ROOT, "web/public/icons");
const favicon = readFileSync(path.join(ROOT, "web/public/favicon.svg"), "utf8");

// The favicon is a rounded teal tile (its <rect>) holding the bridge (the other shapes).
const tile = /<rect\b[^>]*\/>/.exec(favicon)?.[0];
const tileColour = tile && /fill="([^"]+)"/.exec(tile)?.[1];
if (!tile || !tileColour) throw new Error("web/public/favicon.svg: no <rect> tile with a fill");
const bridge = favicon
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<title>.*?<\/title>/, "")
  .replace(tile, "");

/**
 * The bridge scaled and centred in the 64-unit box. It spans x 7–57 and y 25.5–47 (strokes
 * included): its centre is 4 units below the box's, which the favicon's tile hides but a launcher's
 * circle would not.
 */
const scaled = (scale: number, shapes = bridge) =>
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -36)">${shapes}</g>`;
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`;

const ICONS: { file: string; size: number; svg: string }[] = [
  // « any » purpose: the favicon as it is, rounded corners and all.
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  // Maskable: the launcher cuts its own shape (circle, squircle…) out of a full-bleed square and
  // only promises the centre circle of 80 % of the width (radius 25.6 of 64). Centred, the bridge
  // reaches 27 units from the centre: at 0.7 it stays within 19.
  {
    file: "icon-maskable-512.png",
    size: 512,
    svg: svg(`<rect width="64" height="64" fill="${tileColour}"/>${scaled(0.7)}`),
  },
  // iOS rounds the corners itself and fills transparency with black: a full square.
  {
    file: "apple-touch-icon.png",
    size: 180,
    svg: svg(`<rect width="64" height="64" fill="${tileColour}"/>${scaled(0.8)}`),
  },
  // Android draws the notification badge from the alpha channel only: the bridge in white, no tile.
  {
    file: "badge-96.png",
    size: 96,
    svg: svg(scaled(1.15, bridge.replace(/(stroke|fill)="#[0-9a-f]{3,6}"/gi, '$1="#ffffff"'))),
  },
];

await mkdir(OUT, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: icon.file === "badge-96.png" })
    .toFile(path.join(OUT, icon.file));
  console.log(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
