// Moving off the platform (issue 36): phone numbers in any national format (libphonenumber-js, read
// as numbers of our members' countries), messaging handles and links (linkifyjs). Numbers, e-mail
// addresses and handles are what the shield masks until both members are selfie-verified.

import { findPhoneNumbersInText } from "libphonenumber-js/min";
import { find as findLinks } from "linkifyjs";
import { plainText } from "./normalize.ts";

/** The countries whose national formats a number without its international prefix is read in. */
const HOME_COUNTRIES = ["FR", "CI", "SN", "CM", "BE", "CH", "CA", "CD", "ML", "BJ", "TG", "MA"] as const;

// Apps a conversation moves to; and addresses that open one directly.
const APPS =
  /\b(whats ?app|whatsap|watsap|watsapp|wats ?ap|wa|telegram|telegrame|tlg|signal|snap|snapchat|insta|instagram|facebook|fb|messenger|imo|viber|skype|tiktok|gmail)\b/;
const LEAVE =
  /\b(ecris[- ]?moi|ecri moi|contacte[- ]?moi|ajoute[- ]?moi|add[- ]?moi|appelle[- ]?moi|apel moi|bipe[- ]?moi|viens sur|passe sur|on continue sur|on se parle sur|retrouve[- ]?moi sur|mon (numero|num|tel|telephone|mail|e-?mail|adresse|whatsapp|snap|insta|telegram|contact))\b/;
const APP_LINK =
  /^(?:https?:\/\/)?(?:www\.)?(t\.me|telegram\.me|wa\.me|chat\.whatsapp\.com|api\.whatsapp\.com|signal\.me|snapchat\.com|instagram\.com|facebook\.com|fb\.com|m\.me|tiktok\.com)\b/i;
// A handle given after an app's name or an @: « snap : jean_22 », « @awa.dk », « insta c'est awa225 ».
const HANDLE =
  /(?:@[A-Za-z0-9._]{3,30}\b)|(?:\b(?:whats ?app|telegram|signal|snap(?:chat)?|insta(?:gram)?|tiktok|skype|imo)\b\s*(?::|=|->|c'est|c’est|est)\s*@?[A-Za-z0-9._]{3,30})/gi;

export interface Span {
  start: number;
  end: number;
}

export interface ContactFinding {
  /** A number, an e-mail address, a handle or an app's address: masked until both are verified. */
  spans: Span[];
  /** Any of those, or an invitation to write elsewhere (« écris-moi sur WhatsApp »). */
  offPlatform: boolean;
  /** Links other than the apps' (a warning, not masked). */
  links: boolean;
  reasons: string[];
}

function phoneSpans(text: string): Span[] {
  // Cheap test first: a number needs at least eight digits.
  if ((text.match(/\d/g)?.length ?? 0) < 8) return [];
  const spans: Span[] = [];
  for (const country of HOME_COUNTRIES)
    for (const found of findPhoneNumbersInText(text, { defaultCountry: country }))
      spans.push({ start: found.startsAt, end: found.endsAt });
  // A long run after + or 00 is a number even where no country's plan knows it.
  for (const m of text.matchAll(/(?:\+|\b00)\d(?:[\s.-]?\d){7,14}/g))
    spans.push({ start: m.index, end: m.index + m[0].length });
  return spans;
}

/** Spans merged where they overlap, in order. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

export function contactFinding(text: string): ContactFinding {
  const reasons: string[] = [];
  const phones = phoneSpans(text);
  if (phones.length > 0) reasons.push("un numéro de téléphone");
  const spans = [...phones];
  let links = false;
  let appLinks = false;
  let emails = false;
  for (const link of findLinks(text)) {
    if (link.type === "email") {
      emails = true;
      spans.push({ start: link.start, end: link.end });
    } else if (APP_LINK.test(link.value)) {
      appLinks = true;
      spans.push({ start: link.start, end: link.end });
    } else links = true;
  }
  if (emails) reasons.push("une adresse e-mail");
  // An @ inside a word (an e-mail address, « tr@nscash ») is not a handle.
  const handles = [...text.matchAll(HANDLE)].filter(
    (m) => !(m[0].startsWith("@") && /[\p{L}\p{N}._%+-]$/u.test(text.slice(0, m.index))),
  );
  for (const m of handles) spans.push({ start: m.index, end: m.index + m[0].length });
  if (handles.length > 0 || appLinks) reasons.push("un identifiant de messagerie");
  const plain = plainText(text);
  const invitation = APPS.test(plain) && LEAVE.test(plain);
  if (invitation && reasons.length === 0) reasons.push("une invitation à continuer sur une autre messagerie");
  if (links) reasons.push("un lien");
  return { spans: mergeSpans(spans), offPlatform: spans.length > 0 || invitation, links, reasons };
}

/** The text with each span replaced by a mark the reader understands. */
export function maskSpans(text: string, spans: Span[], mark = "[masqué]"): string {
  let out = "";
  let at = 0;
  for (const s of mergeSpans(spans)) {
    out += text.slice(at, s.start) + mark;
    at = s.end;
  }
  return out + text.slice(at);
}
