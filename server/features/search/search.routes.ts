import { SEARCH_LIST_PARAMS, SEARCH_MSG, SEARCH_PARAMS, searchQuerySchema } from "@domain/discovery.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { queryOf } from "../../platform/http/validate.ts";
import { requireSubscription } from "../billing/index.ts";
import { viewerFrom } from "../members/index.ts";
import { searchProfiles } from "./search.service.ts";
import { searchTeaser } from "./teaser.service.ts";

const SEARCH_QUERY_RULES = {
  allowed: SEARCH_PARAMS,
  repeatable: SEARCH_LIST_PARAMS,
  unknownMessage: SEARCH_MSG.UNKNOWN,
  repeatedMessage: SEARCH_MSG.REPEATED,
};

export function searchRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      // Before the gate: what a subscription would open, for a member without one (teaser.service.ts).
      .get("/teaser", async (c) => {
        const viewer = viewerFrom(c.get("ownProfile"));
        return c.json(await searchTeaser(db, deps.storage, viewer));
      })
      .use(requireSubscription(deps))
      .get("/", queryOf(searchQuerySchema, SEARCH_QUERY_RULES), async (c) => {
        const query = c.req.valid("query");
        const viewer = viewerFrom(c.get("profile"));
        return c.json(await searchProfiles(db, deps.storage, viewer, query));
      })
  );
}
