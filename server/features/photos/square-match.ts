// Where a photo's square thumbnail was cut from its main image (issue 39). The square a member
// chose (or sharp's "attention" crop, or the demo seed's head-and-shoulders framing) is not stored:
// only its result is, the 400 px thumbnail. The renditions need it again, at up to 600 px, so it is
// found by matching the thumbnail against the main image: grey levels averaged over a grid of cells,
// compared for every square of a coarse lattice (an integral image makes each cell's mean four
// lookups), then the best few candidates are refined by halving steps down to a quarter pixel.
// About 0.2–0.4 s for a 1600 px photo; within a pixel or two of the real square in the tests.
import type { PhotoSquare } from "@domain/photo-square.ts";
import { memberImage } from "../../platform/images/index.ts";

/**
 * Mean absolute difference of grey levels (0–255) per cell above which the thumbnail is taken not to
 * come from this image. A real match scores below 1 (compression and resampling); another picture,
 * tens.
 */
const SQUARE_MATCH_LIMIT = 4;

/** Squares smaller than this share of the short side are not looked for (the stored thumbnail serves). */
const SMALLEST_SHARE = 1 / 4;
/** Grid cells per side: coarse pass, refinement. */
const COARSE_CELLS = 16;
const FINE_CELLS = 32;
/** Candidates of the coarse pass that are refined. */
const REFINED = 6;

/** An integral image of grey levels: sums over [0, x) × [0, y), (width + 1) × (height + 1). */
interface Integral {
  sums: Float64Array;
  width: number;
  height: number;
}

async function greyIntegral(bytes: Uint8Array): Promise<Integral> {
  const { data, info } = await memberImage(bytes)
    .rotate()
    .removeAlpha()
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[(y * width + x) * channels]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  return { sums, width, height };
}

/** The integral at a fractional point (bilinear between its four neighbours). */
function sumTo(g: Integral, x: number, y: number): number {
  const stride = g.width + 1;
  const x0 = Math.min(Math.floor(x), g.width - 1);
  const y0 = Math.min(Math.floor(y), g.height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * stride + x0;
  const top = g.sums[i]! * (1 - fx) + g.sums[i + 1]! * fx;
  const bottom = g.sums[i + stride]! * (1 - fx) + g.sums[i + stride + 1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The mean grey of each of n × n cells of the square (left, top, size), into `out`. */
function cellMeans(g: Integral, left: number, top: number, size: number, n: number, out: Float64Array) {
  const step = size / n;
  const corners = new Float64Array((n + 1) * (n + 1));
  for (let j = 0; j <= n; j++)
    for (let i = 0; i <= n; i++) corners[j * (n + 1) + i] = sumTo(g, left + i * step, top + j * step);
  const area = step * step;
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const k = j * (n + 1) + i;
      out[j * n + i] = (corners[k + n + 2]! - corners[k + 1]! - corners[k + n + 1]! + corners[k]!) / area;
    }
}

interface Candidate {
  left: number;
  top: number;
  size: number;
  error: number;
}

/**
 * The square of `main` (in its pixels, as displayed) that `thumb` shows, or null when none matches
 * well enough (a thumbnail of a square smaller than a quarter of the short side, or of another
 * picture). Both are stored images: the caller has read their headers.
 */
export async function findSquare(main: Uint8Array, thumb: Uint8Array): Promise<PhotoSquare | null> {
  const [m, t] = await Promise.all([greyIntegral(main), greyIntegral(thumb)]);
  if (t.width !== t.height) return null;
  const short = Math.min(m.width, m.height);
  const reference = (n: number) => {
    const out = new Float64Array(n * n);
    cellMeans(t, 0, 0, t.width, n, out);
    return out;
  };
  const coarseRef = reference(COARSE_CELLS);
  const fineRef = reference(FINE_CELLS);
  const cells = new Float64Array(FINE_CELLS * FINE_CELLS);
  const error = (left: number, top: number, size: number, n: number, ref: Float64Array) => {
    cellMeans(m, left, top, size, n, cells);
    let sum = 0;
    for (let i = 0; i < n * n; i++) sum += Math.abs(cells[i]! - ref[i]!);
    return sum / (n * n);
  };

  // Coarse: sizes a few per cent apart, positions a tenth of the size apart.
  const coarse: Candidate[] = [];
  for (let size = short; size >= short * SMALLEST_SHARE; size *= 0.93) {
    const step = Math.max(1, size / 10);
    for (let top = 0; top <= m.height - size; top += step)
      for (let left = 0; left <= m.width - size; left += step)
        coarse.push({ left, top, size, error: error(left, top, size, COARSE_CELLS, coarseRef) });
  }
  coarse.sort((a, b) => a.error - b.error);

  // Fine: each of the best few moves to its best neighbour (position and size) until none is better,
  // then halves its step.
  const inside = (left: number, top: number, size: number): [number, number, number] => {
    const s = Math.min(Math.max(size, 1), short);
    return [Math.min(Math.max(left, 0), m.width - s), Math.min(Math.max(top, 0), m.height - s), s];
  };
  let best: Candidate | null = null;
  for (const start of coarse.slice(0, REFINED)) {
    let { left, top, size } = start;
    let e = error(left, top, size, FINE_CELLS, fineRef);
    for (let step = Math.max(1, size / 20); step >= 0.25; ) {
      let moved = false;
      for (const dl of [-1, 0, 1])
        for (const dt of [-1, 0, 1])
          for (const ds of [-1, 0, 1]) {
            if (dl === 0 && dt === 0 && ds === 0) continue;
            const [l, tp, s] = inside(left + dl * step, top + dt * step, size + ds * step);
            const candidate = error(l, tp, s, FINE_CELLS, fineRef);
            if (candidate < e) [left, top, size, e, moved] = [l, tp, s, candidate, true];
          }
      if (!moved) step /= 2;
    }
    if (!best || e < best.error) best = { left, top, size, error: e };
  }
  if (!best || best.error > SQUARE_MATCH_LIMIT) return null;
  // Whole pixels, inside the image.
  const size = Math.min(Math.round(best.size), short);
  return {
    left: Math.min(Math.max(0, Math.round(best.left)), m.width - size),
    top: Math.min(Math.max(0, Math.round(best.top)), m.height - size),
    size,
  };
}
