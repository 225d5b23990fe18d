// The same or nearly the same text sent to many members (issue 36): a 64-bit SimHash over the
// normalised words' 2-shingles. Two texts that differ by a name or a few words keep most shingles,
// so their fingerprints differ by few bits; compared in SQL with bit_count(a # b).

import { lexiconWords, plainText } from "./normalize.ts";

/** Shorter texts (« Bonjour ! », « Salut ça va ») are everybody's; they are not fingerprinted. */
export const SIMHASH_MIN_WORDS = 8;
/** Bits two fingerprints may differ by and still be the same text (calibrated in simhash.test.ts). */
export const SIMHASH_NEAR_BITS = 10;

const MASK = (1n << 64n) - 1n;
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;

function fnv1a64(text: string): bigint {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * FNV_PRIME) & MASK;
  }
  return h;
}

/** The text's fingerprint as a signed 64-bit integer (PostgreSQL's bigint), or null when too short. */
export function simhash(text: string): bigint | null {
  const words = lexiconWords(plainText(text)).filter((w) => /\p{L}/u.test(w));
  if (words.length < SIMHASH_MIN_WORDS) return null;
  const counts = new Array<number>(64).fill(0);
  for (let i = 0; i + 1 < words.length; i++) {
    const h = fnv1a64(`${words[i]} ${words[i + 1]}`);
    for (let bit = 0; bit < 64; bit++) counts[bit]! += (h >> BigInt(bit)) & 1n ? 1 : -1;
  }
  let value = 0n;
  for (let bit = 0; bit < 64; bit++) if (counts[bit]! > 0) value |= 1n << BigInt(bit);
  return BigInt.asIntN(64, value);
}

/** Bits that differ between two fingerprints. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
