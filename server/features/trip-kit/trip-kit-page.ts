// The trip kit (issue 40): one small HTML page, no script, with every country of our audience — the
// emergency numbers, where the member's own consulate is, advice for a first meeting — so that the
// service worker can keep it on the device when the member opens it (web/sw.ts), for a trip where
// the network is gone. Personal only in the consular help, read from the member's country.
import { createHash } from "node:crypto";
import {
  consularHelp,
  FIRST_MEETING_ADVICE,
  TRIP_KIT_COUNTRIES,
  TRIP_KIT_DISCLAIMER,
  type TripKitCountry,
  VERIFIED_ON,
} from "@domain/trip-kit.ts";
import { escapeHtml } from "../../platform/email/html.ts";
import { frenchLongDate } from "../../platform/email/templates.ts";

export const TRIP_KIT_PATH = "/kit-voyage";

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#2b2118;background:#faf6f0}
main{max-width:40rem;margin:0 auto;padding:1.25rem}.brand{font-weight:700;color:#a4471f;margin:0 0 .5rem}
h1{font-size:1.4rem;margin:0 0 .5rem}h2{font-size:1.15rem;margin:0}details{background:#fff;border:1px solid #e8dccb;border-radius:.9rem;padding:.75rem 1rem;margin:.6rem 0}
summary{cursor:pointer;font-weight:600}ul{padding-left:1.2rem}a{color:#1f5a5a}.tel{font-size:1.15rem;font-weight:700}
.warn{background:#fde3de;border-radius:.6rem;padding:.6rem .8rem}.muted{color:#6b5d4f;font-size:.9rem}`;

export const TRIP_KIT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(CSS).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function countrySection(c: TripKitCountry, from: string | null): string {
  const numbers = c.emergency
    .map(
      (n) =>
        `<li>${escapeHtml(n.service)} : <a class="tel" href="tel:${escapeHtml(n.number)}">${escapeHtml(n.number)}</a></li>`,
    )
    .join("");
  const help = from ? consularHelp(from, c.country) : null;
  return `<details><summary><h2>${escapeHtml(c.country)}</h2></summary>
${numbers ? `<ul>${numbers}</ul>` : ""}${c.note ? `<p class="muted">${escapeHtml(c.note)}</p>` : ""}
${
  help
    ? `<p>${escapeHtml(help.text)}${help.url ? ` <a href="${escapeHtml(help.url)}" rel="noopener noreferrer">${escapeHtml(help.url)}</a>` : ""}</p>`
    : ""
}</details>`;
}

/** `from`: the member's country of residence (for the consulates), null when unknown. */
export function tripKitPage(from: string | null): string {
  const advice = FIRST_MEETING_ADVICE.map((a) => `<li>${escapeHtml(a)}</li>`).join("");
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Kit de voyage – Passerelle</title><style>${CSS}</style></head>
<body><main><p class="brand">Passerelle</p><h1>Kit de voyage</h1>
<p>Gardé sur cet appareil : il s’ouvre même sans connexion, une fois ouvert ici.</p>
<p class="warn">${escapeHtml(TRIP_KIT_DISCLAIMER)}</p>
<h2>Numéros d’urgence par pays</h2>
${TRIP_KIT_COUNTRIES.map((c) => countrySection(c, from)).join("\n")}
<h2>Pour un premier rendez-vous</h2><ul>${advice}</ul>
<p class="muted">Numéros vérifiés le ${escapeHtml(frenchLongDate(new Date(`${VERIFIED_ON}T12:00:00Z`)))} : en cas de doute, vérifiez-les sur place.</p>
<p><a href="/profile">Retour à Passerelle</a></p></main></body></html>`;
}
