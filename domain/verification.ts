// Verified profiles (issue 16): a member proves they are the person in their photos with a short
// series of live selfies while following gestures the server chose. Shared by the API and the web app.

export const GESTURES = ["tilt-left", "tilt-right", "turn-left", "turn-right", "smile", "blink"] as const;
export type Gesture = (typeof GESTURES)[number];

/** What the member is asked to do, in the order asked. */
export const GESTURE_LABELS: Record<Gesture, string> = {
  "tilt-left": "Penchez la tête vers la gauche",
  "tilt-right": "Penchez la tête vers la droite",
  "turn-left": "Tournez la tête vers la gauche",
  "turn-right": "Tournez la tête vers la droite",
  smile: "Souriez",
  blink: "Fermez les yeux un instant",
};

export const VERIFICATION = {
  /** Gestures per challenge, drawn by the server. */
  GESTURES_PER_CHALLENGE: 2,
  /** A challenge must be answered within this many seconds of being drawn. */
  CHALLENGE_SECONDS: 180,
  /** Frames the browser sends: one before the gestures, then during them. */
  MIN_FRAMES: 3,
  MAX_FRAMES: 8,
  /** Each frame at most this many bytes (a JPEG of a 640 × 480 camera frame is ~60 kB). */
  MAX_FRAME_BYTES: 1_500_000,
  /** Attempts per member and rolling day. */
  ATTEMPTS_PER_DAY: 3,
} as const;

// The member's verification as the API sends it: described by its schemas in
// responses/verification.ts, re-exported as types only (see responses/scalars.ts).
export type { ChallengeDto, VerificationStateDto, VerificationStatus } from "./responses/verification.ts";

/** Why an attempt was refused, or why it went to an administrator. */
export const VERIFICATION_REASONS = {
  NO_FACE:
    "Votre visage n'a pas été trouvé sur toutes les images. Placez-vous face à la caméra, bien éclairé(e).",
  SEVERAL_FACES: "Une seule personne doit apparaître à l'image.",
  DIFFERENT_FACES: "Les images ne montrent pas toutes la même personne.",
  CHALLENGE_NOT_FOLLOWED:
    "Les gestes demandés n'ont pas été reconnus. Réessayez en les faisant bien visiblement.",
  NOT_LIVE:
    "Les images ne semblent pas venir d'une personne filmée en direct (photo d'un écran ou d'un tirage ?).",
  NO_PROFILE_FACE:
    "Aucune de vos photos de profil ne montre clairement un visage : ajoutez-en une avant de vérifier votre profil.",
  NO_MATCH: "Le visage filmé ne correspond pas à celui de vos photos de profil.",
  UNCERTAIN:
    "La ressemblance avec vos photos n'est pas assez nette pour une décision automatique : un membre de l'équipe va vérifier.",
} as const;
export type VerificationReason = keyof typeof VERIFICATION_REASONS;

export const VERIFICATION_MSG = {
  CONSENT_REQUIRED: "Votre accord est nécessaire avant d'utiliser la caméra",
  CHALLENGE_EXPIRED: "Le temps imparti est écoulé : recommencez la vérification",
  CHALLENGE_NOT_FOUND: "Cette vérification est introuvable ou a déjà été utilisée",
  TOO_MANY_ATTEMPTS: "Vous avez atteint le nombre d'essais pour aujourd'hui : réessayez demain",
  FRAMES_INVALID: "Les images envoyées ne sont pas valides",
  ALREADY_VERIFIED: "Votre profil est déjà vérifié",
  PENDING_REVIEW: "Votre vérification est en cours d'examen par l'équipe",
} as const;
