// « … est en train d'écrire » (issue 17): a member typing in a conversation tells the other member,
// over the event stream, at most once every TYPING.SEND_SECONDS per conversation and instance — the
// page sends no more often, and a page that does is not relayed. Only inside a conversation the
// member may write in: an accepted match, the other member visible and not blocked either way, and
// not a member who takes messages from verified members only when the typist is not verified.
import { TYPING } from "@domain/messaging.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { openConversation } from "./conversation-access.ts";

/** Above this many conversations remembered, the map starts again (a few extra events at worst). */
const MAX_REMEMBERED = 50_000;

export class TypingRelay {
  private readonly sent = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Checks the member may write in the match (throws its 404/403 otherwise) and returns whom to
   * tell, or null when the member's last signal in this conversation is too recent or the other
   * member would not accept a message from them.
   */
  async recipient(db: Db, userId: string, matchId: string): Promise<string | null> {
    const { otherId } = await openConversation(db, userId, matchId);
    const key = `${userId}:${matchId}`;
    const now = this.now();
    const last = this.sent.get(key);
    if (last !== undefined && now - last < TYPING.SEND_SECONDS * 1000) return null;
    const [gate] = await queryRows(
      db,
      z.strictObject({ closed: z.boolean() }),
      // Nor while the typist's messages wait on the shield's quiet hold (issue 36): « … est en train
      // d'écrire » would tell her of messages she cannot see.
      sql`SELECT (r.messages_from_verified_only AND s.verified_at IS NULL)
          OR EXISTS (SELECT 1 FROM shield_accounts a WHERE a.user_id = s.user_id AND a.status IN ('hold', 'verify'))
          AS closed
        FROM profiles r, profiles s WHERE r.user_id = ${otherId} AND s.user_id = ${userId}`,
    );
    if (gate?.closed) return null;
    if (this.sent.size >= MAX_REMEMBERED) this.sent.clear();
    this.sent.set(key, now);
    return otherId;
  }
}
