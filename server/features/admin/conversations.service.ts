// Administration of matches and messages: lists with filters, setting a match to rejected (final:
import { ADMIN_MSG } from "@domain/admin.ts";
// the administrator is recorded as the one who said no, so no like can reopen it), deleting a
// message (the members' open pages drop it).

import type { AdminList, AdminMatchRow, AdminMessageRow } from "@domain/admin.ts";
import { UUID } from "@domain/uuid.ts";
import { VOICE_MSG } from "@domain/voice.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { cappedTotal, likePattern, listBase, orderBy } from "../../platform/admin/list-query.ts";
import { memberIdsFrom, memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { matchStatusEnum } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { deleteVoiceFiles } from "../../platform/media/voice-files.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { moderatedText } from "../messages/index.ts";

const uuidParam = z.string().regex(UUID, "Identifiant invalide");

export const matchListShape = {
  ...listBase,
  member: z.string().trim().min(1).max(254).optional(),
  status: z.enum(["accepted", "rejected"], { error: "Statut inconnu" }).optional(),
  sort: z.enum(["created_at", "updated_at"], { error: "Tri inconnu" }).default("created_at"),
};
export type MatchListQuery = z.output<z.ZodObject<typeof matchListShape>>;

export const messageListShape = {
  ...listBase,
  matchId: uuidParam.optional(),
  member: z.string().trim().min(1).max(254).optional(),
  sort: z.enum(["created_at"], { error: "Tri inconnu" }).default("created_at"),
};
export type MessageListQuery = z.output<z.ZodObject<typeof messageListShape>>;

/** A MATCH_COLUMNS row. */
const matchRow = z.strictObject({
  id: uuid,
  status: z.enum(matchStatusEnum.enumValues),
  createdAt: timestampText,
  updatedAt: timestampText,
  user1Id: z.string(),
  user2Id: z.string(),
  rejectedBy: z.string().nullable(),
  user1: memberRefRow,
  user2: memberRefRow,
  messages: z.number().int(),
});
type MatchRow = z.output<typeof matchRow>;

const MATCH_COLUMNS = sql`m.id, m.status, m.created_at AS "createdAt", m.updated_at AS "updatedAt",
  m.user1_id AS "user1Id", m.user2_id AS "user2Id", m.rejected_by AS "rejectedBy",
  ${memberRefJson(sql`m.user1_id`)} AS user1, ${memberRefJson(sql`m.user2_id`)} AS user2,
  (SELECT count(*) FROM messages x WHERE x.match_id = m.id)::int AS messages`;

function toMatch(r: MatchRow, storage: Storage): AdminMatchRow {
  return {
    id: r.id,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    rejectedBy:
      r.rejectedBy === null
        ? null
        : r.rejectedBy === r.user1Id
          ? "user1"
          : r.rejectedBy === r.user2Id
            ? "user2"
            : "admin",
    user1: toMemberRef(r.user1, storage),
    user2: toMemberRef(r.user2, storage),
    messages: r.messages,
  };
}

export async function listMatches(
  db: Db,
  storage: Storage,
  q: MatchListQuery,
): Promise<AdminList<AdminMatchRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (q.member) {
    const ids = memberIdsFrom(q.member);
    where.push(sql`(m.user1_id IN (${ids}) OR m.user2_id IN (${ids}))`);
  }
  if (q.status) where.push(sql`m.status = ${q.status}`);
  const from = sql`FROM matches m WHERE ${sql.join(where, sql` AND `)}`;
  const order = orderBy(
    { created_at: sql`m.created_at`, updated_at: sql`m.updated_at` },
    q.sort,
    q.dir,
    sql`m.id`,
  );
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      matchRow,
      sql`SELECT ${MATCH_COLUMNS} ${from} ${order} LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return { data: rows.map((r) => toMatch(r, storage)), ...total, page: q.page, size: q.size };
}

const matchNotFound = () => new AppError(404, "MATCH_NOT_FOUND", ADMIN_MSG.MATCH_NOT_FOUND);

export async function rejectMatch(
  deps: Pick<AppDeps, "database" | "storage" | "bus" | "logger">,
  actor: Actor,
  id: string,
): Promise<AdminMatchRow> {
  if (!UUID.test(id)) throw matchNotFound();
  const { db } = deps.database;
  const pair = await inTransaction(db, async (tx) => {
    const [row] = await queryRows(
      tx,
      z.strictObject({ user1Id: z.string(), user2Id: z.string(), was: z.enum(matchStatusEnum.enumValues) }),
      sql`UPDATE matches m SET status = 'rejected', rejected_by = ${actor.id}, updated_at = now()
        FROM (SELECT status FROM matches WHERE id = ${id}::uuid) old
        WHERE m.id = ${id}::uuid RETURNING m.user1_id AS "user1Id", m.user2_id AS "user2Id", old.status AS was`,
    );
    if (!row) throw matchNotFound();
    await audit(tx, actor, "match.reject", { type: "match", id }, `${row.user1Id} / ${row.user2Id}`);
    return row;
  });
  if (pair.was === "accepted")
    await deps.bus
      .publish([pair.user1Id, pair.user2Id], { type: "match.removed", matchId: id })
      .catch((err) => deps.logger.error({ err }, "event publishing failed"));
  const [row] = await queryRows(
    db,
    matchRow,
    sql`SELECT ${MATCH_COLUMNS} FROM matches m WHERE m.id = ${id}::uuid`,
  );
  return toMatch(row!, deps.storage);
}

const messageRow = z.strictObject({
  id: uuid,
  matchId: uuid,
  content: z.string(),
  voiceMs: z.number().int().nullable(),
  createdAt: timestampText,
  readAt: timestampText.nullable(),
  sender: memberRefRow,
  recipient: memberRefRow,
});

export async function listMessages(
  db: Db,
  storage: Storage,
  q: MessageListQuery,
): Promise<AdminList<AdminMessageRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (q.q) where.push(sql`x.content ILIKE ${likePattern(q.q)}`);
  if (q.matchId) where.push(sql`x.match_id = ${q.matchId}::uuid`);
  if (q.member) {
    const ids = memberIdsFrom(q.member);
    where.push(
      sql`x.match_id IN (SELECT id FROM matches WHERE user1_id IN (${ids}) OR user2_id IN (${ids}))`,
    );
  }
  const from = sql`FROM messages x WHERE ${sql.join(where, sql` AND `)}`;
  const order = orderBy({ created_at: sql`x.created_at` }, q.sort, q.dir, sql`x.id`);
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      messageRow,
      sql`SELECT x.id, x.match_id AS "matchId", ${moderatedText} AS content, x.voice_ms AS "voiceMs", x.created_at AS "createdAt", x.read_at AS "readAt",
          ${memberRefJson(sql`x.sender_id`)} AS sender,
          ${memberRefJson(sql`(SELECT CASE WHEN m.user1_id = x.sender_id THEN m.user2_id ELSE m.user1_id END
            FROM matches m WHERE m.id = x.match_id)`)} AS recipient
        ${from} ${order} LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      matchId: r.matchId,
      content: r.content,
      voiceMs: r.voiceMs,
      createdAt: new Date(r.createdAt).toISOString(),
      readAt: r.readAt === null ? null : new Date(r.readAt).toISOString(),
      sender: toMemberRef(r.sender, storage),
      recipient: toMemberRef(r.recipient, storage),
    })),
    ...total,
    page: q.page,
    size: q.size,
  };
}

/** A voice message's file, for an administrator (any message: they read every conversation here). */
export async function messageVoiceFile(db: Db, id: string): Promise<{ key: string; type: string }> {
  const notFound = new AppError(404, "VOICE_NOT_FOUND", VOICE_MSG.NOT_FOUND);
  if (!UUID.test(id)) throw notFound;
  const [row] = await queryRows(
    db,
    z.strictObject({ key: z.string(), type: z.string() }),
    sql`SELECT voice_key AS key, voice_type AS type FROM messages WHERE id = ${id}::uuid AND voice_key IS NOT NULL`,
  );
  if (!row) throw notFound;
  return row;
}

export async function deleteMessage(
  deps: Pick<AppDeps, "database" | "bus" | "logger" | "voices">,
  actor: Actor,
  id: string,
): Promise<void> {
  if (!UUID.test(id)) throw new AppError(404, "NOT_FOUND", ADMIN_MSG.MESSAGE_NOT_FOUND);
  const removed = await inTransaction(deps.database.db, async (tx) => {
    const [row] = await queryRows(
      tx,
      z.strictObject({
        matchId: uuid,
        senderId: z.string(),
        length: z.number().int(),
        user1: z.string(),
        user2: z.string(),
        waiting: z.boolean(),
        voiceKey: z.string().nullable(),
      }),
      sql`DELETE FROM messages x USING matches m WHERE x.id = ${id}::uuid AND m.id = x.match_id
        RETURNING x.match_id AS "matchId", x.sender_id AS "senderId", char_length(x.content) AS length,
          m.user1_id AS user1, m.user2_id AS user2, coalesce(x.shield = 'waiting', false) AS waiting,
          x.voice_key AS "voiceKey"`,
    );
    if (!row) throw new AppError(404, "NOT_FOUND", ADMIN_MSG.MESSAGE_NOT_FOUND);
    await audit(
      tx,
      actor,
      "message.delete",
      { type: "message", id },
      row.voiceKey
        ? `Message vocal, conversation ${row.matchId}`
        : `Message de ${row.length} caractères, conversation ${row.matchId}`,
    );
    return row;
  });
  // The recording goes after the commit; a failure leaves an orphan the daily sweep removes.
  if (removed.voiceKey) await deleteVoiceFiles(deps, [removed.voiceKey]);
  await deps.bus
    // A message still waiting on the shield's hold (issue 36) was never the recipient's to see.
    .publish(removed.waiting ? [removed.senderId] : [removed.user1, removed.user2], {
      type: "message.deleted",
      matchId: removed.matchId,
      messageId: id,
    })
    .catch((err) => deps.logger.error({ err }, "event publishing failed"));
}
