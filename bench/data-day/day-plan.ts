// What a member's day on one phone is (day.ts runs it): its steps, the phone, the texts she and her
// partner write, how much of each she does, and what the day reports.
import type { BrowserContextOptions, Page } from "playwright-core";
import type { ByteMeter, Exchange } from "./meter.ts";
import type { DayCast } from "./partner.ts";

export const STEPS = [
  {
    id: "first-visit",
    label: "first visit: « / », cold, until the network is quiet (service worker's precache included)",
  },
  { id: "sign-in", label: "session 1: « /login », sign-in, lands on « /profile »" },
  { id: "search", label: "session 1: « /search », scrolled until 20 cards have been shown" },
  { id: "profiles", label: "session 1: 3 full profiles (photo galleries), 2 likes" },
  { id: "conversation", label: "session 2: « /messages », opens the conversation" },
  { id: "text-messages", label: "session 2: 40 text messages (20 sent, 20 received)" },
  {
    id: "voice-messages",
    label: "session 3: « /messages », the conversation, 5 voice messages received and played",
  },
  { id: "matches", label: "session 3: the matches page" },
] as const;

export type StepId = (typeof STEPS)[number]["id"];

/**
 * The phone: an entry-level Android phone's screen (360 × 740 CSS pixels, 2 device pixels per CSS
 * pixel), touch, French, in Dakar.
 */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: "fr-FR",
  timezoneId: "Africa/Dakar",
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; SM-A025F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
};

/**
 * Chromium's flags for the phone: its network estimate says 3G, as the member's connection is
 * (on loopback it would say 4G). The browser reads it for how far ahead lazy images load, and the
 * page can read it (navigator.connection.effectiveType).
 */
export const PHONE_NETWORK_FLAGS = (connection = "3G") => [`--force-effective-connection-type=${connection}`];

/** The member's messages and the partner's answers: the same texts, hence the same bytes, every run. */
export const MEMBER_LINES = [
  "Bonjour Koffi ! Merci pour le match, j’ai aimé votre profil.",
  "Je vis à Dakar, je suis architecte. Et vous ?",
  "Oh, Lyon ! J’y suis allée une fois pour un salon, une très belle ville.",
  "Oui, surtout le vieux Lyon et les traboules.",
  "J’aime beaucoup cuisiner, surtout le thiéboudienne de ma grand-mère.",
  "Avec plaisir, si un jour vous venez à Dakar !",
  "Je danse aussi, le sabar surtout. Vous dansez ?",
  "Ce n’est jamais trop tard pour apprendre.",
  "Quels sont vos projets pour les vacances ?",
  "Le Sénégal en décembre, c’est une excellente idée : il fait doux.",
  "Je vous conseillerai les plus belles plages de la Petite-Côte.",
  "Et la Casamance, bien sûr, c’est magnifique.",
  "Qu’est-ce que vous cherchez sur Passerelle ?",
  "Moi aussi, une relation sérieuse, avec quelqu’un de curieux.",
  "La confiance et l’humour, ce sont les plus importants pour moi.",
  "Vous avez des frères et sœurs ?",
  "Nous sommes cinq à la maison, toujours beaucoup de bruit !",
  "Je dois y aller, une réunion de chantier m’attend.",
  "On se reparle ce soir ?",
  "Parfait, bonne journée Koffi !",
];
export const PARTNER_LINES = [
  "Bonjour Awa ! Le plaisir est pour moi. Comment allez-vous ?",
  "Je suis ingénieur à Lyon, dans les transports en commun.",
  "Merci ! Vous avez vu le vieux Lyon ?",
  "C’est mon quartier préféré. Vous aimez cuisiner ?",
  "Je ne connais pas, il faudra que je goûte un jour !",
  "Ce serait un rêve, je n’ai jamais visité l’Afrique de l’Ouest.",
  "Pas vraiment, mais j’aimerais apprendre.",
  "Vous me donnerez des cours alors !",
  "Je pensais justement au Sénégal en décembre.",
  "Vous me conseillez quelles régions ?",
  "Noté ! Et la Casamance ?",
  "Je vais préparer ce voyage avec soin alors.",
  "Une relation sérieuse, quelqu’un avec qui construire.",
  "Qu’est-ce qui compte le plus pour vous dans un couple ?",
  "Pareil pour moi, l’humour surtout.",
  "Une sœur, à Marseille. Et vous ?",
  "Cinq ! Ça doit être joyeux les jours de fête.",
  "Bon courage pour votre réunion !",
  "Avec plaisir, vers 20 h ?",
  "Bonne journée Awa, à ce soir !",
];
export const VOICE_MESSAGES = 5;
export const SEARCH_CARDS = 20;
export const PROFILES_OPENED = 3;
export const PROFILES_LIKED = 2;

/** No request under way and no byte crossing for this long: the step is over. */
export const QUIET_MS = 1_000;
/** How long a session's first step waits for Chromium's check for a new service worker. */
export const UPDATE_CHECK_TIMEOUT_MS = 15_000;

export interface StepResult {
  id: StepId;
  label: string;
  /** Bytes from the phone, and to the phone. */
  up: number;
  down: number;
  /** Of up + down: request and status lines and headers. */
  headers: number;
  requests: number;
}

export interface DayResult {
  steps: StepResult[];
  /** Every request counted, with its bytes. */
  exchanges: Exchange[];
  /** What the phone's browser said of its connection (navigator.connection.effectiveType). */
  effectiveType: string;
}

export interface DayOptions {
  /** A new page of the phone's browser context (one context for the whole day). */
  newPage: () => Promise<Page>;
  /** The origin the phone opens: the counting proxy in front of the app. */
  base: string;
  meter: ByteMeter;
  cast: DayCast;
  /** Progress lines. */
  log?: (message: string) => void;
  /** Where to save a picture of the page when a step fails. */
  failureScreenshot?: string;
  /** How long to wait for one condition (a busy machine is slow, never wrong). */
  timeoutMs?: number;
}
