// Check-ins (issue 40): GET /api/check-ins, POST /api/check-ins (201), POST /api/check-ins/:id/ok
// (« Tout va bien », or a false alarm once alerted), POST /api/check-ins/:id/withdraw.
import { createCheckInSchema } from "@domain/check-ins.ts";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { answerCheckIn, createCheckIn, listCheckIns, withdrawCheckIn } from "./check-ins.service.ts";
import { CHECK_IN_QUEUES } from "./jobs.ts";

export function checkInRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const sweepAfter = (seconds: number) =>
    deps.jobs.send(CHECK_IN_QUEUES.sweep, {}, { startAfter: Math.max(0, Math.ceil(seconds)) });
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) => c.json({ data: await listCheckIns(db, c.get("user").id) }))
    .post("/", jsonBody(createCheckInSchema), async (c) => {
      const created = await createCheckIn(db, c.get("user").id, c.req.valid("json"));
      // The sweep at the moment the grace ends (the minute's sweep catches it otherwise).
      await sweepAfter((Date.parse(created.alertAt) - Date.now()) / 1000 + 1);
      return c.json(created, 201);
    })
    .post("/:id/ok", async (c) => {
      const answered = await answerCheckIn(db, c.get("user").id, c.req.param("id"));
      // A false alarm: the contacts hear it at once.
      if (answered.status === "cancelled") await sweepAfter(0);
      return c.json(answered);
    })
    .post("/:id/withdraw", async (c) =>
      c.json(await withdrawCheckIn(db, c.get("user").id, c.req.param("id"))),
    );
}
