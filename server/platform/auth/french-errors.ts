// Better Auth answers in English; members read French. Each known error code gets a French message
// here, once, so every auth error the SPA shows is French whatever endpoint produced it.
import { type ErrorCode, MSG } from "@domain/messages.ts";
import { AppError } from "../http/errors.ts";

const FRENCH: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MSG.INVALID_CREDENTIALS,
  // Sign-in of an unknown account must read exactly like a wrong password (no enumeration).
  USER_NOT_FOUND: MSG.INVALID_CREDENTIALS,
  CREDENTIAL_ACCOUNT_NOT_FOUND: MSG.INVALID_CREDENTIALS,
  INVALID_PASSWORD: MSG.WRONG_PASSWORD,
  PASSWORD_REQUIRED: "Saisissez votre mot de passe actuel pour confirmer ce changement.",
  INVALID_EMAIL: MSG.EMAIL_INVALID,
  USER_ALREADY_EXISTS: MSG.EMAIL_TAKEN,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MSG.EMAIL_TAKEN,
  PASSWORD_TOO_SHORT: MSG.PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG: MSG.PASSWORD_TOO_LONG,
  INVALID_TOKEN: MSG.RESET_TOKEN_INVALID,
  TOKEN_EXPIRED: MSG.RESET_TOKEN_INVALID,
  SESSION_EXPIRED: "Votre session a expiré. Veuillez vous reconnecter.",
  EMAIL_NOT_VERIFIED:
    "Confirmez d’abord votre adresse e-mail : nous venons de vous renvoyer le lien de confirmation.",
  FAILED_TO_CREATE_USER: MSG.GENERIC,
  FAILED_TO_CREATE_SESSION: MSG.GENERIC,
  FAILED_TO_UPDATE_USER: MSG.GENERIC,
  VALIDATION_ERROR: MSG.VALIDATION,
  BODY_MUST_BE_AN_OBJECT: MSG.VALIDATION,
  MISSING_FIELD: MSG.VALIDATION,
  FIELD_NOT_ALLOWED: MSG.VALIDATION,
  INVALID_ORIGIN: "Origine de la requête non autorisée",
  MISSING_OR_NULL_ORIGIN: "Origine de la requête non autorisée",
  INVALID_CALLBACK_URL: "Adresse de redirection non autorisée",
  INVALID_REDIRECT_URL: "Adresse de redirection non autorisée",
  CHANGE_EMAIL_DISABLED: MSG.GENERIC,
  BANNED_USER: "Votre compte a été suspendu. Contactez-nous si vous pensez qu’il s’agit d’une erreur.",
  YOU_HAVE_BEEN_BANNED_FROM_THIS_APPLICATION:
    "Votre compte a été suspendu. Contactez-nous si vous pensez qu’il s’agit d’une erreur.",
  INVALID_CODE: "Code de vérification incorrect",
  INVALID_TWO_FACTOR_COOKIE: "La vérification a expiré. Reconnectez-vous.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Trop de tentatives. Reconnectez-vous pour recevoir un nouveau code.",
  TOTP_NOT_ENABLED: "La double authentification n’est pas activée",
  TWO_FACTOR_NOT_ENABLED: "La double authentification n’est pas activée",
  TOTP_CODE_REUSED:
    "Ce code a déjà été utilisé. Attendez le code suivant dans votre application d’authentification.",
  INVALID_BACKUP_CODE: "Code de secours incorrect",
  AGE_NOT_CONFIRMED: MSG.AGE_NOT_CONFIRMED,
  ADMIN_TOTP_REQUIRED: MSG.ADMIN_TOTP_REQUIRED,
  ADMIN_TRUST_DEVICE_REFUSED:
    "Un administrateur confirme chaque connexion avec son code : cet appareil ne peut pas être mémorisé.",
  ACCOUNT_NAME_INVALID: MSG.ACCOUNT_NAME_INVALID,
  TERMS_NOT_ACCEPTED: MSG.TERMS_NOT_ACCEPTED,
};

const SAME_EMAIL = "Email is the same";

/** Returns the French version of a Better Auth error body `{ code?, message? }`. */
export function frenchAuthError(
  status: number,
  body: { code?: unknown; message?: unknown },
): { code: string; message: string } {
  if (status === 429) return { code: "RATE_LIMITED", message: MSG.RATE_LIMITED };
  const code =
    typeof body.code === "string" && body.code
      ? body.code
      : status === 401
        ? "UNAUTHENTICATED"
        : "AUTH_ERROR";
  if (body.message === SAME_EMAIL) return { code: "SAME_EMAIL", message: MSG.SAME_EMAIL };
  const message = FRENCH[code] ?? (status === 401 ? MSG.UNAUTHENTICATED : MSG.GENERIC);
  return { code, message };
}

/** Rewrites an error Response from Better Auth with a French message; other responses pass through. */
export async function translateAuthResponse(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const type = res.headers.get("content-type") ?? "";
  let body: { code?: unknown; message?: unknown } = {};
  if (type.includes("application/json")) {
    try {
      body = (await res.clone().json()) as typeof body;
    } catch {
      body = {};
    }
  }
  const translated = frenchAuthError(res.status, body ?? {});
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  return new Response(JSON.stringify(translated), { status: res.status, headers });
}

/** Better Auth's codes a refusal of our own routes that call it (the admin sign-in) may carry. */
const OUR_CODES: Record<string, ErrorCode> = {
  INVALID_CODE: "INVALID_CODE",
  INVALID_BACKUP_CODE: "INVALID_CODE",
  TOTP_CODE_REUSED: "TOTP_CODE_REUSED",
  INVALID_TWO_FACTOR_COOKIE: "TWO_FACTOR_EXPIRED",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "TOO_MANY_ATTEMPTS",
  RATE_LIMITED: "RATE_LIMITED",
};

/**
 * A refusal of Better Auth, called by one of our routes, as that route's error: French message, and
 * one of the API's codes (the closed list of domain/messages.ts) rather than Better Auth's own.
 */
export async function authRefusal(res: Response): Promise<AppError> {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = ((await res.clone().json()) as typeof body) ?? {};
  } catch {
    body = {};
  }
  const { code, message } = frenchAuthError(res.status, body);
  const status = res.status === 429 ? 429 : res.status >= 500 ? 500 : res.status === 403 ? 403 : 401;
  const ours: ErrorCode = OUR_CODES[code] ?? (status === 500 ? "INTERNAL_ERROR" : "AUTH_REFUSED");
  return new AppError(status, ours, message);
}
