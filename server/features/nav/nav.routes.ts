// Counts shown in the navigation: Matchs = accepted matches whose conversation the member has not
// opened yet (ARCHITECTURE deviation from the SPEC's fixed 3); Messages = conversations with unread
// messages. Pages refresh them when an event arrives.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { navCounts } from "../messages/index.ts";

export function navRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/counts", async (c) => c.json(await navCounts(deps.database.db, c.get("user").id)));
}
