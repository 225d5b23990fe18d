// GET /api/profile/visits → { data: ProfileVisitDto[] }: « Qui a vu mon profil », for subscribers.
// Mounted beside the profile's own routes (server/api.ts): the visits are the members feature's.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { requireSubscription } from "../billing/index.ts";
import { viewerFrom } from "./public-profile.ts";
import { listVisits } from "./visits.service.ts";

export function visitRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>().use(requireUser(deps)).get("/", requireSubscription(deps), async (c) => {
    const viewer = viewerFrom(c.get("profile"));
    return c.json({ data: await listVisits(db, deps.storage, viewer) });
  });
}
