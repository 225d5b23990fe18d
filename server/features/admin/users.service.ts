// Administration of accounts: the list (search, filters, sort, pages), one account's details, ban
import { ADMIN_MSG } from "@domain/admin.ts";
// and unban (ending every session and event stream), role, and deletion with photos and data.

import type { AdminList, AdminUserDetail, AdminUserRow } from "@domain/admin.ts";
import { ACCOUNT_STATUSES } from "@domain/constants.ts";
import { memberBanned } from "@domain/events.ts";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { bool, cappedTotal, likePattern, listBase, orderBy } from "../../platform/admin/list-query.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import { accountStatusEnum, genderEnum, profiles, session, user } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { accountVoiceKeys, deleteVoiceFiles } from "../../platform/media/voice-files.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { forgetRenditions, isOwnedBy, photoDto, photoFiles } from "../photos/index.ts";

export const userListShape = {
  ...listBase,
  status: z.enum(ACCOUNT_STATUSES, { error: "Statut inconnu" }).optional(),
  role: z.enum(["user", "admin"], { error: "Rôle inconnu" }).optional(),
  banned: bool.optional(),
  sort: z.enum(["created_at", "email", "name"], { error: "Tri inconnu" }).default("created_at"),
};
export type UserListQuery = z.output<z.ZodObject<typeof userListShape>>;

export const userNotFound = () => new AppError(404, "NOT_FOUND", ADMIN_MSG.ACCOUNT_NOT_FOUND);

/** A COLUMNS row (the profile's columns are null for an account without one). */
const userRow = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["user", "admin"]),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: timestampText,
  accountStatus: z.enum(accountStatusEnum.enumValues).nullable(),
  gender: z.enum(genderEnum.enumValues).nullable(),
  country: z.string().nullable(),
  photo: z.string().nullable(),
});
type UserRow = z.output<typeof userRow>;

const COLUMNS = sql`u.id, u.email, coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), u.name) AS name,
  u.role, u.banned, u.ban_reason AS "banReason", u.email_verified AS "emailVerified", u.created_at AS "createdAt",
  p.account_status AS "accountStatus", p.gender, nullif(p.country, '') AS country, p.photos[1] AS photo`;

function toRow(r: UserRow, storage: Storage): AdminUserRow {
  return {
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    photo: r.photo ? photoDto(r.photo, storage) : null,
  };
}

export async function listUsers(
  db: Db,
  storage: Storage,
  q: UserListQuery,
): Promise<AdminList<AdminUserRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (q.q) {
    const pattern = likePattern(q.q);
    // One OR across both tables of the join cannot use either table's trigram index (a sequential
    // scan of every account: seconds at 1,000,000). As a set of ids, each arm uses its own index.
    where.push(sql`u.id IN (SELECT id FROM "user" WHERE email ILIKE ${pattern} OR name ILIKE ${pattern}
      UNION ALL SELECT user_id FROM profiles WHERE (first_name || ' ' || last_name) ILIKE ${pattern}
      UNION ALL SELECT id FROM "user" WHERE id = ${q.q})`);
  }
  if (q.status) where.push(sql`p.account_status = ${q.status}`);
  if (q.role) where.push(sql`u.role = ${q.role}`);
  if (q.banned !== undefined) where.push(q.banned ? sql`u.banned` : sql`NOT u.banned`);
  const filter = sql.join(where, sql` AND `);
  const from = sql`FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE ${filter}`;
  const order = orderBy(
    { created_at: sql`u.created_at`, email: sql`u.email`, name: sql`u.name` },
    q.sort,
    q.dir,
    sql`u.id`,
  );
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      userRow,
      sql`SELECT ${COLUMNS} ${from} ${order} LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return { data: rows.map((r) => toRow(r, storage)), ...total, page: q.page, size: q.size };
}

export async function getUser(db: Db, storage: Storage, id: string): Promise<AdminUserDetail> {
  if (id.length > 64) throw userNotFound();
  const [row] = await queryRows(
    db,
    userRow.extend({
      subscriptionEndsAt: timestampText.nullable(),
      lastSessionAt: timestampText.nullable(),
      likesGiven: z.number().int(),
      matches: z.number().int(),
      messagesSent: z.number().int(),
      reportsReceived: z.number().int(),
    }),
    sql`SELECT ${COLUMNS}, p.subscription_ends_at AS "subscriptionEndsAt",
        (SELECT max(updated_at) FROM session s WHERE s.user_id = u.id) AS "lastSessionAt",
        (SELECT count(*) FROM likes l WHERE l.liker_id = u.id AND l.type = 'like')::int AS "likesGiven",
        (SELECT count(*) FROM matches m WHERE (m.user1_id = u.id OR m.user2_id = u.id) AND m.status = 'accepted')::int AS matches,
        (SELECT count(*) FROM messages x WHERE x.sender_id = u.id)::int AS "messagesSent",
        (SELECT count(*) FROM reports r WHERE r.reported_id = u.id)::int AS "reportsReceived"
      FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${id}`,
  );
  if (!row) throw userNotFound();
  const { subscriptionEndsAt, lastSessionAt, likesGiven, matches, messagesSent, reportsReceived, ...rest } =
    row;
  const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    ...toRow(rest, storage),
    subscriptionEndsAt: iso(subscriptionEndsAt),
    lastSessionAt: iso(lastSessionAt),
    counts: { likesGiven, matches, messagesSent, reportsReceived },
  };
}

type Deps = Pick<AppDeps, "database" | "storage" | "voices" | "bus" | "logger" | "events">;

async function endSessions(tx: Db, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
}

/** Tells every instance to close the member's event streams (after the commit). */
async function closeStreams(deps: Deps, userId: string): Promise<void> {
  await deps.bus
    .publish([userId], { type: "session.revoked" })
    .catch((err) => deps.logger.error({ err }, "stream revocation failed"));
}

/**
 * Bans the member: sessions ended, audited, « member.banned » recorded. `decided`, when given, runs
 * first in the same transaction (the shield's queue checks and records its decision there, so the
 * ban and the decision commit together or not at all).
 */
export async function banUser(
  deps: Deps,
  actor: Actor,
  id: string,
  reason: string,
  decided?: (tx: Db) => Promise<void>,
): Promise<void> {
  if (id === actor.id) throw new AppError(400, "SELF_ACTION", ADMIN_MSG.SELF_BAN);
  await deps.events.transaction(deps.database.db, async (tx, record) => {
    await decided?.(tx);
    const [row] = await tx
      .update(user)
      .set({ banned: true, banReason: reason, banExpires: null, updatedAt: sql`now()` })
      .where(eq(user.id, id))
      .returning({ email: user.email });
    if (!row) throw userNotFound();
    await endSessions(tx, id);
    await audit(tx, actor, "user.ban", { type: "user", id }, `${row.email} : ${reason}`);
    await record(memberBanned, { userId: id });
  });
}

export async function unbanUser(deps: Deps, actor: Actor, id: string): Promise<void> {
  await inTransaction(deps.database.db, async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: sql`now()` })
      .where(eq(user.id, id))
      .returning({ email: user.email });
    if (!row) throw userNotFound();
    await audit(tx, actor, "user.unban", { type: "user", id }, row.email);
  });
}

export async function setRole(deps: Deps, actor: Actor, id: string, role: "user" | "admin"): Promise<void> {
  if (id === actor.id && role !== "admin") throw new AppError(400, "SELF_ACTION", ADMIN_MSG.SELF_DEMOTE);
  await inTransaction(deps.database.db, async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(user.id, id))
      .returning({ email: user.email });
    if (!row) throw userNotFound();
    // A new role takes effect at once: the member signs in again.
    await endSessions(tx, id);
    await audit(
      tx,
      actor,
      "user.role",
      { type: "user", id },
      `${row.email} → ${role === "admin" ? "administrateur" : "membre"}`,
    );
  });
  await closeStreams(deps, id);
}

/**
 * Deletes the account and everything attached (profile, likes, matches, messages, subscriptions:
 * ON DELETE CASCADE), then its photo files. `confirmEmail` must repeat the account's e-mail.
 */
export async function deleteUser(deps: Deps, actor: Actor, id: string, confirmEmail: string): Promise<void> {
  if (id === actor.id) throw new AppError(400, "SELF_ACTION", ADMIN_MSG.SELF_DELETE);
  const { photos, voiceKeys } = await inTransaction(deps.database.db, async (tx) => {
    const [row] = await tx
      .select({ email: user.email, photos: profiles.photos })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, id))
      .for("update", { of: user });
    if (!row) throw userNotFound();
    if (row.email.toLowerCase() !== confirmEmail.trim().toLowerCase())
      throw new AppError(400, "VALIDATION_ERROR", ADMIN_MSG.CONFIRM_EMAIL_MISMATCH, {
        confirmEmail: "Saisissez l’adresse e-mail exacte du compte",
      });
    const voiceKeys = await accountVoiceKeys(tx, id);
    await tx.delete(user).where(eq(user.id, id));
    await audit(tx, actor, "user.delete", { type: "user", id }, row.email);
    return { photos: row.photos ?? [], voiceKeys };
  });
  await closeStreams(deps, id);
  // Files go after the commit: a failure leaves an orphan file (logged), never a half-deleted account.
  // Large seeded data sets share a pool of pictures: only the member's own files are removed, with
  // their renditions (issue 39) and the rows that named them.
  const own = photos.filter((k) => isOwnedBy(k, id));
  for (const key of own) {
    for (const k of photoFiles(key)) {
      await deps.storage
        .delete(k)
        .catch((err) => deps.logger.error({ err, key: k }, "photo deletion failed"));
    }
  }
  await forgetRenditions(deps.database.db, own).catch((err) =>
    deps.logger.error({ err }, "photo renditions: rows not deleted"),
  );
  await deleteVoiceFiles(deps, voiceKeys);
}
