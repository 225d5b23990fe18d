// Records that a member is active (issue 17), cheaply: at most once every PRESENCE.TOUCH_SECONDS per
// member and per instance (a small in-memory map), and the UPDATE itself skips a row touched less
// than that long ago by another instance. Fire and forget: a request never waits for it, and a
// failure is logged, not answered.
import { PRESENCE } from "@domain/presence.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** Above this many members remembered, the map starts again (a minute of extra writes at worst). */
const MAX_REMEMBERED = 100_000;
/** When nothing was written, the next attempt comes this much later. */
const RETRY_SECONDS = 10;

export class PresenceRecorder {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly logger: Pick<Logger, "warn">,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Notes the member's activity; writes only when the last write is older than TOUCH_SECONDS. */
  touch(userId: string): void {
    const now = this.now();
    const last = this.touched.get(userId);
    if (last !== undefined && now - last < PRESENCE.TOUCH_SECONDS * 1000) return;
    if (this.touched.size >= MAX_REMEMBERED) this.touched.clear();
    this.touched.set(userId, now);
    queryRows(
      this.db,
      z.strictObject({ one: z.number().int() }),
      sql`UPDATE profiles SET last_active_at = now() WHERE user_id = ${userId}
          AND (last_active_at IS NULL OR last_active_at < now() - ${PRESENCE.TOUCH_SECONDS} * interval '1 second')
        RETURNING 1 AS one`,
    )
      .then((rows) => {
        // No row written: the profile does not exist yet (a member's very first request creates it),
        // or another instance wrote it just now. Try again soon rather than in TOUCH_SECONDS.
        if (rows.length === 0)
          this.touched.set(userId, now - (PRESENCE.TOUCH_SECONDS - RETRY_SECONDS) * 1000);
      })
      .catch((err: unknown) => {
        this.touched.delete(userId);
        this.logger.warn({ err, userId }, "presence: recording activity failed");
      });
  }

  /**
   * The member closed their last page (issue 34: « En ligne » ends when they leave, not minutes
   * later): their activity moves back to just beyond « En ligne » — still « Actif aujourd'hui » —
   * and the next request writes again at once. Never moves a later activity forward.
   */
  left(userId: string): void {
    this.touched.delete(userId);
    const beyond = sql`now() - ${PRESENCE.ONLINE_MINUTES * 60 + 1} * interval '1 second'`;
    queryRows(
      this.db,
      z.strictObject({ one: z.number().int() }),
      sql`UPDATE profiles SET last_active_at = ${beyond}
          WHERE user_id = ${userId} AND last_active_at > ${beyond} RETURNING 1 AS one`,
    ).catch((err: unknown) => this.logger.warn({ err, userId }, "presence: recording a departure failed"));
  }
}

const recorders = new WeakMap<Db, PresenceRecorder>();

/** The recorder of a database (one per app: its map is what throttles the writes). */
export function presenceRecorder(db: Db, logger: Pick<Logger, "warn">): PresenceRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = new PresenceRecorder(db, logger);
    recorders.set(db, recorder);
  }
  return recorder;
}
