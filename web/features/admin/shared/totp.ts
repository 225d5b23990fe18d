import { z } from "zod";

/** The input of a 6-digit code (sign-in and two-factor set-up): the phone's code keyboard and autofill. */
export const totpInputProps = {
  inputMode: "numeric",
  autoComplete: "one-time-code",
  maxLength: 7,
  className: "max-w-40 text-center text-xl tracking-[0.3em] tabular-nums",
} as const;

/** A 6-digit TOTP code; spaces typed or pasted between digits are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Saisissez les 6 chiffres du code")),
});

/** A backup code as shown when two-factor was turned on (« abcde-12345 »); the hyphen may be left out. */
export const backupCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "Saisissez un code de secours, par exemple abcde-12345"),
    ),
});
