// Response schemas of calls (issue 38). See ./scalars.ts for why they live here.
import { z } from "zod";
import { CALL_OUTCOMES } from "../calls.ts";
import { instant } from "./scalars.ts";

/** A call as its two members see it; the session descriptions only to the one who needs them. */
export const callDtoSchema = z.strictObject({
  id: z.string(),
  matchId: z.string(),
  callerId: z.string(),
  calleeId: z.string(),
  video: z.boolean(),
  state: z.enum(["ringing", "active", "ended"]),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  createdAt: instant,
  ringExpiresAt: instant,
  answeredAt: instant.nullable(),
  endedAt: instant.nullable(),
  /** The caller's offer: to the callee while it rings. */
  offer: z.string().nullable(),
  /** The callee's answer: to the caller once answered. */
  answer: z.string().nullable(),
});
export type CallDto = z.infer<typeof callDtoSchema>;

/** Where the browser connects: our TURN server with credentials valid for a few minutes. */
export const iceConfigSchema = z.strictObject({
  iceServers: z.array(
    z.strictObject({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  /** « relay » whenever a TURN server is configured: neither member learns the other's address. */
  iceTransportPolicy: z.enum(["relay", "all"]),
});
export type IceConfigDto = z.infer<typeof iceConfigSchema>;

/** GET /api/calls/:id: the call, and where to connect while it is not over. */
export const callViewDtoSchema = z.strictObject({ call: callDtoSchema, ice: iceConfigSchema.nullable() });
export type CallViewDto = z.infer<typeof callViewDtoSchema>;

/** GET /api/matches/:id/calls/settings: whether this conversation can have calls. */
export const callSettingsDtoSchema = z.strictObject({
  /** Calls are configured on this site (a TURN server, or a development machine). */
  available: z.boolean(),
  /** This member allows calls in this conversation (off by default). */
  mine: z.boolean(),
  /** The other member does. */
  theirs: z.boolean(),
  /** The live identity check: offered, already passed, or impossible before a selfie verification. */
  liveCheck: z.enum(["offered", "done", "not-verified"]),
  /** A call of this conversation still ringing or running (after a reload). */
  current: callDtoSchema.nullable(),
  /** Where to connect, when this member may call now (both allow calls): fresh credentials each time. */
  ice: iceConfigSchema.nullable(),
});
export type CallSettingsDto = z.infer<typeof callSettingsDtoSchema>;

/** POST /api/calls/:id/live-check */
export const liveCheckDtoSchema = z.strictObject({
  result: z.enum(["seen", "mismatch", "unclear"]),
});
export type LiveCheckDto = z.infer<typeof liveCheckDtoSchema>;
