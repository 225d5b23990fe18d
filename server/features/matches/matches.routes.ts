import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { queryRules } from "../../platform/http/query.ts";
import { requireUser } from "../../platform/http/session.ts";
import { queryOf } from "../../platform/http/validate.ts";
import { requireSubscription } from "../billing/index.ts";
import { callMatchRoutes } from "../calls/index.ts";
import { viewerFrom } from "../members/index.ts";
import { messageRoutes } from "../messages/index.ts";
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
      const matchId = c.req.param("id");
      await removeMatch(deps.events, db, c.get("user").id, matchId);
      return c.json({ id: matchId, status: "rejected" });
    })
    .route("/", messageRoutes(deps))
    .route("/", callMatchRoutes(deps));
}
