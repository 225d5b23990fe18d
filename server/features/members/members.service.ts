// Reading another member's public profile: only a visible member (complete, not banned) of the
// opposite gender, or one the viewer shares a match with; never one who hides from the viewer
// (issue 40) unless they share an accepted match.
import { todayIso } from "@domain/age.ts";
import type { PublicProfileDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { blockedBetween } from "../safety/index.ts";
import { hiddenUnlessMatched } from "./discretion.ts";
import {
  oppositeGender,
  PUBLIC_COLUMNS,
  type PublicRow,
  pagePhotos,
  publicRow,
  toPublicProfile,
  VISIBLE,
  type Viewer,
} from "./public-profile.ts";

export const memberNotFound = () => new AppError(404, "MEMBER_NOT_FOUND", MSG.MEMBER_NOT_FOUND);

/** The member's row if the viewer may see them, else null. */
export async function findVisibleMember(db: Db, viewer: Viewer, userId: string): Promise<PublicRow | null> {
  if (userId === viewer.userId || userId.length > 64) return null;
  const me = viewer.userId;
  const [row] = await queryRows(
    db,
    publicRow,
    sql`SELECT ${PUBLIC_COLUMNS} FROM profiles p JOIN "user" u ON u.id = p.user_id
      WHERE p.user_id = ${userId} AND ${VISIBLE} AND NOT ${blockedBetween(sql`${me}::text`, sql`p.user_id`)}
        AND NOT ${hiddenUnlessMatched(sql`p.user_id`, sql`${me}::text`)}
        AND (p.gender = ${oppositeGender(viewer.gender)} OR EXISTS (SELECT 1 FROM matches m
          WHERE least(m.user1_id, m.user2_id) = least(${me}::text, p.user_id)
            AND greatest(m.user1_id, m.user2_id) = greatest(${me}::text, p.user_id)))`,
  );
  return row ?? null;
}

export async function getPublicProfile(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  userId: string,
): Promise<PublicProfileDto> {
  const row = await findVisibleMember(db, viewer, userId);
  if (!row) throw memberNotFound();
  return toPublicProfile(row, viewer, storage, todayIso(), await pagePhotos(db, viewer.userId, [row]));
}
