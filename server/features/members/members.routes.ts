import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { requireSubscription } from "../billing/index.ts";
import { findVisibleMember, getPublicProfile, memberNotFound } from "./members.service.ts";
import { revealPhotos } from "./photo-blur.ts";
import { viewerFrom } from "./public-profile.ts";
import { recordVisit } from "./visits.service.ts";

export function memberRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      .use(requireSubscription(deps))
      .get("/:userId", async (c) => {
        const viewer = viewerFrom(c.get("profile"));
        const profile = await getPublicProfile(db, deps.storage, viewer, c.req.param("userId"));
        // Only a profile the viewer may see counts as visited.
        await recordVisit(db, viewer, profile.userId);
        return c.json(profile);
      })
      // POST /api/members/:userId/visit → 204: the page opened this member's profile from a list it
      // already holds (« Qui a vu mon profil »); 404 for a member the viewer may not see.
      .post("/:userId/visit", async (c) => {
        const viewer = viewerFrom(c.get("profile"));
        const row = await findVisibleMember(db, viewer, c.req.param("userId"));
        if (!row) throw memberNotFound();
        await recordVisit(db, viewer, row.userId);
        return c.body(null, 204);
      })
      // POST /api/members/:userId/reveal-photos → 204: « Montrer mes photos » to a member she shares
      // an accepted match with (issue 40); 404 otherwise.
      .post("/:userId/reveal-photos", async (c) => {
        const me = c.get("user").id;
        const userId = c.req.param("userId");
        if (userId === me || userId.length > 64 || !(await revealPhotos(db, me, userId)))
          throw memberNotFound();
        return c.body(null, 204);
      })
  );
}
