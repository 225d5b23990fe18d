// Response schemas of check-ins (issue 40). See ./scalars.ts.
import { z } from "zod";
import { instant, whole } from "./scalars.ts";

export const checkInDtoSchema = z.strictObject({
  id: z.string(),
  dueAt: instant,
  graceMinutes: whole,
  /** When the contacts are alerted if she has not answered. */
  alertAt: instant,
  note: z.string().nullable(),
  matchId: z.string().nullable(),
  status: z.enum(["waiting", "ok", "alerted", "cancelled", "withdrawn"]),
  answeredAt: instant.nullable(),
  alertedAt: instant.nullable(),
  contacts: z.array(z.strictObject({ name: z.string(), email: z.string(), alerted: z.boolean() })),
  createdAt: instant,
});
export type CheckInDto = z.infer<typeof checkInDtoSchema>;

export const checkInListSchema = z.strictObject({ data: z.array(checkInDtoSchema) });
