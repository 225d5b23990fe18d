// The administrators' review of uncertain verifications (issue 16, ADR 0013): when the likeness of
// the live selfie to the profile photos falls between the two thresholds, the attempt is kept with
// one selfie frame and the face descriptor (outcome 'review', decided_at NULL). An administrator
// sees the selfie beside the photos and decides: approved, the badge is set and the descriptor kept
// in face_descriptors as for an automatic verification; refused, the member reads NO_MATCH. Either
// way the selfie and the descriptor are erased from the attempt in the same transaction as the
// decision and its audit entry. The selfie is served to administrators only, never cached.

import {
  type AdminList,
  type AdminVerificationDecision,
  type AdminVerificationRow,
  VERIFICATION_REVIEW_MSG,
} from "@domain/admin.ts";
import { memberVerified } from "@domain/events.ts";
import { UUID } from "@domain/uuid.ts";
import type { VerificationReason } from "@domain/verification.ts";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { cappedTotal } from "../../platform/admin/list-query.ts";
import { memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { faceDescriptors, profiles, verifications } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { photoDto } from "../../platform/storage/photo-keys.ts";

/** Waiting for an administrator: the partial index verifications_review_idx serves it. */
const PENDING = sql`v.outcome = 'review' AND v.decided_at IS NULL`;

const notFound = () => new AppError(404, "VERIFICATION_NOT_FOUND", VERIFICATION_REVIEW_MSG.NOT_FOUND);

/** A review opened by a live check during a video call (issue 38): no selfie is kept. */
export const CALL_MISMATCH = "CALL_MISMATCH" satisfies VerificationReason;

export const selfiePath = (id: string) => `/api/admin/verifications/${id}/selfie`;

const reviewRow = z.strictObject({
  id: uuid,
  member: memberRefRow,
  likeness: z.number().nullable(),
  createdAt: timestampText,
  photos: z.array(z.string()).nullable(),
  reason: z.string().nullable(),
});

/** The pending reviews, oldest first (the member has waited longest). */
export async function listPendingVerifications(
  deps: Pick<AppDeps, "database" | "storage">,
  q: { page: number; size: number },
): Promise<AdminList<AdminVerificationRow>> {
  const { db } = deps.database;
  const from = sql`FROM verifications v WHERE ${PENDING}`;
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      reviewRow,
      sql`SELECT v.id, v.likeness, v.reason, v.created_at AS "createdAt", ${memberRefJson(sql`v.user_id`)} AS member,
          (SELECT p.photos FROM profiles p WHERE p.user_id = v.user_id) AS photos
        ${from} ORDER BY v.created_at ASC, v.id ASC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      member: toMemberRef(r.member, deps.storage),
      likeness: r.likeness === null ? null : Number(r.likeness),
      createdAt: new Date(r.createdAt).toISOString(),
      selfieUrl: r.reason === CALL_MISMATCH ? null : selfiePath(r.id),
      source: r.reason === CALL_MISMATCH ? ("call" as const) : ("selfie" as const),
      photos: (r.photos ?? []).map((key) => photoDto(key, deps.storage)),
    })),
    ...total,
    page: q.page,
    size: q.size,
  };
}

/** The kept selfie frame of a pending review; none once decided (it is erased then). */
export async function pendingSelfie(db: Db, id: string): Promise<Buffer> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await queryRows(
    db,
    // bytea: a Uint8Array from PGlite, a Buffer (one too) from node-postgres.
    z.strictObject({ selfie: z.instanceof(Uint8Array).nullable() }),
    sql`SELECT v.selfie FROM verifications v WHERE v.id = ${id}::uuid AND ${PENDING} AND v.selfie IS NOT NULL`,
  );
  if (!row?.selfie) throw new AppError(404, "VERIFICATION_NOT_FOUND", VERIFICATION_REVIEW_MSG.SELFIE_GONE);
  return Buffer.from(row.selfie);
}

export type ReviewDecision = "approve" | "refuse";

const percent = (likeness: number | null) =>
  likeness === null ? "" : ` · ressemblance ${Math.round(likeness * 100)} %`;

/**
 * Decides a pending review, once: the row is locked, so two administrators deciding together get
 * one decision and one 409. Approving sets the badge and keeps the descriptor (as an automatic
 * verification does); refusing records NO_MATCH. Both erase the selfie and the descriptor.
 */
export async function decideVerification(
  deps: Pick<AppDeps, "database" | "logger" | "events">,
  actor: Actor,
  id: string,
  decision: ReviewDecision,
): Promise<AdminVerificationDecision> {
  if (!UUID.test(id)) throw notFound();
  const { db } = deps.database;
  const result = await deps.events.transaction(db, async (tx, record) => {
    const [row] = await queryRows(
      tx,
      z.strictObject({
        userId: z.string(),
        email: z.string().nullable(),
        likeness: z.number().nullable(),
        pending: z.boolean(),
        reason: z.string().nullable(),
      }),
      sql`SELECT v.user_id AS "userId", (SELECT email FROM "user" WHERE id = v.user_id) AS email, v.likeness, v.reason,
          (${PENDING}) AS pending
        FROM verifications v WHERE v.id = ${id}::uuid FOR UPDATE`,
    );
    if (!row) throw notFound();
    if (!row.pending)
      throw new AppError(409, "VERIFICATION_ALREADY_DECIDED", VERIFICATION_REVIEW_MSG.ALREADY_DECIDED);
    const approve = decision === "approve";
    // Approving a call's review keeps the badges as they are: the member was verified already.
    if (approve && row.reason !== CALL_MISMATCH) {
      await tx
        .update(profiles)
        .set({ verifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(profiles.userId, row.userId));
      await tx.execute(sql`INSERT INTO face_descriptors (user_id, descriptor)
        SELECT user_id, descriptor FROM verifications WHERE id = ${id}::uuid AND descriptor IS NOT NULL
        ON CONFLICT (user_id) DO UPDATE SET descriptor = EXCLUDED.descriptor, verified_at = now()`);
      await record(memberVerified, { userId: row.userId });
    } else if (!approve && row.reason === CALL_MISMATCH) {
      // A verified member whose face in a video call was someone else's (issue 38), confirmed by an
      // administrator: the badges go, and the descriptor they rested on.
      await tx
        .update(profiles)
        .set({ verifiedAt: null, seenOnCallAt: null, updatedAt: sql`now()` })
        .where(eq(profiles.userId, row.userId));
      await tx.delete(faceDescriptors).where(eq(faceDescriptors.userId, row.userId));
    }
    const [decided] = await tx
      .update(verifications)
      .set({
        outcome: approve ? "verified" : "refused",
        reason: row.reason === CALL_MISMATCH ? CALL_MISMATCH : approve ? null : "NO_MATCH",
        decidedAt: sql`now()`,
        decidedBy: actor.id,
        selfie: null,
        descriptor: null,
      })
      .where(eq(verifications.id, id))
      .returning({ decidedAt: verifications.decidedAt });
    await audit(
      tx,
      actor,
      `verification.${decision}`,
      { type: "user", id: row.userId },
      `${row.email ?? row.userId}${percent(row.likeness === null ? null : Number(row.likeness))}`,
    );
    return { userId: row.userId, decidedAt: decided!.decidedAt!.toISOString() };
  });
  deps.logger.info({ verificationId: id, userId: result.userId, decision }, "verification reviewed");
  return {
    id,
    userId: result.userId,
    outcome: decision === "approve" ? "verified" : "refused",
    decidedAt: result.decidedAt,
  };
}
