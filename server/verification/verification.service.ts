// Verifying a member's profile: a challenge drawn by the server (after the member's consent to the
// camera), then the frames answering it, analysed here and decided by decide.ts. The outcome is
// recorded; a verified member gets the badge (profiles.verified_at) and their face descriptor is
// kept while it is valid; an uncertain case keeps one frame for an administrator until decided.

import { randomInt } from "node:crypto";
import { MSG } from "@domain/messages.ts";
import { UUID } from "@domain/uuid.ts";
import {
  type ChallengeDto,
  GESTURE_LABELS,
  GESTURES,
  type Gesture,
  VERIFICATION,
  VERIFICATION_MSG,
  VERIFICATION_REASONS,
  type VerificationReason,
  type VerificationStateDto,
} from "@domain/verification.ts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, inTransaction, queryRows } from "../db/client.ts";
import { timestampText } from "../db/row-schemas.ts";
import { faceDescriptors, profiles, verificationChallenges, verifications } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../http/errors.ts";
import { readImageHeader } from "../images/index.ts";
import { decide } from "./decide.ts";
import { type FaceFinding, faceEngine } from "./face-engine.ts";

// One head movement and one expression: a print can be moved; the smile is meant to stop it, though
// the emotion model can be fooled by a print (decide.ts, ADR 0013).
const MOVEMENTS: Gesture[] = ["tilt-left", "tilt-right", "turn-left", "turn-right"];
const EXPRESSIONS: Gesture[] = ["smile"];

function drawGestures(): Gesture[] {
  const pair = [MOVEMENTS[randomInt(MOVEMENTS.length)]!, EXPRESSIONS[randomInt(EXPRESSIONS.length)]!];
  return randomInt(2) === 0 ? pair : pair.reverse();
}

async function attemptsToday(db: Db, userId: string): Promise<number> {
  return db.$count(
    verifications,
    and(eq(verifications.userId, userId), sql`${verifications.createdAt} > now() - interval '1 day'`),
  );
}

export async function verificationState(db: Db, userId: string): Promise<VerificationStateDto> {
  const [row] = await queryRows(
    db,
    z.strictObject({
      verifiedAt: timestampText.nullable(),
      outcome: z.string().nullable(),
      reason: z.string().nullable(),
    }),
    sql`SELECT p.verified_at AS "verifiedAt", v.outcome, v.reason
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
  return { status, verifiedAt, reason, attemptsLeftToday: left };
}

export async function startChallenge(
  deps: Pick<AppDeps, "database" | "config">,
  userId: string,
): Promise<ChallengeDto> {
  const { db } = deps.database;
  const state = await verificationState(db, userId);
  if (state.status === "verified")
    throw new AppError(409, "ALREADY_VERIFIED", VERIFICATION_MSG.ALREADY_VERIFIED);
  if (state.status === "pending-review")
    throw new AppError(409, "PENDING_REVIEW", VERIFICATION_MSG.PENDING_REVIEW);
  if (state.attemptsLeftToday <= 0)
    throw new AppError(429, "TOO_MANY_ATTEMPTS", VERIFICATION_MSG.TOO_MANY_ATTEMPTS);
  // VERIFICATION_GESTURES (tests only, refused in production): a fixed challenge a prepared video follows.
  const gestures = deps.config.verificationGestures ?? drawGestures();
  const [row] = await db
    .insert(verificationChallenges)
    .values({
      userId,
      gestures,
      expiresAt: sql`now() + ${VERIFICATION.CHALLENGE_SECONDS} * interval '1 second'`,
    })
    .returning({ id: verificationChallenges.id, expiresAt: verificationChallenges.expiresAt });
  return {
    id: row!.id,
    gestures: gestures.map((g) => ({ id: g, label: GESTURE_LABELS[g] })),
    expiresAt: row!.expiresAt.toISOString(),
    minFrames: VERIFICATION.MIN_FRAMES,
    maxFrames: VERIFICATION.MAX_FRAMES,
  };
}

const framesInvalid = () => new AppError(400, "FRAMES_INVALID", VERIFICATION_MSG.FRAMES_INVALID);

/** Frames must be real JPEG, PNG or WebP images of sensible size, and not too many. */
async function checkFrames(frames: readonly Uint8Array[]): Promise<Buffer[]> {
  if (frames.length < VERIFICATION.MIN_FRAMES || frames.length > VERIFICATION.MAX_FRAMES)
    throw framesInvalid();
  return Promise.all(
    frames.map(async (f) => {
      if (f.byteLength === 0 || f.byteLength > VERIFICATION.MAX_FRAME_BYTES) throw framesInvalid();
      const buf = Buffer.from(f);
      const meta = await readImageHeader(buf).catch(() => null);
      if (!meta || !["jpeg", "png", "webp"].includes(meta.format)) throw framesInvalid();
      if (meta.width < 120 || meta.height < 120 || meta.width > 4096 || meta.height > 4096)
        throw framesInvalid();
      return buf;
    }),
  );
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
  deps: Pick<AppDeps, "database" | "storage" | "logger">,
  userId: string,
  challengeId: string,
  rawFrames: readonly Uint8Array[],
): Promise<VerificationStateDto> {
  const { db } = deps.database;
  if (!UUID.test(challengeId))
    throw new AppError(404, "CHALLENGE_NOT_FOUND", VERIFICATION_MSG.CHALLENGE_NOT_FOUND);
  // Used once: a second answer to the same challenge (a replay) finds nothing.
  const [challenge] = await queryRows(
    db,
    z.strictObject({ gestures: z.array(z.enum(GESTURES)), expired: z.boolean() }),
    sql`UPDATE verification_challenges SET used_at = now()
      WHERE id = ${challengeId}::uuid AND user_id = ${userId} AND used_at IS NULL
      RETURNING gestures, expires_at < now() AS expired`,
  );
  if (!challenge) throw new AppError(404, "CHALLENGE_NOT_FOUND", VERIFICATION_MSG.CHALLENGE_NOT_FOUND);
  if (challenge.expired) throw new AppError(410, "CHALLENGE_EXPIRED", VERIFICATION_MSG.CHALLENGE_EXPIRED);
  const frames = await checkFrames(rawFrames);
  if ((await attemptsToday(db, userId)) >= VERIFICATION.ATTEMPTS_PER_DAY)
    throw new AppError(429, "TOO_MANY_ATTEMPTS", VERIFICATION_MSG.TOO_MANY_ATTEMPTS);

  const started = Date.now();
  let decision: ReturnType<typeof decide>;
  try {
    const engine = await faceEngine();
    const analyses = [];
    for (const frame of frames) analyses.push(await engine.analyse(frame));
    decision = decide({
      gestures: challenge.gestures,
      frames: analyses,
      profileFaces: await profileFaces(deps, userId),
      similarity: (a, b) => engine.similarity(a, b),
    });
  } catch (err) {
    // The models could not run (worker down, overloaded): nothing is decided or counted as an
    // attempt; the member starts again with a new challenge.
    deps.logger.error({ err, userId }, "verification: face analysis failed");
    throw new AppError(503, "SERVICE_UNAVAILABLE", MSG.SERVICE_UNAVAILABLE);
  }
  deps.logger.info(
    { userId, outcome: decision.outcome, likeness: decision.likeness, ms: Date.now() - started },
    "verification decided",
  );
  await inTransaction(db, async (tx) => {
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
    }
  });
  return verificationState(db, userId);
}
