// « Partager mon rendez-vous » and « Présenter à ma famille » (issue 40): a member creates a link to
// a match's card, lists and revokes her links, and reads her relatives' private words. A link is a
// random 256-bit token of which only the SHA-256 is stored; it opens only while the match holds —
// accepted, neither blocked nor banned, the match not hiding from the member — and until it
// expires or is revoked. Every rule is checked when the link is made and each time it opens.
import { createHash, randomBytes } from "node:crypto";
import { cardShared } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import { type CreateShare, SHARE, SHARE_MSG, SHARE_PATH, type SharedCardDto } from "@domain/sharing.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import type { DomainEvents } from "../../platform/events/domain-events.ts";
import { AppError } from "../../platform/http/errors.ts";
import { hidesFrom, visibleAs } from "../members/index.ts";
import { blockedBetween } from "../safety/index.ts";

const DAY_MS = 86_400_000;

/** A token as links carry it: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The card may be shown: the match is accepted, both members are visible and neither blocked the
 * other, and the match does not hide from the owner (issue 40 rule 6: never in her shared links).
 */
function mayShow(owner: SQL, member: SQL, matchId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM matches m
      JOIN profiles op ON op.user_id = ${owner} JOIN "user" ou ON ou.id = op.user_id
      JOIN profiles mp ON mp.user_id = ${member} JOIN "user" mu ON mu.id = mp.user_id
      WHERE m.id = ${matchId} AND m.status = 'accepted'
        AND ${owner} IN (m.user1_id, m.user2_id) AND ${member} IN (m.user1_id, m.user2_id)
        AND ${visibleAs("op", "ou")} AND ${visibleAs("mp", "mu")})
    AND NOT ${blockedBetween(owner, member)}
    AND NOT ${hidesFrom(member, owner)}`;
}

const cardRow = z.strictObject({
  id: uuid,
  kind: z.enum(["date", "family"]),
  matchId: uuid,
  memberId: z.string(),
  firstName: z.string(),
  relative: z.string().nullable(),
  place: z.string().nullable(),
  meetsAt: timestampText.nullable(),
  travel: z.string().nullable(),
  expiresAt: timestampText,
  revokedAt: timestampText.nullable(),
  active: z.boolean(),
  lastViewedAt: timestampText.nullable(),
  word: z.string().nullable(),
  wordAt: timestampText.nullable(),
  createdAt: timestampText,
});
type CardRow = z.output<typeof cardRow>;

const CARD_COLUMNS = sql`sc.id, sc.kind, sc.match_id AS "matchId", sc.member_id AS "memberId",
  p.first_name AS "firstName", sc.relative, sc.place, sc.meets_at AS "meetsAt", sc.travel,
  sc.expires_at AS "expiresAt", sc.revoked_at AS "revokedAt",
  (sc.revoked_at IS NULL AND sc.expires_at > now()) AS active, sc.last_viewed_at AS "lastViewedAt",
  sc.word, sc.word_at AS "wordAt", sc.created_at AS "createdAt"`;

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

function cardDto(r: CardRow): SharedCardDto {
  return {
    id: r.id,
    kind: r.kind,
    matchId: r.matchId,
    member: { userId: r.memberId, firstName: r.firstName },
    relative: r.relative,
    place: r.place,
    meetsAt: iso(r.meetsAt),
    travel: r.travel,
    expiresAt: new Date(r.expiresAt).toISOString(),
    revokedAt: iso(r.revokedAt),
    active: r.active,
    lastViewedAt: iso(r.lastViewedAt),
    word: r.word,
    wordAt: iso(r.wordAt),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** When a link stops opening: a few days after the date, else a week (a date) or a month (family). */
export function shareExpiry(input: CreateShare, now: number): Date {
  if (input.kind === "family") return new Date(now + SHARE.FAMILY_DAYS * DAY_MS);
  if (input.meetsAt) return new Date(Date.parse(input.meetsAt) + SHARE.DAYS_AFTER_DATE * DAY_MS);
  return new Date(now + SHARE.DAYS_WITHOUT_DATE * DAY_MS);
}

export async function createShare(
  db: Db,
  events: DomainEvents,
  ownerId: string,
  matchId: string,
  input: CreateShare,
  baseUrl: string,
): Promise<{ card: SharedCardDto; url: string }> {
  const now = Date.now();
  if (input.kind === "date" && input.meetsAt) {
    const at = Date.parse(input.meetsAt);
    // A date earlier today is still today's date; one long past or far ahead is a typing mistake.
    if (at < now - DAY_MS || at > now + SHARE.MAX_DAYS_AHEAD * DAY_MS)
      throw new AppError(400, "SHARE_DATE_OUT_OF_RANGE", SHARE_MSG.MEETS_AT_RANGE);
  }
  const token = randomBytes(SHARE.TOKEN_BYTES).toString("base64url");
  const id = await events.transaction(db, async (tx, record) => {
    // Her row locked: two links made at once cannot both be the sixth family link.
    const [match] = await queryRows(
      tx,
      z.strictObject({ memberId: z.string(), familyLinks: z.number().int() }),
      sql`SELECT CASE WHEN m.user1_id = ${ownerId} THEN m.user2_id ELSE m.user1_id END AS "memberId",
          (SELECT count(*)::int FROM shared_cards sc WHERE sc.owner_id = ${ownerId} AND sc.kind = 'family'
            AND sc.revoked_at IS NULL AND sc.expires_at > now()) AS "familyLinks"
        FROM matches m, (SELECT 1 FROM profiles WHERE user_id = ${ownerId} FOR UPDATE) AS locked
        WHERE m.id = ${matchId}::uuid AND ${ownerId} IN (m.user1_id, m.user2_id)
          AND ${mayShow(sql`${ownerId}::text`, sql`CASE WHEN m.user1_id = ${ownerId} THEN m.user2_id ELSE m.user1_id END`, sql`m.id`)}`,
    );
    if (!match) throw new AppError(404, "MATCH_NOT_FOUND", MSG.MATCH_NOT_FOUND);
    if (input.kind === "family" && match.familyLinks >= SHARE.FAMILY_MAX)
      throw new AppError(409, "FAMILY_LINKS_FULL", SHARE_MSG.FAMILY_FULL);
    const [row] = await queryRows(
      tx,
      z.strictObject({ id: uuid }),
      sql`INSERT INTO shared_cards (token_hash, owner_id, match_id, member_id, kind, relative, place, meets_at,
          travel, time_zone, expires_at)
        VALUES (${hashToken(token)}, ${ownerId}, ${matchId}::uuid, ${match.memberId}, ${input.kind},
          ${input.kind === "family" ? input.relative : null},
          ${input.kind === "date" ? (input.place ?? null) : null},
          ${input.kind === "date" ? (input.meetsAt ?? null) : null}::timestamptz,
          ${input.kind === "date" ? (input.travel ?? null) : null},
          ${input.kind === "date" ? (input.timeZone ?? null) : null},
          ${shareExpiry(input, now).toISOString()}::timestamptz)
        RETURNING id`,
    );
    await record(cardShared, { ownerId, memberId: match.memberId, matchId, kind: input.kind });
    return row!.id;
  });
  const [card] = await cardsOf(db, ownerId, sql`sc.id = ${id}::uuid`);
  return { card: card!, url: `${baseUrl}${SHARE_PATH}/${token}` };
}

async function cardsOf(db: Db, ownerId: string, where: SQL = sql`true`): Promise<SharedCardDto[]> {
  const rows = await queryRows(
    db,
    cardRow,
    sql`SELECT ${CARD_COLUMNS} FROM shared_cards sc JOIN profiles p ON p.user_id = sc.member_id
      WHERE sc.owner_id = ${ownerId} AND ${where}
      ORDER BY sc.created_at DESC LIMIT 50`,
  );
  return rows.map(cardDto);
}

/** « Mes liens partagés »: the member's links, the newest first, with her relatives' words. */
export const listShares = (db: Db, ownerId: string) => cardsOf(db, ownerId);

/** Revokes one of the member's links (a link of someone else's is not found). */
export async function revokeShare(db: Db, ownerId: string, id: string): Promise<void> {
  if (!uuid.safeParse(id).success) throw new AppError(404, "SHARE_NOT_FOUND", SHARE_MSG.SHARE_NOT_FOUND);
  const rows = await queryRows(
    db,
    z.strictObject({ id: uuid }),
    sql`UPDATE shared_cards SET revoked_at = coalesce(revoked_at, now())
      WHERE id = ${id}::uuid AND owner_id = ${ownerId} RETURNING id`,
  );
  if (rows.length === 0) throw new AppError(404, "SHARE_NOT_FOUND", SHARE_MSG.SHARE_NOT_FOUND);
}

const openRow = z.strictObject({
  id: uuid,
  kind: z.enum(["date", "family"]),
  ownerName: z.string(),
  ownerId: z.string(),
  memberId: z.string(),
  relative: z.string().nullable(),
  place: z.string().nullable(),
  meetsAt: timestampText.nullable(),
  timeZone: z.string().nullable(),
  travel: z.string().nullable(),
  expiresAt: timestampText,
  talkingSince: timestampText,
  word: z.string().nullable(),
});
export type OpenedShare = z.output<typeof openRow>;

/**
 * The link of this token if it opens now, else null (unknown, revoked, expired, or the match no
 * longer shown: removed, blocked, banned, hidden from the owner). Marks it viewed.
 */
export async function openShare(db: Db, token: string): Promise<OpenedShare | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await queryRows(
    db,
    openRow,
    sql`UPDATE shared_cards sc SET last_viewed_at = now()
      FROM profiles op
      WHERE sc.token_hash = ${hashToken(token)} AND op.user_id = sc.owner_id
        AND sc.revoked_at IS NULL AND sc.expires_at > now()
        AND ${mayShow(sql`sc.owner_id`, sql`sc.member_id`, sql`sc.match_id`)}
      RETURNING sc.id, sc.kind, op.first_name AS "ownerName", sc.owner_id AS "ownerId", sc.member_id AS "memberId", sc.relative,
        sc.place, sc.meets_at AS "meetsAt", sc.time_zone AS "timeZone", sc.travel, sc.expires_at AS "expiresAt", sc.word,
        coalesce((SELECT min(x.created_at) FROM messages x WHERE x.match_id = sc.match_id),
          (SELECT m.created_at FROM matches m WHERE m.id = sc.match_id)) AS "talkingSince"`,
  );
  return row ?? null;
}

/** A relative's private word on a family link that opens (replacing an earlier one). */
export async function leaveWord(db: Db, token: string, word: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const rows = await queryRows(
    db,
    z.strictObject({ id: uuid }),
    sql`UPDATE shared_cards sc SET word = ${word}, word_at = now()
      WHERE sc.token_hash = ${hashToken(token)} AND sc.kind = 'family'
        AND sc.revoked_at IS NULL AND sc.expires_at > now()
        AND ${mayShow(sql`sc.owner_id`, sql`sc.member_id`, sql`sc.match_id`)}
      RETURNING sc.id`,
  );
  return rows.length > 0;
}
