// The administrators' review of held photos (issue 16, « Photos à vérifier »): screening stores a
// doubtful upload (reason 'suggestive') or the same picture as another account's photo ('reused')
// on the member's profile but keeps it from public view while its review is pending. An
// administrator sees it (beside the other account's photo when reused) and decides, once:
//   approve — the photo becomes public (status 'approved');
//   remove  — the photo leaves the profile, its hash is forgotten, its files are deleted ('removed');
//   ban     — the member is banned as on the users page (every session ended, event streams closed)
//             and the photo removed as above ('removed').
// The review row is locked, so two administrators deciding together get one decision and one 409.
// The decision, the profile change, the ban and the audit entry share one transaction; files go
// after the commit (a failure leaves an orphan file, logged, never a profile pointing at nothing).

import {
  type AdminList,
  type AdminPhotoReviewDecision,
  type AdminPhotoReviewRow,
  PHOTO_REVIEW_MSG,
  type PhotoReviewDecision,
  type PhotoReviewReason,
} from "@domain/admin.ts";
import { memberBanned } from "@domain/events.ts";
import { UUID } from "@domain/uuid.ts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { cappedTotal } from "../../platform/admin/list-query.ts";
import { memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { photoReviews, profiles, session, user } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isOwnedBy, photoDto, photoFiles } from "../../platform/storage/photo-keys.ts";
import { forgetRenditions } from "../../platform/storage/photo-renditions.ts";
import { withMainPhotoRecheck } from "../verification/index.ts";
import { forgetPhoto } from "./moderation.service.ts";
import { SCREEN } from "./photo-screen.ts";

const notFound = () => new AppError(404, "PHOTO_REVIEW_NOT_FOUND", PHOTO_REVIEW_MSG.NOT_FOUND);

/** photo_reviews.reason (a CHECK constraint holds it to these). */
const reasonColumn = z.enum(["suggestive", "reused"] as const satisfies readonly PhotoReviewReason[]);

const reviewRow = z.strictObject({
  id: uuid,
  reason: reasonColumn,
  score: z.number().nullable(),
  createdAt: timestampText,
  photoKey: z.string(),
  member: memberRefRow,
  matchedUserId: z.string().nullable(),
  matchedMember: memberRefRow,
  matchedPhoto: z.string().nullable(),
  memberPhotoCount: z.number().int(),
});

/**
 * The other account's matching photo while it is still on that profile: the key screening found,
 * or, when that photo was re-framed since (a new key, see renamePhoto), that account's photo whose
 * hash is the same picture as the held one.
 */
const MATCHED_PHOTO = sql`CASE WHEN r.reason = 'reused' THEN coalesce(
    (SELECT r.matched_key FROM profiles mp WHERE mp.user_id = r.matched_user_id AND r.matched_key = ANY(mp.photos)),
    (SELECT h.photo_key FROM photo_hashes h
      JOIN photo_hashes mine ON mine.photo_key = r.photo_key
      JOIN profiles mp ON mp.user_id = h.user_id AND h.photo_key = ANY(mp.photos)
      WHERE h.user_id = r.matched_user_id
        AND bit_count(h.hash::bit(64) # mine.hash::bit(64)) <= ${SCREEN.SAME_PHOTO_BITS}
      ORDER BY bit_count(h.hash::bit(64) # mine.hash::bit(64)), h.photo_key LIMIT 1)) END`;

/** The pending reviews, oldest first (the member has waited longest); photo_reviews_pending_idx serves it. */
export async function listPendingPhotoReviews(
  deps: Pick<AppDeps, "database" | "storage">,
  q: { page: number; size: number },
): Promise<AdminList<AdminPhotoReviewRow>> {
  const { db } = deps.database;
  const from = sql`FROM photo_reviews r WHERE r.status = 'pending'`;
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      reviewRow,
      sql`SELECT r.id, r.reason, r.score, r.created_at AS "createdAt", r.photo_key AS "photoKey",
          ${memberRefJson(sql`r.user_id`)} AS member,
          r.matched_user_id AS "matchedUserId",
          CASE WHEN r.matched_user_id IS NOT NULL THEN ${memberRefJson(sql`r.matched_user_id`)} END AS "matchedMember",
          ${MATCHED_PHOTO} AS "matchedPhoto",
          coalesce((SELECT cardinality(p.photos) FROM profiles p WHERE p.user_id = r.user_id), 0)::int
            AS "memberPhotoCount"
        ${from} ORDER BY r.created_at ASC, r.id ASC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      score: r.score === null ? null : Number(r.score),
      createdAt: new Date(r.createdAt).toISOString(),
      member: toMemberRef(r.member, deps.storage),
      photo: photoDto(r.photoKey, deps.storage),
      matched:
        r.reason === "reused"
          ? {
              member: r.matchedMember ? toMemberRef(r.matchedMember, deps.storage) : null,
              photo: r.matchedPhoto ? photoDto(r.matchedPhoto, deps.storage) : null,
            }
          : null,
      memberPhotoCount: r.memberPhotoCount,
    })),
    ...total,
    page: q.page,
    size: q.size,
  };
}

/** Why the photo was held, for the audit log and the ban reason. */
function heldBecause(reason: string, score: number | null, matchedEmail: string | null): string {
  if (reason === "reused") return `même photo que ${matchedEmail ?? "un compte supprimé"}`;
  return `photo peut-être suggestive${score === null ? "" : ` (score ${Math.round(score * 100)} %)`}`;
}

const BAN_REASONS: Record<string, string> = {
  reused: "Photo à vérifier : photo d’un autre compte",
  suggestive: "Photo à vérifier : photo inappropriée",
};

type Deps = Pick<AppDeps, "database" | "storage" | "logger" | "events">;

/**
 * Decides a pending review, once (see the header). Unknown id: 404 PHOTO_REVIEW_NOT_FOUND; decided
 * already (by an administrator, or closed when the member deleted the photo): 409
 * PHOTO_REVIEW_ALREADY_DECIDED; an administrator's own photo cannot get them banned (400 SELF_ACTION).
 */
export async function decidePhotoReview(
  deps: Deps,
  actor: Actor,
  id: string,
  decision: PhotoReviewDecision,
): Promise<AdminPhotoReviewDecision> {
  if (!UUID.test(id)) throw notFound();
  const { db } = deps.database;
  const [owner] = await db
    .select({ userId: photoReviews.userId })
    .from(photoReviews)
    .where(eq(photoReviews.id, id));
  if (!owner) throw notFound();
  const removes = decision !== "approve";

  const run = () =>
    deps.events.transaction(db, async (tx, record) => {
      const [row] = await queryRows(
        tx,
        z.strictObject({
          userId: z.string(),
          key: z.string(),
          reason: reasonColumn,
          score: z.number().nullable(),
          status: z.string(),
          email: z.string().nullable(),
          matchedEmail: z.string().nullable(),
        }),
        sql`SELECT r.user_id AS "userId", r.photo_key AS key, r.reason, r.score, r.status,
            (SELECT email FROM "user" WHERE id = r.user_id) AS email,
            (SELECT email FROM "user" WHERE id = r.matched_user_id) AS "matchedEmail"
          FROM photo_reviews r WHERE r.id = ${id}::uuid FOR UPDATE`,
      );
      if (!row) throw notFound();
      if (row.status !== "pending")
        throw new AppError(409, "PHOTO_REVIEW_ALREADY_DECIDED", PHOTO_REVIEW_MSG.ALREADY_DECIDED);
      if (decision === "ban" && row.userId === actor.id)
        throw new AppError(400, "SELF_ACTION", PHOTO_REVIEW_MSG.SELF_BAN);

      const [decided] = await tx
        .update(photoReviews)
        .set({ status: removes ? "removed" : "approved", decidedAt: sql`now()`, decidedBy: actor.id })
        .where(eq(photoReviews.id, id))
        .returning({ decidedAt: photoReviews.decidedAt });
      let fileRemoved = false;
      if (removes) {
        const [profile] = await tx
          .update(profiles)
          .set({ photos: sql`array_remove(${profiles.photos}, ${row.key}::text)`, updatedAt: sql`now()` })
          .where(and(eq(profiles.userId, row.userId), sql`${row.key}::text = ANY(${profiles.photos})`))
          .returning({ userId: profiles.userId });
        fileRemoved = Boolean(profile);
        // The hash goes with the photo (its review is no longer pending: forgetPhoto leaves it as decided).
        await forgetPhoto(tx, row.key);
      }
      if (decision === "ban") {
        // As banUser does (users page): banned for good, every session ended.
        await tx
          .update(user)
          .set({
            banned: true,
            banReason: BAN_REASONS[row.reason] ?? null,
            banExpires: null,
            updatedAt: sql`now()`,
          })
          .where(eq(user.id, row.userId));
        await tx.delete(session).where(eq(session.userId, row.userId));
        await record(memberBanned, { userId: row.userId });
      }
      const score = row.score === null ? null : Number(row.score);
      await audit(
        tx,
        actor,
        `photo.${decision}`,
        { type: "user", id: row.userId },
        `${row.email ?? row.userId} · ${heldBecause(row.reason, score, row.matchedEmail)}`,
      );
      return {
        userId: row.userId,
        key: row.key,
        fileRemoved,
        decidedAt: decided!.decidedAt!.toISOString(),
      };
    });

  // Removing the main photo re-checks the « Profil vérifié » badge, as a member's own deletion does.
  const result = removes ? await withMainPhotoRecheck(deps, owner.userId, run) : await run();

  // Seeded demo members may share pooled pictures: only files named after this member are removed.
  if (result.fileRemoved && isOwnedBy(result.key, result.userId)) {
    // Its renditions too (issue 39), and the row that named them.
    for (const k of photoFiles(result.key)) {
      await deps.storage
        .delete(k)
        .catch((err) => deps.logger.error({ err, key: k }, "photo deletion failed"));
    }
    await forgetRenditions(deps.database.db, [result.key]).catch((err) =>
      deps.logger.error({ err, key: result.key }, "photo renditions: row not deleted"),
    );
  }
  deps.logger.info({ photoReviewId: id, userId: result.userId, decision }, "photo reviewed");
  return {
    id,
    userId: result.userId,
    status: removes ? "removed" : "approved",
    banned: decision === "ban",
    decidedAt: result.decidedAt,
  };
}
