// The SPEC §7 search the way a Supabase client runs it: one round trip per step — profile, likes,
// matches, subscribed page, fill page (each page with its exact count, as PostgREST computes
// `count: "exact"`) — then every other filter and de-duplication in JavaScript, after paging (so
// its pages can come back short, or empty for a rare filter), and the orders of issue 17 applied to
// the page it got (a client cannot sort what it did not fetch).
import { minusYears } from "@domain/age.ts";
import { compatibilityScore } from "@domain/compatibility.ts";
import { countriesOfPlaces, type SearchQuery } from "@domain/discovery.ts";
import { PRESENCE } from "@domain/presence.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { oppositeGender, textArray } from "../../server/features/members/public-profile.ts";
import { type Db, queryRows } from "../../server/platform/db/client.ts";

/** A profiles row as PostgREST returns it (every column, `p.*`): the columns the client reads. */
const baselineProfile = z.looseObject({
  user_id: z.string(),
  photos: z.array(z.string()),
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  looking_for: z.string(),
  country: z.string(),
  origin_country: z.string(),
  last_active_at: z.string().nullable(),
  presence_hidden: z.boolean(),
});
type BaselineProfile = z.output<typeof baselineProfile>;

/**
 * One PostgREST read with `count: "exact"`: the page and, in the same statement, the count of
 * every row the filters match (PostgREST's `total_result_set`), the page as a JSON body.
 */
async function postgrestPage(db: Db, where: SQL, limit: number, offset: number) {
  const [row] = await queryRows(
    db,
    z.strictObject({ total: z.number().int(), body: z.array(baselineProfile) }),
    sql`WITH pgrst_source AS (
        SELECT p.* FROM profiles p WHERE ${where} ORDER BY p.created_at DESC LIMIT ${limit} OFFSET ${offset})
      SELECT (SELECT count(*) FROM profiles p WHERE ${where})::int AS total,
        coalesce(json_agg(s), '[]') AS body FROM pgrst_source s`,
  );
  return { total: row?.total ?? 0, rows: row?.body ?? [] };
}

/** The filters SPEC §7 leaves to the client, applied to one fetched profile. */
function keeps(q: SearchQuery, p: BaselineProfile, now: number): boolean {
  if (q.withPhoto && p.photos.length === 0) return false;
  if (q.interests.length > 0 && !p.interests.some((i) => q.interests.includes(i))) return false;
  if (q.livesIn.length > 0 && !countriesOfPlaces(q.livesIn).includes(p.country)) return false;
  if (q.from.length > 0 && !countriesOfPlaces(q.from).includes(p.origin_country || p.country)) return false;
  if (q.languages.length > 0 && !p.languages.some((l) => q.languages.includes(l))) return false;
  if (q.lookingFor.length > 0 && !(q.lookingFor as readonly string[]).includes(p.looking_for)) return false;
  if (q.active) {
    const at = p.presence_hidden || !p.last_active_at ? 0 : Date.parse(p.last_active_at);
    if (now - at > PRESENCE.WEEK_DAYS * 86_400_000) return false;
  }
  return true;
}

export async function baselineSearch(db: Db, userId: string, q: SearchQuery, page: number, today: string) {
  const [me] = await queryRows(
    db,
    baselineProfile.extend({ gender: z.enum(["male", "female"]) }),
    sql`SELECT * FROM profiles WHERE user_id = ${userId}`,
  );
  if (!me) throw new Error("Profil utilisateur non trouvé");
  const liked = await queryRows(
    db,
    z.strictObject({ liked_id: z.string() }),
    sql`SELECT liked_id FROM likes WHERE liker_id = ${userId}`,
  );
  const matched = await queryRows(
    db,
    z.strictObject({ user1_id: z.string(), user2_id: z.string() }),
    sql`SELECT user1_id, user2_id FROM matches WHERE user1_id = ${userId} OR user2_id = ${userId}`,
  );
  const excluded = [
    userId,
    ...liked.map((l) => l.liked_id),
    ...matched.map((m) => (m.user1_id === userId ? m.user2_id : m.user1_id)),
  ];
  // .neq("gender", …).gte("birth_date", …).lte("birth_date", …).not("user_id", "in", excluded)
  const where = sql`p.gender = ${oppositeGender(me.gender)}
    AND p.birth_date >= ${minusYears(today, q.ageMax)}::date AND p.birth_date <= ${minusYears(today, q.ageMin)}::date
    AND NOT (p.user_id = ANY(${textArray(excluded)}))`;
  const offset = (page - 1) * q.size;
  const subscribed = await postgrestPage(
    db,
    sql`${where} AND p.account_status = 'subscribed'`,
    q.size,
    offset,
  );
  const others = await postgrestPage(
    db,
    sql`${where} AND p.account_status <> 'subscribed'`,
    q.size - subscribed.rows.length,
    Math.max(0, offset - subscribed.total),
  );
  const now = Date.now();
  const seen = new Map<string, BaselineProfile>();
  for (const p of [...subscribed.rows, ...others.rows]) if (keeps(q, p, now)) seen.set(p.user_id, p);
  const viewer = { interests: me.interests, languages: me.languages, lookingFor: me.looking_for };
  const data = [...seen.values()].map((p) => ({
    ...p,
    compatibility: compatibilityScore(viewer, { ...p, lookingFor: p.looking_for }),
  }));
  if (q.sort === "compatibility") data.sort((a, b) => b.compatibility - a.compatibility);
  if (q.sort === "activity")
    data.sort((a, b) => (b.last_active_at ?? "").localeCompare(a.last_active_at ?? ""));
  const count = subscribed.total + others.total;
  return { data, count, hasMore: offset + q.size < count };
}
