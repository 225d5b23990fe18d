// Sign-up, sign-in and password forms, shared by the SPA and the server's sign-up guard.
import { z } from "zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.ts";
import { MSG } from "./messages.ts";
import { cleanParagraphs } from "./text.ts";

export const emailSchema = z
  .string({ error: MSG.EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .max(254, MSG.EMAIL_INVALID)
  .pipe(z.email({ error: MSG.EMAIL_INVALID }));

// No composition rules (NIST SP 800-63B): length only.
export const passwordSchema = z
  .string({ error: MSG.PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, MSG.PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, MSG.PASSWORD_TOO_LONG);

/**
 * The account's name (Better Auth's `user.name`). The app sends it empty — a member's first name
 * lives in the profile — but the endpoint is public: a name is refused past the first name's length
 * or with anything cleaning would remove (control, invisible or bidirectional characters).
 */
export const accountNameSchema = z
  .string({ error: MSG.ACCOUNT_NAME_INVALID })
  .max(NAME_MAX_LENGTH, MSG.ACCOUNT_NAME_INVALID)
  .refine((name) => cleanParagraphs(name) === name.trim(), MSG.ACCOUNT_NAME_INVALID);

export const signUpSchema = z.object({
  email: emailSchema,
  name: accountNameSchema.optional(),
  password: passwordSchema,
  ageConfirmed: z.literal(true, { error: MSG.AGE_NOT_CONFIRMED }),
  termsAccepted: z.literal(true, { error: MSG.TERMS_NOT_ACCEPTED }),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Veuillez saisir votre mot de passe"),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Veuillez saisir votre mot de passe actuel"),
  newPassword: passwordSchema,
});

export const resetPasswordSchema = z.object({ newPassword: passwordSchema });
