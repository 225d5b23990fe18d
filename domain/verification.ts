// Verified profiles (issue 16): a member proves they are the person in their photos with a short
// series of live selfies while following gestures the server chose. Shared by the API and the web app.
import type { Gesture } from "./enums.ts";

export { GESTURES, type Gesture } from "./enums.ts";

/** What the member is asked to do, in the order asked. */
export const GESTURE_LABELS: Record<Gesture, string> = {
  "tilt-left": "Penchez la tête vers la gauche",
  "tilt-right": "Penchez la tête vers la droite",
  "turn-left": "Tournez la tête vers la gauche",
  "turn-right": "Tournez la tête vers la droite",
  smile: "Souriez",
  blink: "Fermez les yeux un instant",
};

/**
 * How the camera's frames are taken (docs/decisions/0013-verified-profiles.md): after a countdown,
 * one uninterrupted burst at a fixed cadence — the face at rest, then each gesture made and held in
 * its window. The server demands this sequence (consecutive frames, their capture times, motion
 * continuity between them) so that a few still photos cannot stand in for a live camera.
 */
export const CAPTURE = {
  /** « Regardez la caméra »: seconds counted down before the first frame. */
  LOOK_SECONDS: 3,
  /** Seconds of frames of the face at rest, before the first gesture is asked. */
  REST_SECONDS: 1,
  /** Each gesture: seconds of frames while the member makes it and holds it. */
  GESTURE_SECONDS: 3,
  /** Time between two frames. */
  FRAME_INTERVAL_MS: 250,
  /** Largest side of a frame sent: small frames (8–25 kB as JPEG) for slow networks. */
  FRAME_MAX_SIDE: 320,
} as const;

/** The frames of a capture of `gestures` gestures: every FRAME_INTERVAL_MS from the first to the last. */
export function captureFrameCount(gestures: number): number {
  const seconds = CAPTURE.REST_SECONDS + gestures * CAPTURE.GESTURE_SECONDS;
  return Math.round((seconds * 1000) / CAPTURE.FRAME_INTERVAL_MS) + 1;
}

export const VERIFICATION = {
  /** Gestures per challenge, drawn by the server. */
  GESTURES_PER_CHALLENGE: 2,
  /** A challenge must be answered within this many seconds of being drawn. */
  CHALLENGE_SECONDS: 180,
  /** A challenge still open with at least this many seconds left is given again rather than redrawn. */
  REUSE_SECONDS: 60,
  /** Frames the browser sends: the whole capture of a challenge (CAPTURE). */
  MAX_FRAMES: captureFrameCount(2),
  /** Each frame at most this many bytes (a JPEG of a 320 × 240 frame is 8–25 kB, a PNG up to 150 kB). */
  MAX_FRAME_BYTES: 200_000,
  /** Each frame's sides, in pixels: every frame of a capture is the same size. */
  FRAME_MIN_SIDE: 120,
  FRAME_MAX_SIDE: 640,
  /** Challenges drawn per member and rolling day: each draw is an attempt, answered or not. */
  ATTEMPTS_PER_DAY: 3,
} as const;

// The member's verification as the API sends it: described by its schemas in
// responses/verification.ts, re-exported as types only (see responses/scalars.ts).
export type { ChallengeDto, VerificationStateDto, VerificationStatus } from "./responses/verification.ts";

/** Why an attempt was refused, or why it went to an administrator. */
export const VERIFICATION_REASONS = {
  NO_FACE:
    "Votre visage n’a pas été trouvé sur toutes les images. Placez-vous face à la caméra, bien éclairé(e).",
  SEVERAL_FACES: "Une seule personne doit apparaître à l’image.",
  DIFFERENT_FACES: "Les images ne montrent pas toutes la même personne.",
  CHALLENGE_NOT_FOLLOWED:
    "Les gestes demandés n’ont pas été reconnus. Réessayez en les faisant bien visiblement.",
  NOT_LIVE:
    "Les images ne semblent pas venir d’une personne filmée en direct (photo d’un écran ou d’un tirage ?).",
  NO_PROFILE_FACE:
    "Aucune de vos photos de profil ne montre clairement un visage : ajoutez-en une avant de vérifier votre profil.",
  NOT_CONTINUOUS:
    "Les images ne montrent pas un mouvement continu filmé en direct. Tenez votre téléphone immobile, gardez le visage dans le cadre et faites chaque geste lentement.",
  NO_MATCH: "Le visage filmé ne correspond pas à celui de vos photos de profil.",
  CALL_MISMATCH:
    "Pendant un appel vidéo, votre visage n’a pas été reconnu comme celui de votre vérification : un membre de l’équipe va vérifier.",
  UNCERTAIN:
    "La ressemblance avec vos photos n’est pas assez nette pour une décision automatique : un membre de l’équipe va vérifier.",
} as const;
export type VerificationReason = keyof typeof VERIFICATION_REASONS;

export const VERIFICATION_MSG = {
  CONSENT_REQUIRED: "Votre accord est nécessaire avant d’utiliser la caméra",
  CHALLENGE_EXPIRED: "Le temps imparti est écoulé : recommencez la vérification",
  CHALLENGE_NOT_FOUND: "Cette vérification est introuvable ou a déjà été utilisée",
  TOO_MANY_ATTEMPTS: "Vous avez atteint le nombre d’essais pour aujourd’hui : réessayez demain",
  FRAMES_INVALID: "Les images envoyées ne sont pas valides",
  ALREADY_VERIFIED: "Votre profil est déjà vérifié",
  PENDING_REVIEW: "Votre vérification est en cours d’examen par l’équipe",
} as const;
