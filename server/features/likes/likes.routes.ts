import { likeInputSchema } from "@domain/discovery.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../http/session.ts";
import { jsonBody } from "../../http/validate.ts";
import { announceMatch } from "../../notifications/index.ts";
import { notify } from "../../realtime/notify.ts";
import { viewerFrom } from "../members/index.ts";
import { requireSubscription } from "../subscriptions/index.ts";
import { react } from "./likes.service.ts";

export function likeRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .post("/", jsonBody(likeInputSchema), async (c) => {
      const input = c.req.valid("json");
      const viewer = viewerFrom(c.get("profile"));
      const { result, change, matchId } = await react(db, viewer, input.likedId, input.type);
      if (change && matchId)
        await notify(deps, [viewer.userId, input.likedId], {
          type: change === "accepted" ? "match.accepted" : "match.removed",
          matchId,
        });
      // The member who liked back sees « C'est un match » on screen; the other one is told.
      if (change === "accepted" && matchId) await announceMatch(deps, input.likedId, matchId);
      return c.json(result);
    });
}
