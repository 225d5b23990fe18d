// Verifying a member's profile: a challenge drawn by the server (after the member's consent to the
// camera), then the frames answering it — one burst with each frame's time
// (domain/verification-capture.ts) — analysed here and decided by decide.ts. The outcome is
// recorded; a verified member gets the badge (profiles.verified_at) and their face descriptor is
// kept while it is valid; an uncertain case keeps one frame for an administrator until decided.
//
// Each challenge drawn is an attempt, answered or not (ATTEMPTS_PER_DAY): drawing again until a
// convenient pair of gestures comes up costs attempts. A challenge still open is given again rather
// than redrawn, so a member who cancels and starts again within its time loses nothing; one left to
// expire has cost its attempt. Only a failure on our side (the models unavailable) gives it back.

import { randomInt } from "node:crypto";
import { memberVerified } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import { UUID } from "@domain/uuid.ts";
import {
  type ChallengeDto,
  captureFrameCount,
  GESTURE_LABELS,
  GESTURES,
  type Gesture,
  VERIFICATION,
  VERIFICATION_MSG,
  VERIFICATION_REASONS,
  type VerificationReason,
  type VerificationStateDto,
} from "@domain/verification.ts";
import { captureTimesFit } from "@domain/verification-capture.ts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import {
  faceDescriptors,
  profiles,
  verificationChallenges,
  verifications,
} from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { readImageHeader } from "../../platform/images/index.ts";
import { decide, THRESHOLDS } from "./decide.ts";
import { type FaceFinding, faceEngine } from "./face-engine.ts";

// One head movement and one expression: a print can be moved; the smile is meant to stop it, though
// the emotion model can be fooled by a print (decide.ts, ADR 0013).
const MOVEMENTS: Gesture[] = ["tilt-left", "tilt-right", "turn-left", "turn-right"];
const EXPRESSIONS: Gesture[] = ["smile"];

function drawGestures(): Gesture[] {
  const pair = [MOVEMENTS[randomInt(MOVEMENTS.length)]!, EXPRESSIONS[randomInt(EXPRESSIONS.length)]!];
  return randomInt(2) === 0 ? pair : pair.reverse();
}

/** The member's challenge drawn and not answered, if it has a minute or more left: given again. */
const openChallenge = (userId: string) =>
  sql`SELECT id, gestures, expires_at FROM verification_challenges
    WHERE user_id = ${userId} AND used_at IS NULL
      AND expires_at > now() + ${VERIFICATION.REUSE_SECONDS} * interval '1 second'
    ORDER BY created_at DESC LIMIT 1`;

/** Challenges drawn in the last day: each is an attempt. */
async function attemptsToday(db: Db, userId: string): Promise<number> {
  return db.$count(
    verificationChallenges,
    and(
      eq(verificationChallenges.userId, userId),
      sql`${verificationChallenges.createdAt} > now() - interval '1 day'`,
    ),
  );
}

export async function verificationState(db: Db, userId: string): Promise<VerificationStateDto> {
  const [row] = await queryRows(
    db,
    z.strictObject({
      verifiedAt: timestampText.nullable(),
      outcome: z.string().nullable(),
      reason: z.string().nullable(),
      resumable: z.boolean(),
    }),
    sql`SELECT p.verified_at AS "verifiedAt", v.outcome, v.reason,
        EXISTS (${openChallenge(userId)}) AS resumable
      FROM (SELECT 1) one
      LEFT JOIN profiles p ON p.user_id = ${userId}
      LEFT JOIN LATERAL (SELECT outcome, reason FROM verifications WHERE user_id = ${userId}
        ORDER BY created_at DESC LIMIT 1) v ON TRUE`,
  );
  const left = Math.max(0, VERIFICATION.ATTEMPTS_PER_DAY - (await attemptsToday(db, userId)));
  const verifiedAt = row?.verifiedAt ? new Date(row.verifiedAt).toISOString() : null;
  const status = verifiedAt
    ? "verified"
    : row?.outcome === "review"
      ? "pending-review"
      : row?.outcome === "refused"
        ? "refused"
        : "none";
  const reason =
    status === "refused" && row?.reason && row.reason in VERIFICATION_REASONS
      ? VERIFICATION_REASONS[row.reason as VerificationReason]
      : null;
  return {
    status,
    verifiedAt,
    reason,
    attemptsLeftToday: left,
    resumable: status !== "verified" && status !== "pending-review" && row!.resumable,
  };
}

const challengeDto = (c: { id: string; gestures: Gesture[]; expiresAt: Date }): ChallengeDto => ({
  id: c.id,
  gestures: c.gestures.map((g) => ({ id: g, label: GESTURE_LABELS[g] })),
  expiresAt: c.expiresAt.toISOString(),
  // The whole burst, always (domain/verification-capture.ts).
  minFrames: captureFrameCount(c.gestures.length),
  maxFrames: captureFrameCount(c.gestures.length),
});

export async function startChallenge(
  deps: Pick<AppDeps, "database" | "config">,
  userId: string,
): Promise<ChallengeDto> {
  return inTransaction(deps.database.db, async (tx) => {
    // One draw at a time per member: two at once cannot both pass the count.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`verification:${userId}`}))`);
    const state = await verificationState(tx, userId);
    if (state.status === "verified")
      throw new AppError(409, "ALREADY_VERIFIED", VERIFICATION_MSG.ALREADY_VERIFIED);
    if (state.status === "pending-review")
      throw new AppError(409, "PENDING_REVIEW", VERIFICATION_MSG.PENDING_REVIEW);
    const [open] = await queryRows(
      tx,
      z.strictObject({ id: z.string(), gestures: z.array(z.enum(GESTURES)), expiresAt: timestampText }),
      sql`SELECT id, gestures, expires_at AS "expiresAt" FROM (${openChallenge(userId)}) c`,
    );
    if (open) return challengeDto({ ...open, expiresAt: new Date(open.expiresAt) });
    if (state.attemptsLeftToday <= 0)
      throw new AppError(429, "TOO_MANY_ATTEMPTS", VERIFICATION_MSG.TOO_MANY_ATTEMPTS);
    // VERIFICATION_GESTURES (tests only, refused in production): a fixed challenge a prepared video follows.
    const gestures = deps.config.verificationGestures ?? drawGestures();
    const [row] = await tx
      .insert(verificationChallenges)
      .values({
        userId,
        gestures,
        expiresAt: sql`now() + ${VERIFICATION.CHALLENGE_SECONDS} * interval '1 second'`,
      })
      .returning({ id: verificationChallenges.id, expiresAt: verificationChallenges.expiresAt });
    return challengeDto({ ...row!, gestures });
  });
}

const framesInvalid = () => new AppError(400, "FRAMES_INVALID", VERIFICATION_MSG.FRAMES_INVALID);

/**
 * Frames must be real JPEG, PNG or WebP images of sensible size, and all of one size (one camera),
 * as many as the capture of `gestures` gestures takes. (Exported for bench/verification.ts.)
 */
export async function checkFrames(frames: readonly Uint8Array[], gestures: number): Promise<Buffer[]> {
  if (frames.length !== captureFrameCount(gestures)) throw framesInvalid();
  const checked = await Promise.all(
    frames.map(async (f) => {
      if (f.byteLength === 0 || f.byteLength > VERIFICATION.MAX_FRAME_BYTES) throw framesInvalid();
      const buf = Buffer.from(f);
      const meta = await readImageHeader(buf).catch(() => null);
      if (!meta || !["jpeg", "png", "webp"].includes(meta.format)) throw framesInvalid();
      const { FRAME_MIN_SIDE: min, FRAME_MAX_SIDE: max } = VERIFICATION;
      if (meta.width < min || meta.height < min || meta.width > max || meta.height > max)
        throw framesInvalid();
      return { buf, size: `${meta.width}×${meta.height}` };
    }),
  );
  if (new Set(checked.map((c) => c.size)).size !== 1) throw framesInvalid();
  return checked.map((c) => c.buf);
}

/** The largest face of each of the member's profile photos. */
async function profileFaces(
  deps: Pick<AppDeps, "database" | "storage">,
  userId: string,
): Promise<FaceFinding[]> {
  const [row] = await deps.database.db
    .select({ photos: profiles.photos })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const engine = await faceEngine();
  const faces: FaceFinding[] = [];
  for (const key of row?.photos ?? []) {
    const obj = await deps.storage.get(key);
    if (!obj) continue;
    const found = (await engine.analyse(Buffer.from(obj.body))).faces[0];
    if (found) faces.push(found);
  }
  return faces;
}

export async function submitVerification(
  deps: Pick<AppDeps, "database" | "storage" | "logger" | "events">,
  userId: string,
  challengeId: string,
  rawFrames: readonly Uint8Array[],
  times: readonly number[],
): Promise<VerificationStateDto> {
  const { db } = deps.database;
  if (!UUID.test(challengeId))
    throw new AppError(404, "CHALLENGE_NOT_FOUND", VERIFICATION_MSG.CHALLENGE_NOT_FOUND);
  // Used once: a second answer to the same challenge (a replay) finds nothing. Its age, by the
  // database's clock, bounds how long the capture can claim to have lasted.
  const [challenge] = await queryRows(
    db,
    z.strictObject({ gestures: z.array(z.enum(GESTURES)), expired: z.boolean(), elapsedMs: z.number() }),
    sql`UPDATE verification_challenges SET used_at = now()
      WHERE id = ${challengeId}::uuid AND user_id = ${userId} AND used_at IS NULL
      RETURNING gestures, expires_at < now() AS expired,
        (extract(epoch FROM now() - created_at) * 1000)::float8 AS "elapsedMs"`,
  );
  if (!challenge) throw new AppError(404, "CHALLENGE_NOT_FOUND", VERIFICATION_MSG.CHALLENGE_NOT_FOUND);
  if (challenge.expired) throw new AppError(410, "CHALLENGE_EXPIRED", VERIFICATION_MSG.CHALLENGE_EXPIRED);
  const frames = await checkFrames(rawFrames, challenge.gestures.length);
  if (!captureTimesFit(times, challenge.gestures.length, challenge.elapsedMs)) throw framesInvalid();

  const started = Date.now();
  let decision: ReturnType<typeof decide>;
  try {
    const engine = await faceEngine();
    const analyses = [];
    for (const frame of frames) {
      const analysis = await engine.analyse(frame);
      analyses.push(analysis);
      // A frame without one clear face settles the attempt (decide.ts refuses it first): the rest
      // of the burst is not analysed.
      if (analysis.faces.filter((f) => f.score >= THRESHOLDS.FACE_SCORE).length !== 1) break;
    }
    decision = decide({
      gestures: challenge.gestures,
      frames: analyses,
      profileFaces: await profileFaces(deps, userId),
      similarity: (a, b) => engine.similarity(a, b),
    });
  } catch (err) {
    // The models could not run (worker down, overloaded): nothing is decided, and the challenge is
    // given back — not counted as an attempt, answered again with a new capture while it lasts.
    deps.logger.error({ err, userId }, "verification: face analysis failed");
    await db
      .update(verificationChallenges)
      .set({ usedAt: null })
      .where(eq(verificationChallenges.id, challengeId));
    throw new AppError(503, "SERVICE_UNAVAILABLE", MSG.SERVICE_UNAVAILABLE);
  }
  deps.logger.info(
    {
      userId,
      outcome: decision.outcome,
      reason: "reason" in decision ? decision.reason : null,
      likeness: decision.likeness,
      frames: frames.length,
      ms: Date.now() - started,
    },
    "verification decided",
  );
  await deps.events.transaction(db, async (tx, record) => {
    // In review only, one selfie frame and the descriptor are kept until an administrator decides.
    const review = decision.outcome === "review";
    await tx.insert(verifications).values({
      userId,
      outcome: decision.outcome,
      reason: "reason" in decision ? decision.reason : null,
      likeness: decision.likeness,
      selfie: review ? frames[frames.length - 1]! : null,
      descriptor: decision.outcome === "review" ? decision.descriptor : null,
      decidedAt: review ? null : sql`now()`,
    });
    if (decision.outcome === "verified") {
      await tx
        .update(profiles)
        .set({ verifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(profiles.userId, userId));
      await tx
        .insert(faceDescriptors)
        .values({ userId, descriptor: decision.descriptor })
        .onConflictDoUpdate({
          target: faceDescriptors.userId,
          set: { descriptor: sql`excluded.descriptor`, verifiedAt: sql`now()` },
        });
      await record(memberVerified, { userId });
    }
  });
  return verificationState(db, userId);
}
