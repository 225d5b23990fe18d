// French typography for interface copy: a no-break space before « ; ! ? » (narrow, U+202F) and
// « : » (U+00A0), and inside « guillemets » (U+00A0), so that a line never starts with the
// punctuation nor leaves a guillemet alone; and the typographic apostrophe (’, U+2019) between
// letters (issue 34). Applied to the copy in the sources by
// `npm run typography` (scripts/typography.ts), checked by scripts/typography.test.ts, and usable
// at run time for text put together from parts.

export const NBSP = "\u00A0";
export const NNBSP = "\u202F";

/** A space of any kind (a line break included, as in JSX text) before French high punctuation. */
const BEFORE_HIGH = /(?<=\S)\s+([;!?])(?=\s|$|[)»"'.,…;!?])/gu;
const BEFORE_COLON = /(?<=\S)\s+:(?=\s|$|[)»"'])/gu;
const AFTER_OPENING = /«\s*/gu;
const BEFORE_CLOSING = /\s*»/gu;

/** The typographic apostrophe (U+2019), written between two letters: « J’aime », « d’Awa ». */
export const APOSTROPHE = "\u2019";
const TYPEWRITER_APOSTROPHE = /(?<=\p{L})'(?=\p{L})/gu;

/** Returns `text` with French no-break spaces only (idempotent). */
export function frenchSpaces(text: string): string {
  return text
    .replace(BEFORE_HIGH, `${NNBSP}$1`)
    .replace(BEFORE_COLON, `${NBSP}:`)
    .replace(AFTER_OPENING, `«${NBSP}`)
    .replace(BEFORE_CLOSING, `${NBSP}»`);
}

/** Returns `text` with each typewriter apostrophe between two letters made typographic (issue 34). */
export function typographicApostrophes(text: string): string {
  return text.replace(TYPEWRITER_APOSTROPHE, APOSTROPHE);
}

/**
 * Returns `text` with French no-break spaces and typographic apostrophes (idempotent; text without
 * such punctuation is unchanged).
 */
export function frenchTypography(text: string): string {
  return typographicApostrophes(frenchSpaces(text));
}
