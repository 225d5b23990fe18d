import { likeInputSchema } from "@domain/discovery.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { requireSubscription } from "../billing/index.ts";
import { viewerFrom } from "../members/index.ts";
import { react } from "./likes.service.ts";

export function likeRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .post("/", jsonBody(likeInputSchema), async (c) => {
      const input = c.req.valid("json");
      const viewer = viewerFrom(c.get("profile"));
      return c.json(await react(deps.events, db, viewer, input.likedId, input.type));
    });
}
