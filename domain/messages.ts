// French user-facing messages with stable error codes. Strings quoted from SPEC are kept verbatim.

export const MSG = {
  // SPEC §5
  PHOTO_NOT_IMAGE: "Le fichier doit être une image",
  PHOTO_TOO_LARGE: "La taille du fichier ne doit pas dépasser 2MB",
  INVALID_FILE_PATH: "Invalid file path",
  PROFILE_NOT_FOUND: "Profil utilisateur non trouvé",
  // SPEC §8
  GENERIC: "Une erreur est survenue",
  SIGN_OUT_FAILED: "Erreur lors de la déconnexion",
  // Product additions
  PHOTO_FORMAT_UNSUPPORTED: "Format d'image non pris en charge : utilisez JPEG, PNG ou WebP",
  PHOTO_UNREADABLE: "Le fichier doit être une image",
  PHOTO_LIMIT: "Vous pouvez publier 6 photos au maximum",
  PHOTO_NOT_FOUND: "Photo introuvable",
  PHOTO_MISSING: "Aucun fichier reçu",
  UNAUTHENTICATED: "Veuillez vous connecter pour continuer",
  FORBIDDEN: "Vous n'avez pas accès à cette ressource",
  NOT_FOUND: "Ressource introuvable",
  VALIDATION: "Certaines informations sont invalides",
  INVALID_JSON: "Le corps de la requête n'est pas un JSON valide",
  BODY_TOO_LARGE: "La requête est trop volumineuse",
  RATE_LIMITED: "Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.",
  INVALID_CREDENTIALS: "Adresse e-mail ou mot de passe incorrect",
  EMAIL_TAKEN: "Impossible de créer un compte avec cette adresse e-mail",
  AGE_NOT_CONFIRMED: "Vous devez confirmer avoir 18 ans ou plus",
  TERMS_NOT_ACCEPTED: "Vous devez accepter les conditions d'utilisation",
  PASSWORD_TOO_SHORT: "Le mot de passe doit contenir au moins 8 caractères",
  PASSWORD_TOO_LONG: "Le mot de passe ne doit pas dépasser 128 caractères",
  EMAIL_INVALID: "Adresse e-mail invalide",
  WRONG_PASSWORD: "Mot de passe actuel incorrect",
  RESET_TOKEN_INVALID: "Ce lien de réinitialisation est invalide ou a expiré",
  SAME_EMAIL: "La nouvelle adresse est identique à l'actuelle",
  SERVICE_UNAVAILABLE: "Le service est momentanément indisponible. Veuillez réessayer.",
  INVALID_CHARACTERS: "Votre saisie contient un caractère non autorisé",
  MEMBER_NOT_FOUND: "Ce profil n'est pas disponible",
  MATCH_NOT_FOUND: "Ce match n'existe pas ou n'est plus disponible",
  PROFILE_INCOMPLETE: "Complétez votre profil (prénom et genre) pour découvrir d'autres membres",
  SELF_ACTION: "Cette action n'est pas possible sur votre propre profil",
} as const;

export type MessageKey = keyof typeof MSG;

/** Stable error codes returned by the API in `{ error: { code, message } }`. */
export type ErrorCode =
  | "VALIDATION_ERROR"
  | "INVALID_JSON"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "PROFILE_NOT_FOUND"
  | "PROFILE_INCOMPLETE"
  | "MEMBER_NOT_FOUND"
  | "MATCH_NOT_FOUND"
  | "SELF_ACTION"
  | "CONVERSATION_CLOSED"
  | "MESSAGE_RATE_LIMITED"
  | "NEW_CONVERSATIONS_LIMITED"
  | "SUBSCRIPTION_REQUIRED"
  | "UNKNOWN_PLAN"
  | "PAYMENTS_UNAVAILABLE"
  | "CHECKOUT_NOT_FOUND"
  | "INVALID_SIGNATURE"
  | "INVALID_CREDENTIALS"
  | "WRONG_PASSWORD"
  | "CSRF_REJECTED"
  | "PHOTO_NOT_IMAGE"
  | "PHOTO_TOO_LARGE"
  | "PHOTO_FORMAT_UNSUPPORTED"
  | "PHOTO_LIMIT"
  | "PHOTO_NOT_FOUND"
  | "PHOTO_MISSING"
  | "INVALID_FILE_PATH"
  | "BODY_TOO_LARGE"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INVALID_CHARACTERS"
  | "INTERNAL_ERROR";

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string> };
}
