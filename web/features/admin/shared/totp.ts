import { z } from "zod";

/** A 6-digit TOTP code; spaces typed or pasted between digits are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Saisissez les 6 chiffres du code")),
});
