import { Hono } from "hono";
import { requireUser } from "../../http/session.ts";
import { requireSubscription } from "../../http/subscription-gate.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { getPublicProfile } from "./members.service.ts";
import { viewerFrom } from "./public-profile.ts";
import { recordVisit } from "./visits.service.ts";

export function memberRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/:userId", async (c) => {
      const viewer = viewerFrom(c.get("profile"));
      const profile = await getPublicProfile(db, deps.storage, viewer, c.req.param("userId"));
      // Only a profile the viewer may see counts as visited.
      await recordVisit(db, viewer, profile.userId);
      return c.json(profile);
    });
}
