// Sign-up, sign-in and password forms, shared by the SPA and the server's sign-up guard.
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.ts";
import { MSG } from "./messages.ts";

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

export const signUpSchema = z.object({
  email: emailSchema,
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
