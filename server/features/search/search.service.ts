// Search (SPEC §7, issue 17) in SQL: every filter is applied before paging, so every page is full.
// One statement reads the page of the chosen order, one counts the matches (up to SEARCH_COUNT_CAP);
// for « Compatibilité » one statement is both. The default order and the count walk
// profiles_search_idx backwards, in the order of the results, the count without reading the table
// (an index-only scan); « Activité récente » walks profiles_activity_idx; filters few members match
// go through their own indexes instead (docs/search-plans.md).
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
import { z } from "zod";
import { type Db, queryRows, type RowSchema } from "../../platform/db/client.ts";
import { microsText, uuid } from "../../platform/db/row-schemas.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import {
  hiddenFrom,
  oppositeGender,
  PUBLIC_COLUMNS,
  type PublicRow,
  pagePhotos,
  publicRow,
  textArray,
  toPublicProfile,
  type Viewer,
} from "../members/index.ts";
import { MEMBERS_WITH_ONLY_HELD_PHOTOS } from "../moderation/index.ts";
import { blockedSet } from "../safety/index.ts";
import {
  type ActivityCursor,
  decodeSearchCursor,
  encodeSearchCursor,
  type SearchCursor,
} from "./search-cursor.ts";

/**
 * What the count's bounded walk reads in order (searchCountQuery): one gender, profiles_search_idx's
 * first key, and nothing else. The age range is checked above the walk like every other filter, so
 * the walk stops after SEARCH_WALK entries read, however few of them are of the ages asked (the birth
 * date is not a leading key: a walk bounded inside a narrow range used to read five times as many).
 */
export function searchRange(viewer: Viewer): SQL {
  return sql`p.gender = ${oppositeGender(viewer.gender)}`;
}

/** The ages asked, and a birth date the member confirmed. */
function ageRange(q: SearchQuery, today: string): SQL {
  const { latest, earliestExclusive } = birthDateBounds(q.ageMin, q.ageMax, today);
  return sql`p.birth_date <= ${latest}::date AND p.birth_date > ${earliestExclusive}::date
    AND p.birth_date_confirmed`;
}

/** The conditions of a search, without paging: shared by the page and the count. */
export function searchConditions(viewer: Viewer, q: SearchQuery, today: string): SQL {
  const me = viewer.userId;
  // Who is never shown: the banned accounts, anyone the member liked or passed, blocked or was
  // blocked by, shares a match with (either order, accepted or rejected) or who hides from them
  // (issue 40) — and, with « Avec photo », members whose every photo is held for an
  // administrator. Small sets, written as ONE
  // NOT IN: a hashed subplan built once per statement, one hash probe per candidate row. One, not
  // several, because the planner counts each NOT IN subplan as halving the rows (it cannot
  // estimate them): with four, it expected 16 times too few matches and traded the ordered walk
  // of profiles_search_idx for a scan of every member of the gender (docs/search-plans.md).
  const hidden: SQL[] = [
    sql`SELECT id FROM "user" WHERE banned AND (ban_expires IS NULL OR ban_expires >= now())`,
    sql`SELECT liked_id FROM likes WHERE liker_id = ${me}`,
    sql`SELECT * FROM ${blockedSet(me)} AS b`,
    // Issue 40: the few members who hide from this one's country, city or origin.
    hiddenFrom(sql`${me}::text`),
    sql`SELECT CASE WHEN m.user1_id = ${me} THEN m.user2_id ELSE m.user1_id END
          FROM matches m WHERE m.user1_id = ${me} OR m.user2_id = ${me}`,
  ];
  if (q.withPhoto) hidden.push(sql`SELECT * FROM ${MEMBERS_WITH_ONLY_HELD_PHOTOS} AS h`);
  const parts: SQL[] = [
    searchRange(viewer),
    // Until a member gives their birth date, their age is unknown: nobody finds them.
    ageRange(q, today),
    sql`p.user_id <> ${me}`,
    sql`p.first_name <> ''`,
    sql`p.user_id NOT IN (${sql.join(hidden, sql` UNION ALL `)})`,
  ];
  if (q.withPhoto) parts.push(sql`p.has_photo`);
  // verified_at is also carried by the covering index: the count stays index-only.
  if (q.verified) parts.push(sql`p.verified_at IS NOT NULL`);
  if (q.interests.length > 0) parts.push(sql`p.interests && ${textArray(q.interests)}`);
  // Issue 17. Places are resolved to country names here; the columns are in the covering index.
  if (q.livesIn.length > 0) parts.push(sql`p.country = ANY (${textArray(countriesOfPlaces(q.livesIn))})`);
  if (q.from.length > 0) {
    // « Originaire de »: the origin the member gave, or where they live when they gave none —
    // written as profiles_origin_idx's expression, so that the index and its statistics apply.
    const from = textArray(countriesOfPlaces(q.from));
    parts.push(sql`coalesce(nullif(p.origin_country, ''), p.country) = ANY (${from})`);
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

/**
 * The default order's first key (issue 34, profiles_search_idx's expression exactly): 2 for a
 * subscriber with a photo, 1 for another member with one, 0 without — the first screen shows people.
 */
const TIER = sql`(CASE WHEN p.has_photo THEN CASE WHEN p.account_status = 'subscribed' THEN 2 ELSE 1 END ELSE 0 END)`;
const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;

/** The page: by tier (TIER), then newest; `size + 1` rows tell whether there is more. */
export function searchPageQuery(conditions: SQL, size: number, at: { offset: number } | SearchCursor): SQL {
  const after =
    "offset" in at
      ? sql``
      : sql`AND (${TIER}, p.created_at, p.id) <
            (${at.tier}::int, ${EPOCH} + ${at.createdAtUs}::bigint * interval '1 microsecond', ${at.id}::uuid)`;
  return sql`SELECT ${PUBLIC_COLUMNS}, p.id, ${TIER} AS tier,
      ((extract(epoch FROM p.created_at) * 1000000)::bigint)::text AS "createdAtUs"
    FROM profiles p
    WHERE ${conditions} ${after}
    ORDER BY ${TIER} DESC, p.created_at DESC, p.id DESC
    LIMIT ${size + 1} OFFSET ${"offset" in at ? at.offset : 0}`;
}

/**
 * How far the count (and « Compatibilité »'s pool) reads profiles_search_idx in order before it
 * leaves the rest to the planner. 20,000 entries of a gender are ~7 ms at 1,000,000 profiles; a
 * filter one member in a hundred meets (the age range included) finds its SEARCH_COUNT_CAP + 1
 * matches within them.
 */
export const SEARCH_WALK = 20_000;

/**
 * The first `walk` entries of the range (searchRange: a gender), in the default order: what the
 * bounded walk reads (its length a parameter for the tests only). The order's first key is an
 * output column (`tier`), so that a query over the walk can order by the same columns
 * and PostgreSQL knows they come sorted (an expression over `p` would not match, and the whole walk
 * would be sorted again).
 */
function walked(range: SQL, walk: number): SQL {
  return sql`(SELECT p.*, ${TIER} AS tier FROM profiles p WHERE ${range}
    ORDER BY tier DESC, p.created_at DESC, p.id DESC LIMIT ${walk}) AS p`;
}

/**
 * How many profiles match, counting no further than the cap, in two steps that do not depend on
 * the planner's estimates (which, for correlated filters — Wolof is spoken in Senegal — can be ten
 * times off and picked a table read of every Wolof speaker): first the newest SEARCH_WALK entries of
 * the gender, read in order by an index-only scan of profiles_search_idx (a subquery with a LIMIT,
 * so the filters apply above it and cannot change the plan); only when they hold fewer than
 * cap + 1 matches — a rare filter — a plain capped count, for which the planner picks the indexes
 * of the rare values (country, origin, languages, interests). docs/search-plans.md.
 */
export function searchCountQuery(range: SQL, conditions: SQL, walk = SEARCH_WALK): SQL {
  return sql`SELECT CASE WHEN w.n > ${SEARCH_COUNT_CAP} THEN w.n ELSE (
      SELECT count(*)::int FROM (SELECT 1 FROM profiles p WHERE ${conditions} LIMIT ${SEARCH_COUNT_CAP + 1}) AS rare
    ) END AS n
    FROM (SELECT count(*)::int AS n FROM (
      SELECT 1 FROM ${walked(range, walk)} WHERE ${conditions} LIMIT ${SEARCH_COUNT_CAP + 1}) AS found) AS w`;
}

const countRow = z.strictObject({ n: z.number().int() });

/** Runs the count (the connection pool disables parallel workers: see server/platform/db/client.ts). */
export async function countSearchMatches(db: Db, range: SQL, conditions: SQL): Promise<number> {
  const [row] = await queryRows(db, countRow, searchCountQuery(range, conditions));
  return row?.n ?? 0;
}

/**
 * Whether the planner expects at most SEARCH_COUNT_CAP matches: its estimate (EXPLAIN, planning
 * only), used to schedule the statements of « Activité récente », never to decide what is shown.
 */
async function fewExpected(db: Db, q: SearchQuery, conditions: SQL): Promise<boolean> {
  // Only a filter on chosen values can leave few members of a gender: without one, skip the
  // estimate (planning it costs ~1.8 ms at 1,000,000 profiles, more than the walk it would spare).
  const chosen =
    q.verified ||
    q.active ||
    [q.interests, q.livesIn, q.from, q.languages, q.lookingFor].some((values) => values.length > 0);
  if (!chosen) return false;
  const [row] = await queryRows(
    db,
    // The plan, as JSON both drivers parse: its root node's estimated rows.
    z.strictObject({
      "QUERY PLAN": z.tuple([z.looseObject({ Plan: z.looseObject({ "Plan Rows": z.number() }) })]),
    }),
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM profiles p WHERE ${conditions}`,
  );
  return (row?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0) <= SEARCH_COUNT_CAP;
}

/** A searchPageQuery row. */
const pageRow = publicRow.extend({ id: uuid, tier: z.number().int(), createdAtUs: microsText });
/** An activityPageQuery row. */
export const activityRow = publicRow.extend({ id: uuid, activeAtUs: microsText.nullable() });
type ActivityRow = z.output<typeof activityRow>;

const MICROS_OF = (column: SQL) => sql`((extract(epoch FROM ${column}) * 1000000)::bigint)::text`;
const AT_MICROS = (us: string) => sql`(${EPOCH} + ${us}::bigint * interval '1 microsecond')`;

/**
 * « Activité récente »: the most recently active first; members without visible activity last. The
 * ORDER BY is profiles_activity_idx's exactly (id is never null, but `DESC` alone means NULLS FIRST):
 * otherwise the walk yields only active_at's order and every tie is read and sorted.
 */
export function activityPageQuery(
  conditions: SQL,
  size: number,
  at: { offset: number } | ActivityCursor,
  few = false,
): SQL {
  const after =
    "offset" in at
      ? sql``
      : at.activeAtUs === null
        ? sql`AND p.active_at IS NULL AND p.id < ${at.id}::uuid`
        : sql`AND (p.active_at < ${AT_MICROS(at.activeAtUs)}
            OR (p.active_at = ${AT_MICROS(at.activeAtUs)} AND p.id < ${at.id}::uuid) OR p.active_at IS NULL)`;
  // With few matches (`few`: the count found at most SEARCH_COUNT_CAP), all of them are read the way
  // the count's rare step reads them — a LIMIT the planner meets through the indexes of the rare
  // values — and sorted: walking the activity index would read thousands of members to find them.
  const from = few
    ? sql`(SELECT * FROM profiles p WHERE ${conditions} LIMIT ${SEARCH_COUNT_CAP + 1}) AS p WHERE true`
    : sql`profiles p WHERE ${conditions}`;
  return sql`SELECT ${PUBLIC_COLUMNS}, p.id, ${MICROS_OF(sql`p.active_at`)} AS "activeAtUs"
    FROM ${from} ${after}
    ORDER BY p.active_at DESC NULLS LAST, p.id DESC NULLS LAST
    LIMIT ${size + 1} OFFSET ${"offset" in at ? at.offset : 0}`;
}

const poolRow = z.strictObject({
  id: uuid,
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  lookingFor: z.string(),
});
type PoolRow = z.output<typeof poolRow>;
const POOL_COLUMNS = sql`p.id, p.interests, p.languages, p.looking_for AS "lookingFor"`;

/**
 * The pool « Compatibilité » ranks: the first SEARCH_POOL_SIZE matches in the default order. It
 * reads one row more than the count's cap, so the same rows are also the count. Like the count, it
 * first reads the bounded walk, and asks the planner only when the walk held too few (a rare filter).
 */
export function compatibilityPoolQueries(
  range: SQL,
  conditions: SQL,
  walk = SEARCH_WALK,
): { walk: SQL; rest: SQL } {
  const limit = sql`LIMIT ${SEARCH_COUNT_CAP + 1}`;
  return {
    walk: sql`SELECT ${POOL_COLUMNS} FROM ${walked(range, walk)} WHERE ${conditions}
      ORDER BY p.tier DESC, p.created_at DESC, p.id DESC ${limit}`,
    rest: sql`SELECT ${POOL_COLUMNS} FROM profiles p WHERE ${conditions}
      ORDER BY ${TIER} DESC, p.created_at DESC, p.id DESC ${limit}`,
  };
}

/** The pool's rows: the bounded walk's, or the planner's read when the walk held too few. */
export async function readPool(
  db: Db,
  range: SQL,
  conditions: SQL,
  length = SEARCH_WALK,
): Promise<PoolRow[]> {
  const { walk, rest } = compatibilityPoolQueries(range, conditions, length);
  const first = await queryRows(db, poolRow, walk);
  return first.length > SEARCH_COUNT_CAP ? first : queryRows(db, poolRow, rest);
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
  where: { range: SQL; conditions: SQL },
  size: number,
  offset: number,
): Promise<{ rows: (PublicRow & { id: string })[]; hasMore: boolean; n: number }> {
  const read = await readPool(db, where.range, where.conditions);
  const n = Math.min(read.length, SEARCH_COUNT_CAP + 1);
  const ranked = read
    .slice(0, SEARCH_POOL_SIZE)
    .map((row, order) => ({ id: row.id, order, score: compatibilityScore(viewer, row) }))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const ids = ranked.slice(offset, offset + size).map((r) => r.id);
  if (ids.length === 0) return { rows: [], hasMore: false, n };
  const rows = await queryRows(
    db,
    publicRow.extend({ id: uuid }),
    sql`SELECT ${PUBLIC_COLUMNS}, p.id FROM profiles p WHERE p.id = ANY (${sql.param(ids)}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    hasMore: offset + size < ranked.length,
    n,
  };
}

/** What a search finds, before the rows become cards: the endpoint's statements, nothing else. */
export interface SearchRows {
  rows: PublicRow[];
  /** Matches counted up to SEARCH_COUNT_CAP + 1. */
  n: number;
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Runs a search's statements: the count concurrently with the page of the chosen order (for
 * « Activité récente » when the planner expects few matches, the count first: it chooses how the
 * page is read; for « Compatibilité », one statement is both). Exported
 * for bench/search.ts, which times exactly these statements apart from HTTP.
 */
export async function runSearch(db: Db, viewer: Viewer, q: SearchQuery, today: string): Promise<SearchRows> {
  // Ordering by activity shows it: not to a member who hides their own.
  if (q.sort === "activity" && viewer.presenceHidden)
    throw new AppError(403, "PRESENCE_HIDDEN", SEARCH_MSG.PRESENCE_HIDDEN);
  const range = searchRange(viewer);
  const conditions = searchConditions(viewer, q, today);
  const offset = ((q.page ?? 1) - 1) * q.size;
  if (q.sort === "compatibility") {
    // The pool is also the count (compatibilityPoolQueries).
    const from = q.cursor ? decodeSearchCursor(q.cursor, "compatibility").offset : offset;
    const { rows, hasMore, n } = await compatibilityPage(db, viewer, { range, conditions }, q.size, from);
    const nextCursor = hasMore ? encodeSearchCursor({ sort: "compatibility", offset: from + q.size }) : null;
    return { rows, n, hasMore, nextCursor };
  }
  if (q.sort === "activity") {
    const at = q.cursor ? decodeSearchCursor(q.cursor, "activity") : { offset };
    const cursorOf = (last: ActivityRow) =>
      encodeSearchCursor({ sort: "activity", activeAtUs: last.activeAtUs, id: last.id });
    // Both ways of reading the page give the same rows (activityPageQuery's `few`); which is faster
    // depends on how many match. When the planner expects many, the walk runs beside the count, as
    // the default order's page does; when it expects few, the count runs first and picks the way.
    if (!(await fewExpected(db, q, conditions)))
      return pageWithCount(
        db,
        activityRow,
        activityPageQuery(conditions, q.size, at),
        range,
        conditions,
        q.size,
        cursorOf,
      );
    const n = await countSearchMatches(db, range, conditions);
    const found = await queryRows(
      db,
      activityRow,
      activityPageQuery(conditions, q.size, at, n <= SEARCH_COUNT_CAP),
    );
    return pageOf(found, n, q.size, cursorOf);
  }
  const at = q.cursor ? decodeSearchCursor(q.cursor, "default") : { offset };
  return pageWithCount(
    db,
    pageRow,
    searchPageQuery(conditions, q.size, at),
    range,
    conditions,
    q.size,
    (last) =>
      encodeSearchCursor({
        sort: "default",
        tier: last.tier,
        createdAtUs: last.createdAtUs,
        id: last.id,
      }),
  );
}

/** A page (`size + 1` rows read) and the count, concurrently; the next cursor from the last row shown. */
async function pageWithCount<S extends typeof publicRow>(
  db: Db,
  schema: RowSchema<S>,
  page: SQL,
  range: SQL,
  conditions: SQL,
  size: number,
  cursorOf: (last: z.output<S>) => string,
): Promise<SearchRows> {
  const [found, n] = await Promise.all([
    queryRows(db, schema, page),
    countSearchMatches(db, range, conditions),
  ]);
  return pageOf(found, n, size, cursorOf);
}

/** The rows shown from the `size + 1` read, and the cursor of the next page. */
function pageOf<R extends PublicRow>(
  found: R[],
  n: number,
  size: number,
  cursorOf: (last: R) => string,
): SearchRows {
  const last = found[size - 1];
  const hasMore = found.length > size;
  return { rows: found.slice(0, size), n, hasMore, nextCursor: hasMore && last ? cursorOf(last) : null };
}

export async function searchProfiles(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  q: SearchQuery,
  today = todayIso(),
): Promise<SearchResultDto> {
  const { rows, n, hasMore, nextCursor } = await runSearch(db, viewer, q, today);
  // The cards' renditions (issue 39): one primary-key read for the page, after it.
  const photos = await pagePhotos(db, viewer.userId, rows);
  return {
    data: rows.map((row) => toPublicProfile(row, viewer, storage, today, photos)),
    count: Math.min(n, SEARCH_COUNT_CAP),
    countCapped: n > SEARCH_COUNT_CAP,
    hasMore,
    nextCursor,
  };
}
