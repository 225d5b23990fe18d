// Calls inside a match (issue 38): voice and video between the two members of an accepted match who
// both allow them, relayed through our TURN server (coturn), with a live identity check during a
// member's first video call. Shared by the API and the web app. docs/decisions/0052-calls.md says why.

export const CALL_OUTCOMES = [
  "missed",
  "declined",
  "cancelled",
  "ended",
  "failed",
  "ended_by_safety",
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL = {
  /** A call rings this long, then it is missed (the caller's page gives up too). */
  RING_SECONDS: 30,
  /** Calls a member may start per rolling hour. */
  STARTS_PER_HOUR: 10,
  /** After this many calls in a row the other member did not answer, no new one until they write or call back. */
  UNANSWERED_IN_A_ROW: 3,
  /** Each page in a call says it is still there this often… */
  HEARTBEAT_SECONDS: 15,
  /** …and a call one of whose pages has been silent this long has ended (a closed tab, a lost phone). */
  STALE_SECONDS: 45,
  /** TURN credentials' life: they only gate the start of a relay (docs/research/issue-38-calls.md §2). */
  TURN_TTL_SECONDS: 300,
  /** ICE candidates one POST may carry, and POSTs of candidates per member and minute. */
  ICE_BATCH: 20,
  ICE_POSTS_PER_MINUTE: 120,
  /** A session description is a few kB (5.4 kB for audio and video in Chromium); more is refused. */
  SDP_MAX_BYTES: 20_000,
} as const;

/** What the camera sends by default: small, for mobile networks (bench/calls.ts measures the bytes). */
export const CALL_VIDEO = {
  WIDTH: 320,
  HEIGHT: 240,
  FRAME_RATE: 15,
  /** The encoder's cap, bits per second: 320×240 at 15 frames/s needs no more (bench/calls.ts). */
  MAX_BITRATE: 150_000,
  /** Video stops by itself when the estimated outgoing bandwidth stays under this… */
  FLOOR_BPS: 120_000,
  /** …for this many one-second samples in a row (not before real traffic has been measured). */
  FLOOR_SAMPLES: 5,
  /** Chromium's first estimate is a default, not a measurement: samples before this are ignored. */
  WARMUP_SECONDS: 5,
} as const;

/** What a video call sends: the standard profile, or the economy mode's (issue 39). */
export interface CallVideoProfile {
  WIDTH: number;
  HEIGHT: number;
  FRAME_RATE: number;
  MAX_BITRATE: number;
  FLOOR_BPS: number;
}

/**
 * « Mode économie de données » (issue 39): 160×120 at 10 frames/s, capped at 60 kbit/s — a face
 * still recognisable, at about 40 % of the standard call's data. Its floor is lowered with the cap,
 * so that the pause rule still means « too weak for this », not « weaker than the standard call ».
 */
export const CALL_VIDEO_ECONOMY: CallVideoProfile = {
  WIDTH: 160,
  HEIGHT: 120,
  FRAME_RATE: 10,
  MAX_BITRATE: 60_000,
  FLOOR_BPS: 48_000,
};

/** The live identity check (issue 38 §4): frames of the member's own camera, compared with their verified face. */
export const LIVE_CHECK = {
  /** Frames sent, and the time between them. */
  FRAMES: 3,
  FRAME_INTERVAL_MS: 400,
  /** Each frame at most this many bytes (320×240 JPEG: 8–12 kB). */
  MAX_FRAME_BYTES: 100_000,
  /** Attempts per member and rolling day (a check the models could not read can be tried again). */
  ATTEMPTS_PER_DAY: 3,
  /** The gesture asked: the other member sees it made live; the server compares the face. */
  GESTURE: "Tournez légèrement la tête, puis regardez la caméra",
} as const;

export type LiveCheckResult = "seen" | "mismatch" | "unclear";

export const CALL_MSG = {
  NOT_FOUND: "Cet appel n’existe pas ou n’est plus disponible",
  UNAVAILABLE: "Les appels ne sont pas disponibles pour le moment",
  NOT_ALLOWED_MINE: "Activez les appels dans cette conversation pour appeler",
  NOT_ALLOWED_THEIRS: (firstName: string) =>
    `${firstName || "Ce membre"} n’accepte pas les appels dans cette conversation pour le moment`,
  NOT_ALLOWED: "Vous ne pouvez pas appeler ce membre",
  BUSY: "Ce membre est déjà en appel. Réessayez dans quelques minutes.",
  YOU_ARE_BUSY: "Vous êtes déjà en appel",
  CROSSED: "Ce membre vous appelle en ce moment",
  TOO_MANY: "Vous avez passé beaucoup d’appels cette heure-ci. Réessayez plus tard.",
  UNANSWERED:
    "Vos derniers appels sont restés sans réponse : attendez que ce membre vous écrive ou vous rappelle.",
  NOT_RINGING: "Cet appel ne sonne plus",
  ALREADY_ANSWERED: "Cet appel a déjà été pris sur un autre appareil",
  ENDED: "Cet appel est terminé",
  SDP_INVALID: "La description de l’appel est invalide",
  ICE_INVALID: "Les informations de connexion de l’appel sont invalides",
  ICE_TOO_FAST: "Trop d’informations de connexion envoyées. Patientez un instant.",
  LIVE_CHECK_NOT_VIDEO: "Le contrôle en appel se fait pendant un appel vidéo",
  LIVE_CHECK_NOT_VERIFIED:
    "Vérifiez d’abord votre profil par selfie : le contrôle en appel compare votre visage à celui-ci",
  LIVE_CHECK_DONE: "Votre profil porte déjà le badge «\u00a0Vu(e) en appel\u00a0»",
  LIVE_CHECK_FRAMES: `Envoyez ${LIVE_CHECK.FRAMES} images de votre caméra (JPEG, PNG ou WebP)`,
  LIVE_CHECK_TOO_MANY: "Vous avez fait plusieurs contrôles aujourd’hui. Réessayez demain.",
  LIVE_CHECK_UNAVAILABLE: "Le contrôle en appel est momentanément indisponible. Réessayez plus tard.",
} as const;

/** The badge a live check gives, on profiles and cards. */
export const SEEN_ON_CALL_LABEL = "Vu(e) en appel";

/** How long a call lasted, as the conversation says it: « 42 s », « 3 min », « 1 h 05 ». */
export function callDurationLabel(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}\u00a0s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}\u00a0min`;
  return `${Math.floor(minutes / 60)}\u00a0h\u00a0${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * A call's entry in the conversation, as one member sees it. The caller is never told that a call
 * was declined: it reads as unanswered, as a call nobody took (the callee's privacy).
 */
export function callEntryLabel(
  call: { outcome: CallOutcome; video: boolean; durationMs: number | null },
  mine: boolean,
): string {
  const kind = call.video ? "Appel vidéo" : "Appel vocal";
  switch (call.outcome) {
    case "ended":
    case "ended_by_safety":
      return call.durationMs ? `${kind} · ${callDurationLabel(call.durationMs)}` : kind;
    case "failed":
      return `${kind} interrompu`;
    case "declined":
      return mine ? `${kind} sans réponse` : `${kind} refusé`;
    case "missed":
    case "cancelled":
      return mine ? `${kind} sans réponse` : `${kind} manqué`;
  }
}
