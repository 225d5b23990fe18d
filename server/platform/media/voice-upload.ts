// A recording as a route receives it (issue 37): the audio bytes as the request's body, what the
// recorder measured in the query (?durationMs=…&peaks=…), an optional Idempotency-Key header. Checked
// (voice-check.ts) before anything is stored; stored under a fresh key in the voice storage.
import { randomUUID } from "node:crypto";
import { UUID } from "@domain/uuid.ts";
import { PEAKS_PATTERN, VOICE_MSG, type VoiceType } from "@domain/voice.ts";
import type { Context } from "hono";
import { z } from "zod";
import { AppError } from "../http/errors.ts";
import { queryRules } from "../http/query.ts";
import type { Storage } from "../storage/storage.ts";
import { checkVoice, type VoiceLimits } from "./voice-check.ts";

export const voiceQuerySchema = z.object({
  durationMs: z.coerce
    .number({ error: VOICE_MSG.DECLARED })
    .int(VOICE_MSG.DECLARED)
    .min(0, VOICE_MSG.DECLARED)
    .max(3_600_000, VOICE_MSG.DECLARED),
  peaks: z.string().regex(PEAKS_PATTERN, VOICE_MSG.PEAKS).default(""),
});
export const VOICE_QUERY_RULES = queryRules(["durationMs", "peaks"]);

/** A recording checked and stored: what its row keeps. */
export interface StoredVoice {
  key: string;
  type: VoiceType;
  durationMs: number;
  bytes: number;
  /** The waveform as stored (domain/voice.ts encodePeaks). */
  peaks: string;
}

/** The request's Idempotency-Key (a UUID the client made for this send), or null without one. */
export function idempotencyKey(c: Context): string | null {
  const value = c.req.header("idempotency-key");
  if (value === undefined) return null;
  if (!UUID.test(value))
    throw new AppError(400, "VALIDATION_ERROR", VOICE_MSG.IDEMPOTENCY_KEY, {
      "Idempotency-Key": VOICE_MSG.IDEMPOTENCY_KEY,
    });
  return value.toLowerCase();
}

/**
 * Reads, checks and stores the recording in the request's body under `folder/` (messages, intros).
 * The caller deletes the file if its row is not written after all (storeVoice's key is new, so a
 * leftover is only an orphan the daily sweep removes).
 */
export async function storeVoice(
  c: Context,
  voices: Storage,
  folder: "messages" | "intros",
  declared: z.output<typeof voiceQuerySchema>,
  limits: Omit<VoiceLimits, "declaredMs">,
): Promise<StoredVoice> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const checked = await checkVoice(bytes, { ...limits, declaredMs: declared.durationMs });
  const key = `${folder}/${randomUUID()}${checked.type === "audio/webm" ? ".webm" : ".m4a"}`;
  await voices.put(key, bytes, checked.type);
  return {
    key,
    type: checked.type,
    durationMs: checked.durationMs,
    bytes: checked.bytes,
    peaks: declared.peaks,
  };
}
