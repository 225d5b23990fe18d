// Message requests (issue 34, docs/decisions/0022): a member who chose « Seulement les personnes que
// j'ai aimées en retour » receives the first messages of a member she has not liked as a request,
// kept in « Demandes » until she accepts it (by liking back) or declines it (by removing the match).
// Nothing is stored for it: a conversation is a request for `me` while all of this holds.
import { type SQL, sql } from "drizzle-orm";
import { hasLiked } from "../likes/index.ts";

/**
 * Whether a message from `sender` in `matchId` would reach `recipient` as a request: she chose the
 * setting, has not liked `sender` and has not written in it. Checked before a message is written
 * (its notifications then go to nobody) and, once one is, by requestFor.
 */
export const wouldBeRequest = (recipient: SQL | string, sender: SQL | string, matchId: SQL): SQL =>
  sql`(coalesce((SELECT first_messages_from_liked_only FROM profiles WHERE user_id = ${recipient}), false)
    AND NOT ${hasLiked(recipient, sender)}
    AND NOT EXISTS (SELECT 1 FROM messages q WHERE q.match_id = ${matchId} AND q.sender_id = ${recipient}))`;

/**
 * Whether match `matchId` between `me` and `other` is a request waiting for `me`: `other` has
 * written and their messages would reach `me` as a request. Liking back or answering ends it;
 * turning the setting off releases every request at once.
 */
export const requestFor = (me: SQL | string, other: SQL | string, matchId: SQL): SQL =>
  sql`(${wouldBeRequest(me, other, matchId)}
    AND EXISTS (SELECT 1 FROM messages q WHERE q.match_id = ${matchId} AND q.sender_id = ${other}
      -- A message waiting on its sender's quiet hold (issue 36) is not there yet for her.
      AND q.shield IS DISTINCT FROM 'waiting'))`;
