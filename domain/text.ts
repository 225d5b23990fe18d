// Free text typed by people, cleaned the same way wherever it is stored: no control characters
// (C0, DEL), no invisible characters used to hide or disguise text (zero-width space, BOM, line
// and paragraph separators), and no bidirectional controls — U+202A–U+202E and U+2066–U+2069 let
// « gnp.exe » read as « exe.png » or turn a link around in another member's screen (Trojan Source,
// CVE-2021-42574). Neutralised rather than refused: members paste text from other apps that carry
// them by accident, and the text they meant stays.

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** Zero-width space, line and paragraph separators, BOM; bidirectional embeddings, overrides, isolates. */
const INVISIBLE = /[\u200B\u2028\u2029\uFEFF\u202A-\u202E\u2066-\u2069]/g;

/**
 * Typed text (a message, a name, a self-description, a report): Unicode NFC, Windows line
 * endings made plain, nothing invisible but line breaks and tabs, trimmed, at most two empty lines
 * in a row.
 */
export function cleanParagraphs(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS, "")
    .replace(INVISIBLE, "")
    .replace(/\n{4,}/g, "\n\n\n")
    .trim();
}

/** One line of typed text (a place, a name shown on a card): cleaned as above, on one line. */
export function cleanLine(value: string): string {
  return cleanParagraphs(value).replace(/\s+/g, " ");
}
