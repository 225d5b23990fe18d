// Like or pass (SPEC §4). One transaction: the like row is upserted on (liker, liked), then the
// pair's single match row is upserted on (least, greatest) of the two ids, so double clicks and
// two members liking each other at the same instant leave one like each and one match.
//
// Deliberate refinement of the SPEC (docs/decisions/0004-discovery.md): a like reopens a rejected
// match only when nobody, or the liker themself, rejected it; once the other member has passed or
// removed the match, a like cannot force it back.
import type { LikeResultDto, LikeType } from "@domain/discovery.ts";
import { likeCreated, matchChanged } from "@domain/events.ts";
import { MSG } from "@domain/messages.ts";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { likes, matches } from "../../platform/db/schema/index.ts";
import type { DomainEvents } from "../../platform/events/domain-events.ts";
import { AppError } from "../../platform/http/errors.ts";
import { birthDateUnconfirmed, findVisibleMember, memberNotFound, type Viewer } from "../members/index.ts";

const PAIR = sql`(least(user1_id, user2_id)), (greatest(user1_id, user2_id))`;

/** What a reaction did to the pair's match, for the real-time events. */
type MatchChange = "accepted" | "removed" | null;

/**
 * What the other member is told of a like: « X vous a envoyé un J'aime » when they have not liked
 * the liker (the first like opens the conversation all the same, SPEC §4), « C'est un match ! » when
 * they had: both have liked. Nothing for a like that changed nothing (a second click).
 */
type LikeNews = "like" | "mutual" | null;

export async function react(
  events: DomainEvents,
  db: Db,
  viewer: Viewer,
  likedId: string,
  type: LikeType,
): Promise<LikeResultDto> {
  const me = viewer.userId;
  if (likedId === me) throw new AppError(400, "SELF_ACTION", MSG.SELF_ACTION);
  // A like makes an accepted match at once (SPEC §4), which opens a conversation: reaching out
  // waits for the member's birth date. Passing only shapes their own search, so it stays open.
  if (type === "like" && !viewer.birthDateConfirmed)
    throw birthDateUnconfirmed(MSG.BIRTH_DATE_UNCONFIRMED_LIKE);
  if (!(await findVisibleMember(db, viewer, likedId))) throw memberNotFound();

  return events.transaction(db, async (tx, record) => {
    // A row back when the like is new or changed from a pass: a second click returns none.
    const written = await tx
      .insert(likes)
      .values({ likerId: me, likedId, type })
      .onConflictDoUpdate({
        target: [likes.likerId, likes.likedId],
        set: { type: sql`excluded.type`, updatedAt: sql`now()` },
        setWhere: sql`${likes.type} <> excluded.type`,
      })
      .returning({ type: likes.type });

    // The pair's match through matches_pair_uq, whichever member is user1.
    const pair = sql`least(${matches.user1Id}, ${matches.user2Id}) = least(${me}::text, ${likedId}::text)
      AND greatest(${matches.user1Id}, ${matches.user2Id}) = greatest(${me}::text, ${likedId}::text)`;
    const [before] = await tx.select({ status: matches.status }).from(matches).where(pair).for("update");

    if (type === "like") {
      // The liker knows about the match: it is « opened » for them, new for the other member.
      await tx.execute(sql`
        INSERT INTO matches (user1_id, user2_id, status, user1_opened_at) VALUES (${me}, ${likedId}, 'accepted', now())
        ON CONFLICT (${PAIR}) DO UPDATE SET status = 'accepted', rejected_by = NULL, updated_at = now(),
          user1_opened_at = CASE WHEN matches.user1_id = ${me} THEN now() END,
          user2_opened_at = CASE WHEN matches.user2_id = ${me} THEN now() END
        WHERE matches.status = 'rejected' AND (matches.rejected_by IS NULL OR matches.rejected_by = ${me})`);
    } else {
      // The first member to say no is remembered (see above); passing again changes nothing.
      await tx.execute(sql`
        INSERT INTO matches (user1_id, user2_id, status, rejected_by) VALUES (${me}, ${likedId}, 'rejected', ${me})
        ON CONFLICT (${PAIR}) DO UPDATE SET status = 'rejected', rejected_by = ${me}, updated_at = now()
        WHERE matches.status = 'accepted' OR matches.rejected_by IS NULL`);
    }

    // Read once the pair's match row is held (or its insert waited for a crossing like to commit):
    // two members liking each other at the same instant are told « match » by the second one.
    const [theirs] = await tx
      .select({ type: likes.type })
      .from(likes)
      .where(sql`${likes.likerId} = ${likedId} AND ${likes.likedId} = ${me}`);
    const likedBack = type === "like" && theirs?.type === "like";
    // Liking back a member who liked first: the match was already open, but it is news for them —
    // new again in their list (its « opened » cleared), and « C'est un match ! » from now on.
    if (likedBack && written.length > 0)
      await tx.execute(sql`
        UPDATE matches SET updated_at = now(),
          user1_opened_at = CASE WHEN user1_id = ${me} THEN coalesce(user1_opened_at, now()) END,
          user2_opened_at = CASE WHEN user2_id = ${me} THEN coalesce(user2_opened_at, now()) END
        WHERE ${pair} AND status = 'accepted'`);

    const [match] = await tx.select({ id: matches.id, status: matches.status }).from(matches).where(pair);
    const matched = match?.status === "accepted";
    const change: MatchChange =
      match && before?.status !== match.status
        ? match.status === "accepted"
          ? "accepted"
          : before
            ? "removed"
            : null
        : null;
    const news: LikeNews =
      matched && written.length > 0 && type === "like" ? (likedBack ? "mutual" : "like") : null;
    const matchId = match?.id ?? null;
    // A like back changes no status, but both lists now say « C'est un match ! ».
    if ((change || news === "mutual") && matchId)
      await record(matchChanged, {
        matchId,
        userIds: [me, likedId],
        status: change === "removed" ? "removed" : "accepted",
      });
    if (news && matchId)
      await record(likeCreated, { likerId: me, likedId, matchId, mutual: news === "mutual" });
    return { type, matched, mutual: matched && likedBack, matchId: matched ? match.id : null };
  });
}
