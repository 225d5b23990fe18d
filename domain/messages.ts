// French user-facing messages with stable error codes. Strings quoted from SPEC are kept verbatim.
import { NAME_MAX_LENGTH } from "./constants.ts";

export const MSG = {
  CURSOR_INVALID: "Le curseur de pagination est invalide",
  TOO_MANY_REPORTS: "Vous avez envoyé beaucoup de signalements aujourd’hui. Réessayez demain.",
  MESSAGE_NOT_FOUND: "Ce message est introuvable",
  // SPEC §5
  PHOTO_NOT_IMAGE: "Le fichier doit être une image",
  PHOTO_EXPLICIT:
    "Cette photo ne peut pas être publiée\u00a0: elle semble contenir de la nudité. Choisissez une photo où vous êtes habillé(e).",
  PHOTO_TOO_LARGE: "La taille du fichier ne doit pas dépasser 2MB",
  INVALID_FILE_PATH: "Invalid file path",
  PROFILE_NOT_FOUND: "Profil utilisateur non trouvé",
  // SPEC §8
  GENERIC: "Une erreur est survenue",
  SIGN_OUT_FAILED: "Erreur lors de la déconnexion",
  // Product additions
  PHOTO_FORMAT_UNSUPPORTED: "Format d’image non pris en charge : utilisez JPEG, PNG ou WebP",
  PHOTO_UNREADABLE: "Le fichier doit être une image",
  PHOTO_LIMIT: "Vous pouvez publier 6 photos au maximum",
  PHOTO_NOT_FOUND: "Photo introuvable",
  PHOTO_MISSING: "Aucun fichier reçu",
  PHOTO_ORDER_INVALID: "Chaque photo doit apparaître une seule fois dans le nouvel ordre",
  PHOTO_ORDER_MISMATCH: "Vos photos ont changé entre-temps : vérifiez la liste à jour puis réessayez",
  PHOTO_CROP_INVALID: "Le cadrage doit être un carré entièrement compris dans la photo",
  PHOTO_HEIC_UNSUPPORTED:
    "Format d’image non pris en charge : ce navigateur ne sait pas lire les photos HEIC d’iPhone. Envoyez-la depuis l’iPhone (elle sera convertie en JPEG) ou enregistrez-la en JPEG, puis réessayez",
  PHOTO_PREPARE_FAILED:
    "Impossible de préparer cette photo sur cet appareil. Essayez une autre photo ou un autre navigateur",
  UNAUTHENTICATED: "Veuillez vous connecter pour continuer",
  FORBIDDEN: "Vous n’avez pas accès à cette ressource",
  ADMIN_TOTP_REQUIRED:
    "Activez la double authentification pour accéder à l’administration : c’est obligatoire pour les administrateurs.",
  NOT_FOUND: "Ressource introuvable",
  VALIDATION: "Certaines informations sont invalides",
  INVALID_JSON: "Le corps de la requête n’est pas un JSON valide",
  BODY_TOO_LARGE: "La requête est trop volumineuse",
  RATE_LIMITED: "Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.",
  INVALID_CREDENTIALS: "Adresse e-mail ou mot de passe incorrect",
  ACCOUNT_NAME_INVALID: `Nom invalide : ${NAME_MAX_LENGTH} caractères au maximum, sans caractère de contrôle`,
  EMAIL_TAKEN: "Impossible de créer un compte avec cette adresse e-mail",
  AGE_NOT_CONFIRMED: "Vous devez confirmer avoir 18 ans ou plus",
  TERMS_NOT_ACCEPTED: "Vous devez accepter les conditions d’utilisation",
  PASSWORD_TOO_SHORT: "Le mot de passe doit contenir au moins 8 caractères",
  PASSWORD_TOO_LONG: "Le mot de passe ne doit pas dépasser 128 caractères",
  EMAIL_INVALID: "Adresse e-mail invalide",
  WRONG_PASSWORD: "Mot de passe actuel incorrect",
  RESET_TOKEN_INVALID: "Ce lien de réinitialisation est invalide ou a expiré",
  SAME_EMAIL: "La nouvelle adresse est identique à l’actuelle",
  SERVICE_UNAVAILABLE: "Le service est momentanément indisponible. Veuillez réessayer.",
  IMAGE_WORK_BUSY: "Beaucoup de photos sont en cours de traitement. Réessayez dans quelques secondes.",
  IMAGE_WORK_MEMBER_BUSY:
    "Vos photos précédentes sont encore en cours de traitement. Réessayez dans quelques secondes.",
  PHOTO_TOO_MANY_PIXELS:
    "Cette image est trop grande\u00a0: 40\u00a0mégapixels au maximum. Réduisez-la puis réessayez.",
  INVALID_CHARACTERS: "Votre saisie contient un caractère non autorisé",
  MEMBER_NOT_FOUND: "Ce profil n’est pas disponible",
  PUSH_SERVICE_REFUSED: "Ce navigateur utilise un service de notification que Passerelle ne connaît pas",
  UNSUBSCRIBE_TOKEN_INVALID: "Ce lien de désabonnement est invalide",
  MATCH_NOT_FOUND: "Ce match n’existe pas ou n’est plus disponible",
  PROFILE_INCOMPLETE: "Complétez votre profil (prénom et genre) pour découvrir d’autres membres",
  SELF_ACTION: "Cette action n’est pas possible sur votre propre profil",
  // Until the member gives their birth date, nobody can tell their age (docs/decisions/0010).
  BIRTH_DATE_UNCONFIRMED_MESSAGE:
    "Indiquez votre date de naissance dans votre profil (rubrique « Mon profil ») pour écrire aux autres membres.",
  BIRTH_DATE_UNCONFIRMED_LIKE:
    "Indiquez votre date de naissance dans votre profil (rubrique « Mon profil ») pour aimer des profils.",
} as const;

export type MessageKey = keyof typeof MSG;

/** Stable error codes the API answers with, in `{ error: { code, message } }`: a closed list. */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "ADMIN_TOTP_REQUIRED",
  "NOT_FOUND",
  "PROFILE_NOT_FOUND",
  "PROFILE_INCOMPLETE",
  "MEMBER_NOT_FOUND",
  "MATCH_NOT_FOUND",
  "SELF_ACTION",
  "BIRTH_DATE_UNCONFIRMED",
  "CONVERSATION_CLOSED",
  "RECIPIENT_VERIFIED_ONLY",
  "PRESENCE_HIDDEN",
  "MESSAGE_RATE_LIMITED",
  "NEW_CONVERSATIONS_LIMITED",
  "SUBSCRIPTION_REQUIRED",
  "UNKNOWN_PLAN",
  "PAYMENTS_UNAVAILABLE",
  "CHECKOUT_NOT_FOUND",
  "CURRENCY_UNAVAILABLE",
  "METHOD_UNAVAILABLE",
  "OPERATOR_REQUIRED",
  "PHONE_INVALID",
  "ALREADY_VERIFIED",
  "PENDING_REVIEW",
  "TOO_MANY_ATTEMPTS",
  "CHALLENGE_NOT_FOUND",
  "CHALLENGE_EXPIRED",
  "FRAMES_INVALID",
  "VERIFICATION_NOT_FOUND",
  "VERIFICATION_ALREADY_DECIDED",
  "PHOTO_REVIEW_NOT_FOUND",
  "PHOTO_REVIEW_ALREADY_DECIDED",
  "INVALID_SIGNATURE",
  "INVALID_CREDENTIALS",
  "INVALID_CODE",
  "TOTP_CODE_REUSED",
  "TWO_FACTOR_EXPIRED",
  "AUTH_REFUSED",
  "WRONG_PASSWORD",
  "CSRF_REJECTED",
  "PHOTO_NOT_IMAGE",
  "PHOTO_EXPLICIT",
  "PHOTO_TOO_LARGE",
  "PHOTO_TOO_MANY_PIXELS",
  "PHOTO_FORMAT_UNSUPPORTED",
  "PHOTO_LIMIT",
  "PHOTO_NOT_FOUND",
  "PHOTO_MISSING",
  "PHOTO_ORDER_INVALID",
  "PHOTO_ORDER_MISMATCH",
  "PHOTO_CROP_INVALID",
  "INVALID_FILE_PATH",
  "BODY_TOO_LARGE",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INVALID_CHARACTERS",
  "PUSH_SERVICE_REFUSED",
  "PUSH_SUBSCRIPTIONS_LIMIT",
  "INVALID_TOKEN",
  "INTERNAL_ERROR",
  // Issue 33: card prices in FCFA wait after a change of the country of residence.
  "LOCAL_CARD_PRICES_LATER",
  // Issue 36: Bouclier, the scam shield.
  "SHIELD_VERIFICATION_REQUIRED",
  "MESSAGE_NOT_FOUND",
  "MESSAGE_NOT_HELD",
  "APPEAL_NOT_RESTRICTED",
  "APPEAL_PENDING",
  "SHIELD_NOT_IN_QUEUE",
  // Issue 37: voice messages and the voice introduction.
  "VOICE_MISSING",
  "VOICE_TOO_LARGE",
  "VOICE_FORMAT",
  "VOICE_HAS_VIDEO",
  "VOICE_NOT_AUDIO",
  "VOICE_TRUNCATED",
  "VOICE_TOO_LONG",
  "VOICE_TOO_SHORT",
  "VOICE_BITRATE",
  "IDEMPOTENCY_KEY_REUSED",
  "VOICE_NOT_FOUND",
  // Issue 38: calls inside a match.
  "CALL_NOT_FOUND",
  "CALLS_UNAVAILABLE",
  "CALL_NOT_ALLOWED",
  "CALLS_OFF",
  "CALL_CROSSED",
  "CALL_SELF_BUSY",
  "CALL_BUSY",
  "CALL_UNANSWERED",
  "CALL_NOT_RINGING",
  "CALL_ANSWERED",
  "CALL_ENDED",
  "LIVE_CHECK_NOT_VIDEO",
  "LIVE_CHECK_NOT_VERIFIED",
  "LIVE_CHECK_DONE",
  "LIVE_CHECK_LIMITED",
  "SHARE_DATE_OUT_OF_RANGE",
  "FAMILY_LINKS_FULL",
  "SHARE_NOT_FOUND",
  "CHECK_IN_NOT_FOUND",
  "CHECK_IN_DUE_OUT_OF_RANGE",
  "CHECK_INS_FULL",
  "CHECK_IN_CLOSED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && KNOWN_CODES.has(value);
}

/**
 * Codes the web app gives to failures that are not an answer of our API: no answer at all, an upload
 * cancelled by the member, or an answer without one of our codes (Better Auth's own routes, a proxy).
 */
export type ClientErrorCode = "NETWORK_ERROR" | "ABORTED" | "UNEXPECTED_ERROR";

/** Every code an API failure can carry in the web app. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}
