import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { queryRules } from "../../http/query.ts";
import { requireUser } from "../../http/session.ts";
import { queryOf } from "../../http/validate.ts";
import { notify } from "../../realtime/notify.ts";
import { viewerFrom } from "../members/index.ts";
import { messageRoutes } from "../messages/index.ts";
import { requireSubscription } from "../subscriptions/index.ts";
import { listMatches, removeMatch } from "./matches.service.ts";

/** The next page's cursor (checked by listMatches). */
const cursorQuery = z.object({ cursor: z.string().optional() });
const CURSOR_QUERY_RULES = queryRules(["cursor"]);

export function matchRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/", queryOf(cursorQuery, CURSOR_QUERY_RULES), async (c) => {
      const viewer = viewerFrom(c.get("profile"));
      return c.json(await listMatches(db, deps.storage, viewer, c.req.valid("query").cursor));
    })
    .delete("/:id", async (c) => {
      const me = c.get("user").id;
      const matchId = c.req.param("id");
      const { otherId, changed } = await removeMatch(db, me, matchId);
      if (changed) await notify(deps, [me, otherId], { type: "match.removed", matchId });
      return c.json({ id: matchId, status: "rejected" });
    })
    .route("/", messageRoutes(deps));
}
