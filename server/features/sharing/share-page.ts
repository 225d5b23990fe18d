// The page a shared link opens (issue 40), for someone without an account, often on a phone far
// away: one small HTML document made here — no script, no font, styles inline under a hashed CSP —
// with the match's card, what the member chose to add, and, on a family link, a form for a private
// word. Under SHARE.PAGE_BUDGET_BYTES with its photos (the 400-pixel renditions, a few KB each).
import { createHash } from "node:crypto";
import { ageOn, todayIso } from "@domain/age.ts";
import { zoneTime } from "@domain/french.ts";
import { renditionPath } from "@domain/photo-renditions.ts";
import { SHARE_MSG, SHARE_PATH } from "@domain/sharing.ts";
import { escapeHtml } from "../../platform/email/html.ts";
import type { PublicRow } from "../members/index.ts";
import type { OpenedShare } from "./sharing.service.ts";

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#2b2118;background:#faf6f0}
main{max-width:34rem;margin:0 auto;padding:1.25rem}.brand{font-weight:700;color:#a4471f;margin:0 0 .75rem}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 1rem}h2{font-size:1.2rem;margin:.75rem 0 .25rem}
.card{background:#fff;border:1px solid #e8dccb;border-radius:1rem;padding:1rem;margin-bottom:1rem}
.photos{display:flex;gap:.5rem;overflow-x:auto}.photos img{width:9rem;height:9rem;object-fit:cover;border-radius:.75rem;background:#eadfce}
.badges{display:flex;flex-wrap:wrap;gap:.4rem;padding:0;margin:.5rem 0;list-style:none}
.badges li{background:#e7f2ea;color:#1f5a33;border-radius:99px;padding:.1rem .6rem;font-size:.875rem}
dl{margin:0}dt{font-weight:600;margin-top:.6rem}dd{margin:0}.muted{color:#6b5d4f;font-size:.9rem}
label{display:block;font-weight:600;margin-bottom:.4rem}textarea{width:100%;min-height:7rem;font:inherit;padding:.6rem;border:1px solid #c9b9a4;border-radius:.6rem}
button{margin-top:.6rem;font:inherit;font-weight:600;color:#fff;background:#a4471f;border:0;border-radius:.6rem;padding:.6rem 1rem}
.note{background:#fff4d6;border-radius:.6rem;padding:.6rem .8rem}.error{background:#fde3de;border-radius:.6rem;padding:.6rem .8rem}`;

/** The page's Content-Security-Policy: nothing runs, nothing loads but the photos and this style. */
export function sharePageCsp(photoOrigin: string | null): string {
  const style = createHash("sha256").update(CSS).digest("base64");
  return [
    "default-src 'none'",
    ["img-src", "'self'", photoOrigin].filter(Boolean).join(" "),
    `style-src 'sha256-${style}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function document(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body><main><p class="brand">Passerelle</p>${body}</main></body></html>`;
}

/** A link that does not open: the same words whatever the reason (nothing to learn from it). */
export function goneSharePage(): string {
  return document(
    "Lien non valide – Passerelle",
    `<h1>${escapeHtml(SHARE_MSG.GONE)}</h1><p>${escapeHtml(SHARE_MSG.GONE_HINT)}</p>`,
  );
}

const days = (since: string) => Math.max(0, Math.floor((Date.now() - Date.parse(since)) / 86_400_000));

function talking(since: string): string {
  const n = days(since);
  if (n === 0) return "Ils ont commencé à se parler sur Passerelle aujourd’hui.";
  return `Ils se parlent sur Passerelle depuis ${n === 1 ? "1 jour" : `${n} jours`}.`;
}

function when(at: string, timeZone: string | null): string {
  const zone = timeZone ?? "Europe/Paris";
  const date = new Intl.DateTimeFormat("fr-FR", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: zone,
  }).format(new Date(at));
  const time = new Intl.DateTimeFormat("fr-FR", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(at));
  return `${date.replace(/ 1 /, " 1er ")} à ${time.replace(":", " h ")} (${zoneTime(zone)})`;
}

export interface SharePageInput {
  share: OpenedShare;
  member: PublicRow;
  /** A photo key's URL (storage.publicUrl), and whether its renditions are made. */
  photoUrl: (key: string) => string;
  renditions: ReadonlySet<string>;
  renditionBase: (key: string) => string;
  thumbUrl: (key: string) => string;
  /** Set when the member's photos are blurred for the member who shares: each photo's blurred URL. */
  blurredUrl?: ((key: string) => string) | undefined;
  /** After a relative's word: « sent » or the French error. */
  wordStatus?: { sent: true } | { error: string };
  token: string;
}

function photo(input: SharePageInput, key: string, name: string): string {
  const alt = `Photo de ${name}`;
  // Blurred for the member who shares (issue 40): blurred for whoever she shares with.
  if (input.blurredUrl)
    return `<img src="${escapeHtml(input.blurredUrl(key))}" alt="${escapeHtml(`${alt} (floutée)`)}" width="144" height="144">`;
  if (!input.renditions.has(key))
    return `<img src="${escapeHtml(input.thumbUrl(key))}" alt="${escapeHtml(alt)}" width="144" height="144">`;
  const base = input.renditionBase(key);
  const at = (format: "avif" | "webp", w: number) => input.photoUrl(renditionPath(base, "thumb", w, format));
  return `<picture><source type="image/avif" srcset="${escapeHtml(at("avif", 400))}"><img src="${escapeHtml(
    at("webp", 400),
  )}" alt="${escapeHtml(alt)}" width="144" height="144"></picture>`;
}

export function sharePage(input: SharePageInput): string {
  const { share, member } = input;
  const name = member.firstName;
  const age = ageOn(member.birthDate, todayIso());
  const owner = share.ownerName;
  const title =
    share.kind === "date"
      ? `${owner} vous confie son rendez-vous avec ${name}`
      : `${owner} vous présente ${name}`;
  const place = [member.city, member.country].filter(Boolean).join(", ");
  const badges = [
    member.profileVerified ? "Profil vérifié (selfie)" : "",
    member.seenOnCall ? "Vu(e) en appel vidéo" : "",
    member.verified ? "Adresse e-mail confirmée" : "",
  ].filter(Boolean);
  const card = `<section class="card" aria-label="${escapeHtml(`Carte de ${name}`)}">
<div class="photos">${member.photos
    .slice(0, 3)
    .map((k) => photo(input, k, name))
    .join("")}</div>
<h2>${escapeHtml(name)}, ${age} ans</h2>
${place ? `<p>Vit à ${escapeHtml(place)}${member.originCountry && member.originCountry !== member.country ? ` · originaire de ${escapeHtml(member.originCountry)}` : ""}</p>` : ""}
${badges.length > 0 ? `<ul class="badges">${badges.map((b) => `<li>${escapeHtml(b)}</li>`).join("")}</ul>` : `<p class="muted">Profil pas encore vérifié.</p>`}
<p>${escapeHtml(talking(share.talkingSince))}</p></section>`;
  const details =
    share.kind === "date"
      ? `<section class="card"><h2>Le rendez-vous</h2><dl>
${share.meetsAt ? `<dt>Date et heure</dt><dd>${escapeHtml(when(share.meetsAt, share.timeZone))}</dd>` : ""}
${share.place ? `<dt>Lieu</dt><dd>${escapeHtml(share.place)}</dd>` : ""}
${share.travel ? `<dt>Voyage et hébergement</dt><dd>${escapeHtml(share.travel)}</dd>` : ""}
${!share.meetsAt && !share.place && !share.travel ? `<dd>${escapeHtml(owner)} n’a pas encore précisé la date ni le lieu.</dd>` : ""}
</dl></section>`
      : familyForm(input);
  return document(
    `${title} – Passerelle`,
    `<h1>${escapeHtml(title)}</h1>${card}${details}
<p class="muted">Ce lien est personnel : ne le publiez pas. ${escapeHtml(owner)} peut le retirer à tout moment, et il expire le ${escapeHtml(
      new Intl.DateTimeFormat("fr-FR", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Europe/Paris",
      })
        .format(new Date(share.expiresAt))
        .replace(/^1 /, "1er "),
    )}.</p>
<p class="muted">Passerelle n’est pas un service d’urgence. En cas de danger, appelez les secours du pays (112 en Europe).</p>`,
  );
}

function familyForm(input: SharePageInput): string {
  const { share, wordStatus } = input;
  const owner = share.ownerName;
  const status =
    wordStatus && "sent" in wordStatus
      ? `<p class="note" role="status">${escapeHtml(SHARE_MSG.WORD_THANKS)}</p>`
      : wordStatus
        ? `<p class="error" role="alert">${escapeHtml(wordStatus.error)}</p>`
        : "";
  return `<section class="card"><h2>Un mot pour ${escapeHtml(owner)}</h2>${status}
<form method="post" action="${SHARE_PATH}/${escapeHtml(input.token)}/mot">
<label for="mot">Votre avis ou vos conseils, que personne d’autre que ${escapeHtml(owner)} ne lira</label>
<textarea id="mot" name="mot" maxlength="1000" required></textarea>
<button type="submit">Envoyer mon mot</button></form></section>`;
}
