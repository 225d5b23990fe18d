// The day's cast, set up before the day starts and never counted: the member is the demo data's
// subscribed member (Awa, demo@passerelle.example), who signs in on the phone; her partner is a
// member this script creates through the API (sign-up, the e-mailed confirmation link, a profile, a
// fixed photo, a demo payment), matched with her (each likes the other). The partner acts through
// the API from another cookie, straight on the app's port (her phone is not this one): only what
// reaches the member's phone crosses the counting proxy.
import { randomUUID } from "node:crypto";
import { BufferSource, Input, WEBM } from "mediabunny";
import sharp from "sharp";
import { encodePeaks, VOICE_PEAKS } from "../../domain/voice.ts";
import { linkIn, waitForMail } from "../../server/test/mail.ts";
import { repeatedWebm } from "../../server/test/voice.ts";

export interface DayPartner {
  firstName: string;
  /** As the app names a member: « Koffi M. ». */
  displayName: string;
  userId: string;
  cookie: string;
  matchId: string;
}

export interface DayCast {
  /** The member whose phone is measured. */
  member: { email: string; password: string };
  partner: DayPartner;
  /** Where the partner's requests go: the app's own port (not through the counting proxy). */
  api: string;
  /** The app's public origin (PUBLIC_BASE_URL): the Origin its same-origin check expects. */
  origin: string;
  /** The voice message the partner sends (Opus in WebM, the same bytes every run) and its length. */
  voice: { bytes: Uint8Array; durationMs: number; peaks: string };
}

/** The demo data's subscribed member (scripts/seed/accounts.ts, whose imports are the server's). */
const DEMO_MEMBER = { email: "demo@passerelle.example", password: "Passerelle2026!" };
const PARTNER = { firstName: "Koffi", lastName: "Mensah", password: "un mot de passe solide du banc" };
/** A voice message of about 15 s (the beep fixture's packets five times): a typical length. */
const VOICE_REPEATS = 5;

/** The Cookie header value for what a response sets. */
function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}

/**
 * A portrait-sized JPEG drawn from shapes and gradients: the same bytes on every run (no noise),
 * about the weight of a phone photo once the app has resized it.
 */
export async function partnerPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f3c98b"/><stop offset="1" stop-color="#c0603a"/>
      </linearGradient>
      <radialGradient id="skin" cx="0.45" cy="0.4" r="0.6">
        <stop offset="0" stop-color="#8a5a3c"/><stop offset="1" stop-color="#4a2c1c"/>
      </radialGradient>
    </defs>
    <rect width="1200" height="1500" fill="url(#sky)"/>
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 137) % 1200}" cy="${(i * 89) % 700}" r="${20 + (i % 7) * 9}" fill="#fff" opacity="0.${(i % 5) + 1}"/>`).join("")}
    <ellipse cx="600" cy="1450" rx="520" ry="420" fill="#1f4e5a"/>
    <rect x="530" y="820" width="140" height="200" fill="#4a2c1c"/>
    <ellipse cx="600" cy="640" rx="230" ry="290" fill="url(#skin)"/>
    <ellipse cx="520" cy="600" rx="30" ry="18" fill="#1b0f08"/><ellipse cx="680" cy="600" rx="30" ry="18" fill="#1b0f08"/>
    <path d="M520 760 Q600 810 680 760" stroke="#2a140a" stroke-width="14" fill="none"/>
    <path d="M370 560 Q600 250 830 560 Q800 380 600 360 Q400 380 370 560" fill="#120a06"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

async function voiceMessage(): Promise<DayCast["voice"]> {
  const bytes = await repeatedWebm(VOICE_REPEATS);
  const input = new Input({ formats: [WEBM], source: new BufferSource(bytes) });
  const durationMs = Math.round((await input.computeDuration()) * 1000);
  input.dispose();
  // A calm waveform: the same every run.
  const peaks = encodePeaks(Array.from({ length: VOICE_PEAKS }, (_, i) => 8 + ((i * 7) % 17)));
  return { bytes, durationMs, peaks };
}

/**
 * Creates the partner and the match on the app at `api` (whose outbox is in `dataDir`), `origin`
 * being its PUBLIC_BASE_URL. Each run makes a new partner: run it on a fresh database (the demo data)
 * for the same bytes every time.
 */
export async function prepareCast(opts: { api: string; origin: string; dataDir: string }): Promise<DayCast> {
  const { api, origin } = opts;
  const call = async (path: string, init: RequestInit & { cookie?: string }, expect = 300) => {
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
    if (init.cookie) headers.set("cookie", init.cookie);
    const res = await fetch(`${api}${path}`, { ...init, headers, redirect: "manual" });
    if (res.status >= expect)
      throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });
  const post = (path: string, body: unknown, cookie?: string) => {
    const { "content-type": type, body: text } = json(body);
    return call(path, { method: "POST", headers: { "content-type": type }, body: text, cookie });
  };

  // The partner signs up; the e-mailed link (to the public origin) is opened on the app's port.
  const email = `koffi-${randomUUID().slice(0, 8)}@banc.example`;
  const signUp = await post("/api/auth/sign-up/email", {
    email,
    password: PARTNER.password,
    name: "",
    ageConfirmed: true,
    termsAccepted: true,
  });
  const { user } = (await signUp.json()) as { user: { id: string } };
  const link = new URL(linkIn((await waitForMail(opts.dataDir, email, "Confirmez")).text));
  const confirmed = await call(`${link.pathname}${link.search}`, { method: "GET" }, 400);
  const cookie = cookieOf(confirmed);
  if (!cookie) throw new Error("partner: the confirmation link opened no session");
  await call("/api/profile", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    cookie,
    body: JSON.stringify({
      firstName: PARTNER.firstName,
      lastName: PARTNER.lastName,
      gender: "male",
      lookingFor: "Une relation sérieuse",
      birthDate: "1989-03-02",
      country: "France",
      city: "",
      phoneNumber: "",
      bio: "",
      occupation: "",
      education: "",
      languages: ["Français"],
      interests: ["Voyages", "Musique"],
    }),
  });
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await partnerPhoto())], { type: "image/jpeg" }), "portrait.jpg");
  await call("/api/profile/photos", { method: "POST", body: form, cookie });
  const checkout = (await (await post("/api/subscription/checkout", { plan: "1-mois" }, cookie)).json()) as {
    id: string;
  };
  await post(`/api/subscription/checkouts/${checkout.id}/confirm-demo`, { outcome: "paid" }, cookie);

  // The member, signed in through the API (a session of its own: the phone signs in itself later).
  const memberCookie = cookieOf(await post("/api/auth/sign-in/email", DEMO_MEMBER));
  const { userId: memberId } = (await (
    await call("/api/profile", { method: "GET", cookie: memberCookie })
  ).json()) as {
    userId: string;
  };
  await post("/api/likes", { likedId: memberId, type: "like" }, cookie);
  const liked = (await (
    await post("/api/likes", { likedId: user.id, type: "like" }, memberCookie)
  ).json()) as {
    matchId: string | null;
  };
  if (!liked.matchId) throw new Error("partner: no match after both likes");

  return {
    member: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
    partner: {
      firstName: PARTNER.firstName,
      displayName: `${PARTNER.firstName} ${PARTNER.lastName[0]}.`,
      userId: user.id,
      cookie,
      matchId: liked.matchId,
    },
    api,
    origin,
    voice: await voiceMessage(),
  };
}

/** The partner sends a text message (201), straight to the app. */
export async function partnerSays(cast: DayCast, content: string): Promise<void> {
  const res = await fetch(`${cast.api}/api/matches/${cast.partner.matchId}/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: cast.origin,
      cookie: cast.partner.cookie,
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({ content }),
  });
  if (res.status !== 201) throw new Error(`partner message: ${res.status} ${await res.text()}`);
}

/** The partner sends the voice message (201); returns its id. */
export async function partnerSpeaks(cast: DayCast): Promise<string> {
  const { bytes, durationMs, peaks } = cast.voice;
  const res = await fetch(
    `${cast.api}/api/matches/${cast.partner.matchId}/voice-messages?durationMs=${durationMs}&peaks=${peaks}`,
    {
      method: "POST",
      headers: {
        "content-type": "audio/webm",
        origin: cast.origin,
        cookie: cast.partner.cookie,
        "idempotency-key": randomUUID(),
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    },
  );
  if (res.status !== 201) throw new Error(`partner voice message: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
