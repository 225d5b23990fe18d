// Bouclier (issue 36): the account signals, their weights and thresholds, the trust levels, and the
// French shown to members and administrators. Shared by the server and the web (no detector here:
// those live in ./money.ts and ./contact.ts, server-side, so the app's bundle stays light).

import { z } from "zod";
import { MESSAGE_MSG } from "../messaging.ts";

/** Signals recorded against an account; each is shown to administrators with its explanation. */
export const SHIELD_SIGNALS = [
  "money_request",
  "off_platform",
  "duplicate_text",
  "burst_likes",
  "burst_openers",
  "report",
  "face_reuse",
  "country_mismatch",
  "hosting_network",
] as const;
export type ShieldSignal = (typeof SHIELD_SIGNALS)[number];

/** What a signal means, in plain French, for the « Bouclier » queue. */
export const SHIELD_SIGNAL_LABEL: Record<ShieldSignal, string> = {
  money_request: "A demandé de l’argent ou donné des instructions de paiement dans un message",
  off_platform: "A proposé de quitter Passerelle (numéro, messagerie) au début d’une conversation",
  duplicate_text: "A envoyé le même texte, ou presque, à plusieurs membres",
  burst_likes: "A envoyé beaucoup de « J’aime » en une heure",
  burst_openers: "A commencé beaucoup de conversations en une heure",
  report: "A été signalé par un membre (le poids suit les signalements retenus de ce membre)",
  face_reuse: "Son visage ressemble à celui d’un autre compte",
  country_mismatch: "Se connecte depuis d’autres pays que son pays de résidence déclaré",
  hosting_network: "Se connecte par des réseaux d’hébergement ou de VPN",
};

/** Where an account stands: nothing, on quiet hold, released by a moderator, asked to verify. */
export const SHIELD_STATUSES = ["clear", "hold", "released", "verify"] as const;
export type ShieldStatus = (typeof SHIELD_STATUSES)[number];

export const TRUST_LEVELS = ["unconfirmed", "email", "selfie"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

const weight = z.number().min(0).max(200);
const allowance = z.number().int().min(1).max(1000);

/** The thresholds and weights administrators tune (« Bouclier » → Réglages). */
export const shieldSettingsSchema = z.strictObject({
  /** Off: messages go through as before issue 36 (the benchmark's baseline). */
  enabled: z.boolean(),
  /** Score at which an account goes on quiet hold. */
  holdThreshold: z.number().min(1).max(1000),
  /** Accounts younger than this (days) have their money requests held. */
  newAccountDays: z.number().int().min(0).max(365),
  weights: z.strictObject({
    money_request: weight,
    off_platform: weight,
    duplicate_text: weight,
    burst_likes: weight,
    burst_openers: weight,
    report: weight,
    face_reuse: weight,
    country_mismatch: weight,
    hosting_network: weight,
    /** Added while the account is younger than a week. */
    new_account: weight,
    /** Taken off once the member passed the selfie verification. */
    selfie_verified: weight,
    /** Taken off too once the member's face was seen live in a video call (« Vu(e) en appel », issue 38). */
    seen_on_call: weight,
  }),
  /** New conversations per day by trust level (never above the server's NEW_CONVERSATIONS_PER_DAY). */
  allowances: z.strictObject({ unconfirmed: allowance, email: allowance, selfie: allowance }),
  /** Bursts: likes and first messages in an hour, and recipients of one text, that count as a signal. */
  bursts: z.strictObject({
    likesPerHour: z.number().int().min(2).max(10_000),
    openersPerHour: z.number().int().min(2).max(10_000),
    duplicateRecipients: z.number().int().min(2).max(1000),
  }),
});
export type ShieldSettings = z.infer<typeof shieldSettingsSchema>;

export const DEFAULT_SHIELD_SETTINGS: ShieldSettings = {
  enabled: true,
  holdThreshold: 60,
  newAccountDays: 30,
  weights: {
    money_request: 45,
    off_platform: 10,
    duplicate_text: 25,
    burst_likes: 10,
    burst_openers: 20,
    report: 20,
    face_reuse: 40,
    country_mismatch: 10,
    hosting_network: 10,
    new_account: 15,
    selfie_verified: 30,
    seen_on_call: 20,
  },
  allowances: { unconfirmed: 5, email: 15, selfie: 30 },
  bursts: { likesPerHour: 60, openersPerHour: 10, duplicateRecipients: 3 },
};

/** The French of the shield, for members. */
export const SHIELD_MSG = {
  HELD_TITLE: "Message retenu par Passerelle",
  HELD_WARNING:
    "Cette personne vous demande de l’argent ou vous indique comment lui en envoyer. Passerelle ne vous demandera jamais d’argent, et une personne sincère non plus : ne payez rien à quelqu’un que vous n’avez pas rencontré.",
  HELD_NOTIFICATION: "Message retenu : il parle d’argent",
  MASKED_FOR_RECIPIENT:
    "Un numéro ou un identifiant de messagerie a été masqué : les coordonnées s’échangent une fois que vous êtes tous les deux vérifiés par selfie.",
  MASKED_FOR_SENDER:
    "Votre numéro ou identifiant a été masqué pour l’instant : il sera visible quand vous serez tous les deux vérifiés par selfie.",
  MONEY_REMINDER:
    "On parle d’argent dans cette conversation. Ne transférez jamais d’argent, ni de code de coupon, à quelqu’un que vous n’avez pas rencontré.",
  ALLOWANCE_REACHED: (level: TrustLevel) =>
    level === "selfie"
      ? MESSAGE_MSG.TOO_MANY_NEW
      : level === "email"
        ? "Vous avez atteint le nombre de nouvelles conversations du jour. Vérifiez votre profil par selfie pour en commencer davantage."
        : "Vous avez atteint le nombre de nouvelles conversations du jour. Confirmez votre adresse e-mail et vérifiez votre profil pour en commencer davantage.",
  VERIFICATION_REQUIRED:
    "Pour continuer à commencer des conversations, vérifiez votre profil par selfie. Si vous pensez qu’il s’agit d’une erreur, vous pouvez faire appel.",
  APPEAL_SENT: "Votre demande a bien été transmise à l’équipe de Passerelle, qui l’examinera rapidement.",
  APPEAL_TOO_SHORT: "Expliquez votre situation en quelques mots (au moins 10 caractères)",
  APPEAL_TOO_LONG: "Votre message ne doit pas dépasser 2 000 caractères",
  APPEAL_NOT_RESTRICTED: "Votre compte n’a aucune restriction : il n’y a rien à contester.",
  APPEAL_ALREADY: "Votre demande est déjà en cours d’examen.",
  MESSAGE_NOT_HELD: "Ce message n’est pas retenu",
  MESSAGE_NOT_FOUND: "Ce message n’existe pas",
  NOT_IN_QUEUE: "Ce compte n’est pas (ou plus) dans la file du Bouclier",
} as const;

/** What an administrator may decide about an account in the queue. */
export const SHIELD_DECISIONS = ["release", "require_verification", "ban"] as const;
export type ShieldDecision = (typeof SHIELD_DECISIONS)[number];
