// The member's side of Bouclier (issue 36):
//   GET  /api/shield         their standing: verification asked, trust level, daily allowance, appeal
//   POST /api/shield/appeal  {message} contest an administrator's request for verification
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { appeal, appealSchema, shieldStanding } from "./standing.service.ts";

export function shieldRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) =>
      c.json(
        await shieldStanding(
          deps.database,
          c.get("user").id,
          deps.config.messageLimits.newConversationsPerDay,
        ),
      ),
    )
    .post("/appeal", jsonBody(appealSchema), async (c) => {
      await appeal(deps.database.db, c.get("user").id, c.req.valid("json").message);
      return c.json({ message: SHIELD_MSG.APPEAL_SENT });
    });
}
