// What a request carries through the middleware (Hono's Variables): the session, its account and
// profile, the request's logger and id. A platform type (issue 35): the middleware of http/ and
// auth/ use it without importing the composition (server/deps.ts re-exports it).
import type { SessionRow, UserRow } from "../auth/session-reader.ts";
import type { profiles } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";

export type SessionUser = UserRow;

/** A member's profile row, as requireUser reads it with the session. */
type ProfileRow = typeof profiles.$inferSelect;

export interface AppEnv {
  Variables: {
    user: SessionUser;
    session: SessionRow;
    /** Set by requireUser: the member's profile as read with the session (null before its creation). */
    ownProfile: ProfileRow | null;
    log: Logger;
    requestId: string;
    /** Set by requireSubscription. */
    profile: ProfileRow;
  };
}
