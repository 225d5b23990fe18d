// Search (SPEC §7) in SQL: every filter is applied before paging, so every page is full. One
// statement reads the page, one counts the matches (up to SEARCH_COUNT_CAP). Both walk
// profiles_search_idx backwards, in the order of the results; the count reads only that index
// (an index-only scan), never the table (docs/search-plans.md).
import { todayIso } from "@domain/age.ts";
import { compatibilityScore } from "@domain/compatibility.ts";
import {
  birthDateBounds,
  countriesOfPlaces,
  SEARCH_COUNT_CAP,
  SEARCH_MSG,
  SEARCH_POOL_SIZE,
  type SearchQuery,
  type SearchResultDto,
} from "@domain/discovery.ts";
import { PRESENCE } from "@domain/presence.ts";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { MEMBERS_WITH_ONLY_HELD_PHOTOS } from "../../moderation/moderation.service.ts";
import type { Storage } from "../../storage/storage.ts";
import {
  oppositeGender,
  PUBLIC_COLUMNS,
  type PublicRow,
  textArray,
  toPublicProfile,
  type Viewer,
} from "../members/public-profile.ts";
import { blockedSet } from "../safety/blocks.service.ts";
import {
  type ActivityCursor,
  decodeSearchCursor,
  encodeSearchCursor,
  type SearchCursor,
} from "./search-cursor.ts";

/** The conditions of a search, without paging: shared by the page and the count. */
export function searchConditions(viewer: Viewer, q: SearchQuery, today: string): SQL {
  const { latest, earliestExclusive } = birthDateBounds(q.ageMin, q.ageMax, today);
  const me = viewer.userId;
  // The member's own likes, matches and the banned accounts are small sets: written as NOT IN,
  // each becomes a hashed subplan built once per statement, so a candidate row costs three hash
  // probes instead of three index probes (docs/search-plans.md).
  const parts: SQL[] = [
    sql`p.gender = ${oppositeGender(viewer.gender)}`,
    sql`p.birth_date <= ${latest}::date AND p.birth_date > ${earliestExclusive}::date`,
    sql`p.user_id <> ${me}`,
    sql`p.first_name <> ''`,
    // Until a member gives their birth date, their age is unknown: nobody finds them. The column is
    // the last of profiles_search_idx's payload, so the count stays an index-only scan.
    sql`p.birth_date_confirmed`,
    sql`p.user_id NOT IN (SELECT id FROM "user" WHERE banned AND (ban_expires IS NULL OR ban_expires >= now()))`,
    // Anyone the member already liked or passed…
    sql`p.user_id NOT IN (SELECT liked_id FROM likes WHERE liker_id = ${me})`,
    // …blocked or was blocked by…
    sql`p.user_id NOT IN ${blockedSet(me)}`,
    // …or shares a match with, in either order, accepted or rejected.
    sql`p.user_id NOT IN (SELECT CASE WHEN m.user1_id = ${me} THEN m.user2_id ELSE m.user1_id END
          FROM matches m WHERE m.user1_id = ${me} OR m.user2_id = ${me})`,
  ];
  // has_photo is cardinality(photos) > 0, kept by PostgreSQL (a generated column) and carried by
  // profiles_search_idx, which the expression itself could not be for an index-only scan. Photos held
  // for an administrator are not shown: a member with only held photos has none to show.
  if (q.withPhoto) parts.push(sql`p.has_photo`, sql`p.user_id NOT IN ${MEMBERS_WITH_ONLY_HELD_PHOTOS}`);
  // verified_at is also carried by the covering index: the count stays index-only.
  if (q.verified) parts.push(sql`p.verified_at IS NOT NULL`);
  if (q.interests.length > 0) parts.push(sql`p.interests && ${textArray(q.interests)}`);
  // Issue 17. Places are resolved to country names here; the columns are in the covering index.
  if (q.livesIn.length > 0) parts.push(sql`p.country = ANY (${textArray(countriesOfPlaces(q.livesIn))})`);
  if (q.from.length > 0) {
    // « Originaire de »: the origin the member gave, or where they live when they gave none.
    const from = textArray(countriesOfPlaces(q.from));
    parts.push(
      sql`(p.origin_country = ANY (${from}) OR (p.origin_country = '' AND p.country = ANY (${from})))`,
    );
  }
  if (q.languages.length > 0) parts.push(sql`p.languages && ${textArray(q.languages)}`);
  // « En ligne récemment »: active_at is null for a member who hides it, so they never match.
  if (q.active) {
    if (viewer.presenceHidden) throw new AppError(403, "PRESENCE_HIDDEN", SEARCH_MSG.PRESENCE_HIDDEN);
    parts.push(sql`p.active_at > now() - ${PRESENCE.WEEK_DAYS} * interval '1 day'`);
  }
  if (q.lookingFor.length > 0) parts.push(sql`p.looking_for = ANY (${textArray(q.lookingFor)})`);
  return sql.join(parts, sql` AND `);
}

const SUBSCRIBED = sql`(p.account_status = 'subscribed')`;
const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;

/** The page: subscribed first, then newest; `size + 1` rows tell whether there is more. */
export function searchPageQuery(conditions: SQL, size: number, at: { offset: number } | SearchCursor): SQL {
  const after =
    "offset" in at
      ? sql``
      : sql`AND (${SUBSCRIBED}, p.created_at, p.id) <
            (${at.subscribed}, ${EPOCH} + ${at.createdAtUs}::bigint * interval '1 microsecond', ${at.id}::uuid)`;
  return sql`SELECT ${PUBLIC_COLUMNS}, p.id, ${SUBSCRIBED} AS subscribed,
      ((extract(epoch FROM p.created_at) * 1000000)::bigint)::text AS "createdAtUs"
    FROM profiles p
    WHERE ${conditions} ${after}
    ORDER BY ${SUBSCRIBED} DESC, p.created_at DESC, p.id DESC
    LIMIT ${size + 1} OFFSET ${"offset" in at ? at.offset : 0}`;
}

/**
 * How many profiles match, counting no further than the cap. The order changes nothing to the
 * number; it makes the count read the rows the pages read (the newest, already in the cache), by an
 * index-only scan of profiles_search_idx that stops at the cap, instead of a scan of the table that
 * starts wherever the last one stopped or bitmaps of every profile with a common interest.
 */
export function searchCountQuery(conditions: SQL): SQL {
  return sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM profiles p
      WHERE ${conditions}
      ORDER BY ${SUBSCRIBED} DESC, p.created_at DESC, p.id DESC
      LIMIT ${SEARCH_COUNT_CAP + 1}) AS capped`;
}

/** Runs the count (the connection pool disables parallel workers: see server/db/client.ts). */
export async function countSearchMatches(db: Db, conditions: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, searchCountQuery(conditions));
  return row?.n ?? 0;
}

type PageRow = PublicRow & { id: string; subscribed: boolean; createdAtUs: string };
type ActivityRow = PublicRow & { id: string; activeAtUs: string | null };

const MICROS_OF = (column: SQL) => sql`((extract(epoch FROM ${column}) * 1000000)::bigint)::text`;
const AT_MICROS = (us: string) => sql`(${EPOCH} + ${us}::bigint * interval '1 microsecond')`;

/** « Activité récente »: the most recently active first; members without visible activity last. */
export function activityPageQuery(
  conditions: SQL,
  size: number,
  at: { offset: number } | ActivityCursor,
): SQL {
  const after =
    "offset" in at
      ? sql``
      : at.activeAtUs === null
        ? sql`AND p.active_at IS NULL AND p.id < ${at.id}::uuid`
        : sql`AND (p.active_at < ${AT_MICROS(at.activeAtUs)}
            OR (p.active_at = ${AT_MICROS(at.activeAtUs)} AND p.id < ${at.id}::uuid) OR p.active_at IS NULL)`;
  return sql`SELECT ${PUBLIC_COLUMNS}, p.id, ${MICROS_OF(sql`p.active_at`)} AS "activeAtUs"
    FROM profiles p
    WHERE ${conditions} ${after}
    ORDER BY p.active_at DESC NULLS LAST, p.id DESC
    LIMIT ${size + 1} OFFSET ${"offset" in at ? at.offset : 0}`;
}

/**
 * « Compatibilité » ranks a pool: the first SEARCH_POOL_SIZE matching profiles in the default order
 * (read through the covering index, as the count is), scored with the SPEC's compatibilityScore —
 * the very function that shows the score on the cards — and sorted by it. Scoring every matching
 * profile would cost a pass over up to half the members on each page; past the pool, the default
 * order is what a member browsing that far wants anyway. Pages are positions in the ranked pool.
 */
async function compatibilityPage(
  db: Db,
  viewer: Viewer,
  conditions: SQL,
  size: number,
  offset: number,
): Promise<{ rows: (PublicRow & { id: string })[]; hasMore: boolean }> {
  const pool = await queryRows<{ id: string; interests: string[]; languages: string[]; lookingFor: string }>(
    db,
    sql`SELECT p.id, p.interests, p.languages, p.looking_for AS "lookingFor" FROM profiles p
      WHERE ${conditions}
      ORDER BY ${SUBSCRIBED} DESC, p.created_at DESC, p.id DESC
      LIMIT ${SEARCH_POOL_SIZE}`,
  );
  const ranked = pool
    .map((row, order) => ({ id: row.id, order, score: compatibilityScore(viewer, row) }))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const ids = ranked.slice(offset, offset + size).map((r) => r.id);
  if (ids.length === 0) return { rows: [], hasMore: false };
  const rows = await queryRows<PublicRow & { id: string }>(
    db,
    sql`SELECT ${PUBLIC_COLUMNS}, p.id FROM profiles p WHERE p.id = ANY (${sql.param(ids)}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    hasMore: offset + size < ranked.length,
  };
}

export async function searchProfiles(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  q: SearchQuery,
  today = todayIso(),
): Promise<SearchResultDto> {
  // Ordering by activity shows it: not to a member who hides their own.
  if (q.sort === "activity" && viewer.presenceHidden)
    throw new AppError(403, "PRESENCE_HIDDEN", SEARCH_MSG.PRESENCE_HIDDEN);
  const conditions = searchConditions(viewer, q, today);
  const offset = ((q.page ?? 1) - 1) * q.size;
  const counted = countSearchMatches(db, conditions);
  let page: PublicRow[];
  let hasMore: boolean;
  let nextCursor: string | null = null;
  if (q.sort === "compatibility") {
    const from = q.cursor ? decodeSearchCursor(q.cursor, "compatibility").offset : offset;
    const result = await compatibilityPage(db, viewer, conditions, q.size, from);
    page = result.rows;
    hasMore = result.hasMore;
    if (hasMore) nextCursor = encodeSearchCursor({ sort: "compatibility", offset: from + q.size });
  } else if (q.sort === "activity") {
    const at = q.cursor ? decodeSearchCursor(q.cursor, "activity") : { offset };
    const rows = await queryRows<ActivityRow>(db, activityPageQuery(conditions, q.size, at));
    hasMore = rows.length > q.size;
    const shown = rows.slice(0, q.size);
    const last = shown.at(-1);
    page = shown;
    if (hasMore && last)
      nextCursor = encodeSearchCursor({ sort: "activity", activeAtUs: last.activeAtUs, id: last.id });
  } else {
    const at = q.cursor ? decodeSearchCursor(q.cursor, "default") : { offset };
    const rows = await queryRows<PageRow>(db, searchPageQuery(conditions, q.size, at));
    hasMore = rows.length > q.size;
    const shown = rows.slice(0, q.size);
    const last = shown.at(-1);
    page = shown;
    if (hasMore && last)
      nextCursor = encodeSearchCursor({
        sort: "default",
        subscribed: last.subscribed,
        createdAtUs: last.createdAtUs,
        id: last.id,
      });
  }
  const n = await counted;
  return {
    data: page.map((row) => toPublicProfile(row, viewer, storage, today)),
    count: Math.min(n, SEARCH_COUNT_CAP),
    countCapped: n > SEARCH_COUNT_CAP,
    hasMore,
    nextCursor,
  };
}
