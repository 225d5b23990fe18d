// Response schemas of profile verification (issue 16). See ./scalars.ts for why they live here.
import { z } from "zod";
import { GESTURES } from "../enums.ts";
import { instant, whole } from "./scalars.ts";

/** POST /api/verification/challenge (201): the gestures to make, and until when. */
export const challengeDtoSchema = z.strictObject({
  id: z.string(),
  gestures: z.array(z.strictObject({ id: z.enum(GESTURES), label: z.string() })),
  expiresAt: instant,
  minFrames: whole,
  maxFrames: whole,
});
export type ChallengeDto = z.infer<typeof challengeDtoSchema>;

export const verificationStatusSchema = z.enum(["none", "verified", "pending-review", "refused"]);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** GET /api/verification, POST /api/verification: where the member's verification stands. */
export const verificationStateDtoSchema = z.strictObject({
  status: verificationStatusSchema,
  verifiedAt: instant.nullable(),
  /** The last refusal's reason, in French. */
  reason: z.string().nullable(),
  /** Challenges the member may still draw today: each draw is an attempt, answered or not. */
  attemptsLeftToday: whole,
  /**
   * A challenge drawn and not answered can be taken up again (a minute or more left): starting
   * again gives it back and costs no attempt, even when none is left.
   */
  resumable: z.boolean(),
});
export type VerificationStateDto = z.infer<typeof verificationStateDtoSchema>;
