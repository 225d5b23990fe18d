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
      const { result, change, news, matchId } = await react(db, viewer, input.likedId, input.type);
      // A like back changes no status, but both lists now say « C'est un match ! ».
      if ((change || news === "mutual") && matchId)
        await notify(deps, [viewer.userId, input.likedId], {
          type: change === "removed" ? "match.removed" : "match.accepted",
          matchId,
        });
      // The liker reads what happened on screen; the other member is told: a J'aime, or a match when
      // they had liked first (the push and e-mail read which from the likes, notifications/).
      if (news && matchId) await announceMatch(deps, input.likedId, matchId);
      return c.json(result);
    });
}
