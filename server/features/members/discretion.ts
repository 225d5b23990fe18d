// Discretion (issue 40): a member may hide her profile from the members who live in her country, in
// her city, or who come from her country. The rule is one SQL set, « the members hidden from this
// viewer », read by every list that shows members to others (search and its teaser, « Qui a vu mon
// profil », a profile opened by id, shared links), so that no list forgets it. The set is small: it
// starts from profiles_discreet_idx, the few members who turned one of the settings on.
import { type SQL, sql } from "drizzle-orm";

/** « Originaire de »: the origin given, else the residence (as search's « Originaire de »). */
function originOf(alias: string): SQL {
  return sql.raw(`coalesce(nullif(${alias}.origin_country, ''), ${alias}.country)`);
}

/** The user ids of the members who hide from the member `viewerId` (a text SQL value). */
export function hiddenFrom(viewerId: SQL): SQL {
  return sql`SELECT hp.user_id FROM profiles hp JOIN profiles vp ON vp.user_id = ${viewerId}
    WHERE (hp.hide_from_country OR hp.hide_from_city OR hp.hide_from_origin)
      AND ((hp.hide_from_country AND hp.country <> '' AND hp.country = vp.country)
        OR (hp.hide_from_city AND hp.city <> '' AND hp.country = vp.country
          AND lower(trim(hp.city)) = lower(trim(vp.city)))
        OR (hp.hide_from_origin AND ${originOf("hp")} <> '' AND ${originOf("hp")} = ${originOf("vp")}))`;
}

/** `member` (a text SQL value) hides from `viewerId`: a condition. */
export function hidesFrom(member: SQL, viewerId: SQL): SQL {
  return sql`${member} IN (${hiddenFrom(viewerId)})`;
}

/**
 * `member` is hidden from `viewerId`, unless the two share an accepted match: someone she already
 * talks with keeps her profile and their conversation when she turns a setting on.
 */
export function hiddenUnlessMatched(member: SQL, viewerId: SQL): SQL {
  return sql`(${hidesFrom(member, viewerId)} AND NOT EXISTS (SELECT 1 FROM matches m
    WHERE m.status = 'accepted' AND least(m.user1_id, m.user2_id) = least(${member}, ${viewerId})
      AND greatest(m.user1_id, m.user2_id) = greatest(${member}, ${viewerId})))`;
}
