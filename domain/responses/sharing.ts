// Response schemas of the links that share a match's card (issue 40). See ./scalars.ts.
import { z } from "zod";
import { instant } from "./scalars.ts";

/** One of the member's links, as « Mes liens partagés » lists it (never its token). */
export const sharedCardDtoSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(["date", "family"]),
  matchId: z.string(),
  /** The match whose card the link shows. */
  member: z.strictObject({ userId: z.string(), firstName: z.string() }),
  relative: z.string().nullable(),
  place: z.string().nullable(),
  meetsAt: instant.nullable(),
  travel: z.string().nullable(),
  expiresAt: instant,
  revokedAt: instant.nullable(),
  /** The link still opens: neither revoked nor expired. */
  active: z.boolean(),
  /** When someone last opened it. */
  lastViewedAt: instant.nullable(),
  /** « Présenter à ma famille »: the relative's private word, for the member only. */
  word: z.string().nullable(),
  wordAt: instant.nullable(),
  createdAt: instant,
});
export type SharedCardDto = z.infer<typeof sharedCardDtoSchema>;

/** POST /api/matches/:id/shares (201): the link, shown this once (only its hash is kept). */
export const createdShareDtoSchema = z.strictObject({
  card: sharedCardDtoSchema,
  url: z.string(),
});
export type CreatedShareDto = z.infer<typeof createdShareDtoSchema>;

/** GET /api/shares: the member's links, the newest first. */
export const sharedCardListSchema = z.strictObject({ data: z.array(sharedCardDtoSchema) });
