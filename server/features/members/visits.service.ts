// « Qui a vu mon profil » (issue 17): a visit is recorded when a member opens another's profile —
// unless the visitor browses invisibly — and the visited member, if subscribed, sees who came, the
// latest first, for VISITS.DAYS. A visitor who is blocked either way, banned or no longer visible is
// never listed, nor one who hides from the visited member (issue 40).
import { todayIso } from "@domain/age.ts";
import { type ProfileVisitDto, VISITS } from "@domain/discovery.ts";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import { profileVisits } from "../../platform/db/schema/index.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { blockedBetween } from "../safety/index.ts";
import { hiddenUnlessMatched } from "./discretion.ts";
import {
  PUBLIC_COLUMNS,
  pagePhotos,
  publicRow,
  toPublicProfile,
  VISIBLE,
  type Viewer,
} from "./public-profile.ts";

/** Notes the viewer's visit (one row per pair, its time refreshed at most once a minute). */
export async function recordVisit(db: Db, viewer: Viewer, viewedId: string): Promise<void> {
  if (viewer.browseInvisibly || viewedId === viewer.userId) return;
  await db
    .insert(profileVisits)
    .values({ viewedId, viewerId: viewer.userId })
    .onConflictDoUpdate({
      target: [profileVisits.viewedId, profileVisits.viewerId],
      set: { visitedAt: sql`now()` },
      setWhere: sql`${profileVisits.visitedAt} < now() - interval '1 minute'`,
    });
}

export async function listVisits(db: Db, storage: Storage, viewer: Viewer): Promise<ProfileVisitDto[]> {
  const me = viewer.userId;
  const rows = await queryRows(
    db,
    publicRow.extend({ visitedAt: timestampText }),
    sql`SELECT ${PUBLIC_COLUMNS}, v.visited_at AS "visitedAt"
      FROM profile_visits v
      JOIN profiles p ON p.user_id = v.viewer_id
      JOIN "user" u ON u.id = p.user_id
      WHERE v.viewed_id = ${me} AND v.visited_at > now() - ${VISITS.DAYS} * interval '1 day'
        AND ${VISIBLE} AND NOT ${blockedBetween(sql`${me}::text`, sql`p.user_id`)}
        AND NOT ${hiddenUnlessMatched(sql`p.user_id`, sql`${me}::text`)}
      ORDER BY v.visited_at DESC
      LIMIT ${VISITS.LIMIT}`,
  );
  const today = todayIso();
  const photos = await pagePhotos(db, viewer.userId, rows);
  return rows.map((r) => ({
    member: toPublicProfile(r, viewer, storage, today, photos),
    visitedAt: new Date(r.visitedAt).toISOString(),
  }));
}
