import { SEARCH_LIST_PARAMS, SEARCH_MSG, SEARCH_PARAMS, searchQuerySchema } from "@domain/discovery.ts";
import { Hono } from "hono";
import { parseOrThrow } from "../../http/errors.ts";
import { readQuery } from "../../http/query.ts";
import { requireUser } from "../../http/session.ts";
import { requireSubscription } from "../../http/subscription-gate.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { viewerFrom } from "../members/public-profile.ts";
import { searchProfiles } from "./search.service.ts";

export function searchRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/", async (c) => {
      const raw = readQuery(c, {
        allowed: SEARCH_PARAMS,
        repeatable: SEARCH_LIST_PARAMS,
        unknownMessage: SEARCH_MSG.UNKNOWN,
        repeatedMessage: SEARCH_MSG.REPEATED,
      });
      const query = parseOrThrow(searchQuerySchema, raw);
      const viewer = viewerFrom(c.get("profile"));
      return c.json(await searchProfiles(db, deps.storage, viewer, query));
    });
}
