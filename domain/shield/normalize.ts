// The shield reads a message the way its writer meant it, whatever the disguise: accents, capitals,
// look-alike letters from other alphabets, digits for letters, emojis and punctuation inside words,
// letters spaced one by one (« w e s t e r n », « W.U »). Two views come out: words (for phrases)
// and the same words with their disguises undone (for the lexicon of payment means).

import { fold } from "../scam-signals.ts";

/** Letters of other alphabets that look like Latin ones (Unicode confusables, the common subset). */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ı: "i",
  ł: "l",
  ø: "o",
  đ: "d",
  ß: "ss",
  æ: "ae",
  œ: "oe",
};

/** Digits and signs written for letters inside a word (« M0neyGram », « tr@nscash »). */
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};

/**
 * Lower case, no accents, look-alike letters mapped, emojis and symbols (not digits, not € or $)
 * turned into spaces; apostrophes kept as the typewriter one. Spacing collapsed.
 */
export function plainText(text: string): string {
  const folded = fold(text.normalize("NFKC"));
  let out = "";
  for (const ch of folded) out += LOOK_ALIKES[ch] ?? ch;
  return (
    out
      // An emoji inside a word hides it (« mo💰ney »): taken out; elsewhere it separates words.
      .replace(/(?<=\p{L})(?:\p{Extended_Pictographic}|\u200d|\ufe0f)+(?=\p{L})/gu, "")
      .replace(/\p{Extended_Pictographic}|\u200d|\ufe0f|\u20e3/gu, " ")
      .replace(/[^\p{L}\p{N}'€$@.,:+/\-\s]/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A word with its disguise undone: digits and signs inside letters read as letters, dots dropped. */
function undisguise(word: string): string {
  // Only where letters surround them: « 300 » stays a number, « m0ney » becomes « money ».
  if (!/\p{L}/u.test(word)) return word.replace(/[.,:\-/]/g, "");
  return [...word.replace(/[.\-_]/g, "")].map((ch) => LEET[ch] ?? ch).join("");
}

/**
 * The message's words, disguises undone, with runs of single letters joined back (« w e s t e r n »
 * → « western », « w . u » → « wu », « p c s » → « pcs »).
 */
export function lexiconWords(plain: string): string[] {
  const raw = plain.split(/[\s,:'/+]+/).filter(Boolean);
  const words: string[] = [];
  let run = "";
  const flush = () => {
    if (run.length > 0) words.push(run);
    run = "";
  };
  for (const token of raw) {
    const word = undisguise(token);
    if (word.length === 0) continue;
    if (word.length === 1 && /\p{L}/u.test(word)) run += word;
    // A digit for a letter inside spaced letters (« m 0 n e y »).
    else if (run.length > 0 && token.length === 1 && LEET[token] !== undefined) run += LEET[token];
    else {
      flush();
      words.push(word);
    }
  }
  flush();
  return words;
}

/** Levenshtein distance, stopping early once above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}
