// The live identity check (issue 38 §4): during a verified member's first video call, with their
// consent, a few frames of their own camera — the picture the other member sees — are compared on
// our server with the face they verified by selfie. The same face gives « Vu(e) en appel »; another
// face lets the call go on and opens a review for the administrators (no frame kept, the likeness
// only). Frames the models cannot read (no face, two faces, not a live face) ask for another try.
//
// What it proves, and not: the server never sees the call's media (encrypted end to end, even through
// coturn), so it checks what this device's camera produced when asked, not what reached the other
// member. A client can choose its frames; the liveness and anti-spoofing models stand against a
// photo held up, and the other member, who sees the gesture asked made live, against the rest.
import { CALL_MSG, LIVE_CHECK, type LiveCheckResult } from "@domain/calls.ts";
import { memberSeenOnCall } from "@domain/events.ts";
import { VERIFICATION } from "@domain/verification.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { inTransaction, queryRows } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { readImageHeader } from "../../platform/images/index.ts";
import { CALL_MISMATCH, FACE_THRESHOLDS, faceEngine } from "../verification/index.ts";

export interface LiveCheckVerdict {
  result: LiveCheckResult;
  /** Likeness to the verified face (mean over the frames), 0 to 1; null when no face was read. */
  likeness: number | null;
}

const framesInvalid = () => new AppError(400, "FRAMES_INVALID", CALL_MSG.LIVE_CHECK_FRAMES);

/** Real JPEG, PNG or WebP frames of a camera's size, read from their headers before any decoding. */
export async function checkLiveFrames(frames: readonly Uint8Array[]): Promise<void> {
  if (frames.length !== LIVE_CHECK.FRAMES) throw framesInvalid();
  for (const frame of frames) {
    if (frame.byteLength === 0 || frame.byteLength > LIVE_CHECK.MAX_FRAME_BYTES) throw framesInvalid();
    const meta = await readImageHeader(Buffer.from(frame)).catch(() => null);
    if (!meta || !["jpeg", "png", "webp"].includes(meta.format)) throw framesInvalid();
    const { FRAME_MIN_SIDE: min, FRAME_MAX_SIDE: max } = VERIFICATION;
    if (meta.width < min || meta.height < min || meta.width > max || meta.height > max) throw framesInvalid();
  }
}

/** Compares the frames' faces with the member's verified descriptor. Pure once the faces are found. */
export async function compareFrames(descriptor: number[], frames: Uint8Array[]): Promise<LiveCheckVerdict> {
  const engine = await faceEngine();
  const faces = [];
  for (const frame of frames) {
    const { faces: found } = await engine.analyse(Buffer.from(frame));
    const readable = found.filter((f) => f.score >= FACE_THRESHOLDS.FACE_SCORE);
    // One face per frame, alive: a second person, or a photo held up, is not a check.
    if (readable.length !== 1) return { result: "unclear", likeness: null };
    const face = readable[0]!;
    if (face.real < FACE_THRESHOLDS.REAL_EACH || face.live < FACE_THRESHOLDS.LIVE_EACH)
      return { result: "unclear", likeness: null };
    faces.push(face);
  }
  const first = faces[0];
  if (!first) return { result: "unclear", likeness: null };
  // The same person on every frame: a cut between two pictures is not a check either.
  if (faces.some((f) => engine.similarity(first.embedding, f.embedding) < FACE_THRESHOLDS.SAME_PERSON))
    return { result: "unclear", likeness: null };
  const likeness =
    Math.round(
      (100 * faces.reduce((sum, f) => sum + engine.similarity(descriptor, f.embedding), 0)) / faces.length,
    ) / 100;
  if (likeness >= FACE_THRESHOLDS.MATCH) return { result: "seen", likeness };
  if (likeness < FACE_THRESHOLDS.REVIEW) return { result: "mismatch", likeness };
  // Between the two: not sure enough either way; the member may try again (ATTEMPTS_PER_DAY).
  return { result: "unclear", likeness };
}

/** Records the verdict: the badge, or a review for the administrators (once while one is pending). */
export async function recordLiveCheck(
  deps: Pick<AppDeps, "database" | "logger" | "events">,
  userId: string,
  verdict: LiveCheckVerdict,
): Promise<void> {
  const { db } = deps.database;
  if (verdict.result === "seen")
    await deps.events.transaction(db, async (tx, record) => {
      await tx.execute(sql`UPDATE profiles SET seen_on_call_at = now(), updated_at = now()
        WHERE user_id = ${userId} AND verified_at IS NOT NULL`);
      await record(memberSeenOnCall, { userId });
    });
  if (verdict.result === "mismatch")
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`live-check:${userId}`}))`);
      await tx.execute(sql`INSERT INTO verifications (user_id, outcome, reason, likeness)
        SELECT ${userId}, 'review', ${CALL_MISMATCH}, ${verdict.likeness}
        WHERE NOT EXISTS (SELECT 1 FROM verifications WHERE user_id = ${userId}
          AND outcome = 'review' AND decided_at IS NULL AND reason = ${CALL_MISMATCH})`);
    });
  deps.logger.info({ userId, ...verdict }, "calls: live identity check");
}

/** The member's verified face, and whether the badge is already theirs. */
export async function liveCheckState(
  db: AppDeps["database"]["db"],
  userId: string,
): Promise<{ descriptor: number[] | null; seen: boolean }> {
  const [row] = await queryRows(
    db,
    z.strictObject({ descriptor: z.array(z.number()).nullable(), seen: z.boolean() }),
    sql`SELECT (SELECT d.descriptor FROM face_descriptors d WHERE d.user_id = p.user_id AND p.verified_at IS NOT NULL)
        AS descriptor, p.seen_on_call_at IS NOT NULL AS seen
      FROM profiles p WHERE p.user_id = ${userId}`,
  );
  return { descriptor: row?.descriptor?.map(Number) ?? null, seen: row?.seen ?? false };
}
