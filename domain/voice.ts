// Voice messages and the voice introduction (issue 37): limits, formats and French wording shared by
// the server's checks and the recorder. Recorded as Opus in WebM at VOICE_BITS_PER_SECOND (≈ 54 KB
// per 30 s, docs/research/issue-37-voice.md); MP4 (Opus from Chromium, AAC from older Safari) is
// accepted at a low bit rate too.

/** Where voice files live: a storage of their own, never served publicly (server/platform/storage). */
export const VOICE_BUCKET = "voice";

/** What the recorder asks MediaRecorder for: Opus VBR lands at 14–16 kbit/s with the container. */
export const VOICE_BITS_PER_SECOND = 14_000;
/**
 * In « Mode économie de données » (issue 39): Opus at 8 kbit/s is still clear speech (wideband
 * down to about 8 kbit/s), at about 60 % of the standard recording's bytes.
 */
export const VOICE_ECONOMY_BITS_PER_SECOND = 8_000;
export const VOICE_MESSAGE_MAX_MS = 120_000;
export const VOICE_INTRO_MAX_MS = 30_000;
export const VOICE_MIN_MS = 1_000;
/** The duration the client declares may differ from the one read in the file by this much. */
export const VOICE_DECLARED_TOLERANCE_MS = 1_500;
/** Bit rate caps, by codec, over the whole file; plus a fixed allowance for the container's headers. */
export const VOICE_MAX_BITS_PER_SECOND = { opus: 24_000, aac: 40_000 } as const;
export const VOICE_HEADER_ALLOWANCE = 4_096;
/** The largest file a route reads: 2 minutes of AAC at its cap, with the allowance. */
export const VOICE_MAX_BYTES =
  (VOICE_MESSAGE_MAX_MS / 1000) * (VOICE_MAX_BITS_PER_SECOND.aac / 8) + VOICE_HEADER_ALLOWANCE;

/** Voice uploads a member may make per hour (each is read and checked; messages have their own limits too). */
export const VOICE_UPLOADS_PER_HOUR = 120;

/** The container types the server stores and serves. */
export const VOICE_TYPES = ["audio/webm", "audio/mp4"] as const;
export type VoiceType = (typeof VOICE_TYPES)[number];

/** Bars of the waveform sent with a recording (each 0–31): drawn without downloading the audio. */
export const VOICE_PEAKS = 48;
export const VOICE_PEAK_MAX = 31;

/** The prompts a voice introduction answers. */
export const VOICE_INTRO_PROMPTS = {
  looking_for: "Ce que je cherche ici",
  perfect_day: "Ma journée idéale",
  laugh: "Ce qui me fait rire",
  home: "D’où je viens, en quelques mots",
  why_passerelle: "Pourquoi Passerelle",
} as const;
export type VoiceIntroPrompt = keyof typeof VOICE_INTRO_PROMPTS;
export const VOICE_INTRO_PROMPT_KEYS = Object.keys(VOICE_INTRO_PROMPTS) as [
  VoiceIntroPrompt,
  ...VoiceIntroPrompt[],
];

/** 0:42, 1:05: a duration as a voice message shows it. */
export function voiceClock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** « 42 secondes », « 1 minute et 5 secondes »: a duration as a screen reader says it. */
export function voiceDurationWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const sec = `${s} seconde${s > 1 ? "s" : ""}`;
  if (m === 0) return sec;
  const min = `${m} minute${m > 1 ? "s" : ""}`;
  return s === 0 ? min : `${min} et ${sec}`;
}

/** What a notification or the conversation list says of a voice message: « Message vocal (0:42) ». */
export const voiceMessageLabel = (ms: number) => `Message vocal (${voiceClock(ms)})`;

/** The peaks as stored and sent: one character 0–9a–v per bar. */
export const PEAKS_PATTERN = new RegExp(`^[0-9a-v]{0,${VOICE_PEAKS}}$`);
export const decodePeaks = (text: string): number[] => [...text].map((c) => Number.parseInt(c, 32));
export const encodePeaks = (peaks: readonly number[]): string =>
  peaks
    .slice(0, VOICE_PEAKS)
    .map((p) => Math.max(0, Math.min(VOICE_PEAK_MAX, Math.round(p))).toString(32))
    .join("");

export const VOICE_MSG = {
  MISSING: "Aucun enregistrement reçu",
  TOO_LARGE: "Ce message vocal est trop lourd\u00a0: enregistrez-le depuis Passerelle et réessayez.",
  FORMAT:
    "Ce fichier n’est pas un enregistrement audio accepté\u00a0: envoyez un message vocal enregistré dans Passerelle (WebM ou MP4).",
  HAS_VIDEO: "Ce fichier contient une vidéo\u00a0: seuls les enregistrements audio sont acceptés.",
  NOT_AUDIO: "Ce fichier ne contient pas d’enregistrement audio lisible.",
  TRUNCATED: "L’enregistrement est incomplet\u00a0: il a sans doute été coupé pendant l’envoi. Réessayez.",
  TOO_LONG_MESSAGE: "Un message vocal dure 2\u00a0minutes au plus.",
  TOO_LONG_INTRO: "Une présentation vocale dure 30\u00a0secondes au plus.",
  TOO_SHORT: "L’enregistrement est trop court\u00a0: parlez au moins une seconde.",
  BITRATE:
    "Cet enregistrement est d’une qualité trop lourde pour Passerelle\u00a0: enregistrez-le depuis l’application.",
  DECLARED: "La durée annoncée de l’enregistrement est invalide",
  PEAKS: "La forme d’onde de l’enregistrement est invalide",
  IDEMPOTENCY_KEY: "L’identifiant d’envoi (Idempotency-Key) doit être un UUID",
  KEY_REUSED: "Cet identifiant d’envoi a déjà servi pour un autre message",
  PROMPT: "Choisissez une des questions proposées pour votre présentation vocale",
  NOT_FOUND: "Cet enregistrement est introuvable",
  INTRO_NOT_FOUND: "Ce membre n’a pas de présentation vocale",
} as const;
