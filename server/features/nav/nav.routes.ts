// Counts shown in the navigation. The Matchs badge shows the member's real number of accepted
// matches (ARCHITECTURE deviation from the SPEC's fixed 3); the conversations issue refines it to
// matches not yet opened.
import { and, count, eq, or } from "drizzle-orm";
import { Hono } from "hono";
import { matches } from "../../db/schema/index.ts";
import { requireUser } from "../../http/session.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";

export function navRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>().use(requireUser(deps)).get("/counts", async (c) => {
    const userId = c.get("user").id;
    const [row] = await db
      .select({ n: count() })
      .from(matches)
      .where(
        and(eq(matches.status, "accepted"), or(eq(matches.user1Id, userId), eq(matches.user2Id, userId))),
      );
    return c.json({ matches: row?.n ?? 0 });
  });
}
