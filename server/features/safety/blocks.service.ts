// Blocking: from the block on, neither member sees the other (search, profiles, matches,
// conversations) and their match, if any, is rejected in the blocker's name, so that only the
// blocker could ever reopen it. Unblocking lifts the invisibility, not the rejection.
import { matchChanged } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import type { BlockedMemberDto } from "@domain/safety.ts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { blocks, user } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { visiblePhotos } from "../moderation/index.ts";
import { photoDto, renditionsFor } from "../photos/index.ts";

/** True when either member blocked the other (for WHERE clauses). */
export function blockedBetween(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bl
    WHERE (bl.blocker_id = ${a} AND bl.blocked_id = ${b}) OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a}))`;
}

/** Everyone the member blocked or was blocked by: a small set, for NOT IN in the search. */
export function blockedSet(me: string): SQL {
  return sql`(SELECT blocked_id FROM blocks WHERE blocker_id = ${me}
    UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ${me})`;
}

/** A SELECT row. */
const blockRow = z.strictObject({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photo: z.string().nullable(),
  blockedAt: timestampText,
});
type Row = z.output<typeof blockRow>;

const toDto = (
  r: Row,
  storage: Storage,
  renditions?: ReadonlyMap<string, { placeholder: string }>,
): BlockedMemberDto => ({
  userId: r.userId,
  firstName: r.firstName || "Membre",
  lastInitial: r.lastName ? `${r.lastName.charAt(0).toLocaleUpperCase("fr")}.` : "",
  photo: r.photo ? photoDto(r.photo, storage, renditions?.get(r.photo)) : null,
  blockedAt: new Date(r.blockedAt).toISOString(),
});

const SELECT = sql`SELECT b.blocked_id AS "userId", coalesce(p.first_name, '') AS "firstName",
  coalesce(p.last_name, '') AS "lastName", (${visiblePhotos(sql`p.photos`, sql`p.user_id`)})[1] AS photo, b.created_at AS "blockedAt"
  FROM blocks b LEFT JOIN profiles p ON p.user_id = b.blocked_id`;

export async function listBlocks(db: Db, storage: Storage, me: string): Promise<BlockedMemberDto[]> {
  const rows = await queryRows(
    db,
    blockRow,
    sql`${SELECT} WHERE b.blocker_id = ${me} ORDER BY b.created_at DESC LIMIT 500`,
  );
  const renditions = await renditionsFor(
    db,
    rows.flatMap((r) => (r.photo ? [r.photo] : [])),
  );
  return rows.map((r) => toDto(r, storage, renditions));
}

export async function blockMember(
  deps: Pick<AppDeps, "database" | "storage" | "events">,
  me: string,
  userId: string,
): Promise<BlockedMemberDto> {
  if (userId === me) throw new AppError(400, "SELF_ACTION", MSG.SELF_ACTION);
  const { db } = deps.database;
  await deps.events.transaction(db, async (tx, record) => {
    const [exists] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!exists || userId.length > 64) throw new AppError(404, "MEMBER_NOT_FOUND", MSG.MEMBER_NOT_FOUND);
    await tx.insert(blocks).values({ blockerId: me, blockedId: userId }).onConflictDoNothing();
    const rows = await queryRows(
      tx,
      z.strictObject({ id: uuid, wasAccepted: z.boolean() }),
      sql`WITH pair AS (
          SELECT id, status FROM matches
          WHERE least(user1_id, user2_id) = least(${me}::text, ${userId}::text)
            AND greatest(user1_id, user2_id) = greatest(${me}::text, ${userId}::text)
          FOR UPDATE)
        UPDATE matches m SET status = 'rejected', rejected_by = ${me}, updated_at = now()
        FROM pair WHERE m.id = pair.id AND (pair.status = 'accepted' OR m.rejected_by IS NULL)
        RETURNING m.id, pair.status = 'accepted' AS "wasAccepted"`,
    );
    for (const { id } of rows.filter((r) => r.wasAccepted))
      await record(matchChanged, { matchId: id, userIds: [me, userId], status: "removed" });
  });
  const [row] = await queryRows(
    db,
    blockRow,
    sql`${SELECT} WHERE b.blocker_id = ${me} AND b.blocked_id = ${userId}`,
  );
  return toDto(row!, deps.storage);
}

export async function unblockMember(db: Db, me: string, userId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, me), eq(blocks.blockedId, userId)));
}
