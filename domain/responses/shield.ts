// Response schemas of Bouclier, the scam shield (issue 36): the member's own standing, and the
// administrators' queue, settings and fairness table. See ./scalars.ts for why they live here.
import { z } from "zod";
import { SHIELD_SIGNALS, SHIELD_STATUSES, shieldSettingsSchema, TRUST_LEVELS } from "../shield/shield.ts";
import { adminListSchema, memberRefSchema } from "./admin.ts";
import { instant, whole } from "./scalars.ts";

/** GET /api/shield: what the member may know of their standing (a quiet hold is not told). */
export const shieldStandingDtoSchema = z.strictObject({
  /** An administrator asked for a selfie verification before new conversations. */
  verificationRequired: z.boolean(),
  trust: z.enum(TRUST_LEVELS),
  /** New conversations a day at this trust level. */
  newConversationsPerDay: whole,
  /** An appeal sent and not yet decided. */
  appealPending: z.boolean(),
});
export type ShieldStandingDto = z.infer<typeof shieldStandingDtoSchema>;

export const shieldSignalDtoSchema = z.strictObject({
  kind: z.enum(SHIELD_SIGNALS),
  /** SHIELD_SIGNAL_LABEL, in French. */
  label: z.string(),
  /** What it saw (« moyen de paiement : Western Union ; demande d'argent »). */
  detail: z.string(),
  weight: z.number(),
  at: instant,
});

export const shieldHeldMessageDtoSchema = z.strictObject({
  id: z.string(),
  matchId: z.string(),
  /** held: behind the warning; waiting: unseen by the recipient until released. */
  shield: z.enum(["held", "waiting"]),
  content: z.string(),
  recipientFirstName: z.string(),
  createdAt: instant,
});

/** A row of « Bouclier »: an account on hold, asked to verify, or appealing. */
export const shieldAccountDtoSchema = z.strictObject({
  /** The member's user id (the queue's case is the account). */
  id: z.string(),
  member: memberRefSchema,
  country: z.string(),
  originCountry: z.string(),
  accountCreatedAt: instant,
  selfieVerified: z.boolean(),
  score: z.number(),
  status: z.enum(SHIELD_STATUSES),
  heldAt: instant.nullable(),
  appeal: z.string().nullable(),
  appealedAt: instant.nullable(),
  signals: z.array(shieldSignalDtoSchema),
  heldMessages: z.array(shieldHeldMessageDtoSchema),
});
export type ShieldAccountDto = z.infer<typeof shieldAccountDtoSchema>;

/** GET /api/admin/shield */
export const shieldQueueDtoSchema = adminListSchema(shieldAccountDtoSchema).extend({
  /** Signals that could not be computed on this instance since it started (messages went through). */
  failures: whole,
  failuresSince: instant,
});
export type ShieldQueueDto = z.infer<typeof shieldQueueDtoSchema>;

/** GET and PUT /api/admin/shield/settings */
export const shieldSettingsDtoSchema = shieldSettingsSchema;

const fairnessRow = z.strictObject({
  country: z.string(),
  members: whole,
  restricted: whole,
  /** restricted / members, 0..1. */
  share: z.number(),
});

/** GET /api/admin/shield/fairness: who the shield restricts, by country of origin and of residence. */
export const shieldFairnessDtoSchema = z.strictObject({
  /** Restricted: on hold, asked to verify, or with a message held or waiting in the last 30 days. */
  overall: fairnessRow,
  byOrigin: z.array(fairnessRow),
  byResidence: z.array(fairnessRow),
});
export type ShieldFairnessDto = z.infer<typeof shieldFairnessDtoSchema>;

/** POST /api/shield/appeal */
export const shieldAppealDtoSchema = z.strictObject({ message: z.string() });
