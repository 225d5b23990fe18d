// Calls inside a match (issue 38):
//   GET  /api/matches/:id/calls/settings   « Appels » in this conversation, where to connect, a current call
//   PUT  /api/matches/:id/calls/settings   {allowed} the member's switch (off by default)
//   POST /api/matches/:id/calls            {video, offer} ring the other member (201)
//   GET  /api/calls/:id                    the call (the offer to the callee while it rings) and where to connect
//   POST /api/calls/:id/accept             {answer} take it (the first of the callee's devices wins)
//   POST /api/calls/:id/end                {reason} hang up, decline or cancel, as the call stands
//   POST /api/calls/:id/heartbeat          the page is still in the call; answers the call as it stands
//   POST /api/calls/:id/live-check         multipart frames: the live identity check of a video call
import { CALL, CALL_MSG, LIVE_CHECK } from "@domain/calls.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { hitRateLimit, memberRateLimit } from "../../platform/http/rate-limit.ts";
import { requireUser } from "../../platform/http/session.ts";
import { formBody, jsonBody } from "../../platform/http/validate.ts";
import { inImageTurn } from "../../platform/images/index.ts";
import { requireSubscription } from "../billing/index.ts";
import { openConversation } from "../messages/index.ts";
import { acceptCall, endCall, getCall, heartbeat, startCall } from "./calls.service.ts";
import { CALL_QUEUES, ringSweepDelaySeconds } from "./jobs.ts";
import { checkLiveFrames, compareFrames, liveCheckState, recordLiveCheck } from "./live-check.ts";
import { callSettings, setCallsAllowed } from "./settings.service.ts";
import { iceConfig } from "./turn.ts";

/** A session description as a browser writes it: SDP text, a few kilobytes. */
const sdp = z
  .string({ error: CALL_MSG.SDP_INVALID })
  .max(CALL.SDP_MAX_BYTES, { error: CALL_MSG.SDP_INVALID })
  .regex(/^v=0\r?\n/, { error: CALL_MSG.SDP_INVALID });

const startInput = z.strictObject({ video: z.boolean(), offer: sdp });
const acceptInput = z.strictObject({ answer: sdp });
const endInput = z.strictObject({ reason: z.enum(["hangup", "failed"]) });
const switchInput = z.strictObject({ allowed: z.boolean() });

const unavailable = () => new AppError(503, "CALLS_UNAVAILABLE", CALL_MSG.UNAVAILABLE);

/** Mounted by matchRoutes under /api/matches, behind its session and subscription checks. */
export function callMatchRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .get("/:id/calls/settings", async (c) =>
      c.json(await callSettings(deps, c.get("user").id, c.req.param("id"))),
    )
    .put(
      "/:id/calls/settings",
      // Refused before the body is read: a conversation the member may not use.
      async (c, next) => {
        await openConversation(db, c.get("user").id, c.req.param("id"));
        await next();
      },
      jsonBody(switchInput),
      async (c) =>
        c.json(await setCallsAllowed(deps, c.get("user").id, c.req.param("id"), c.req.valid("json").allowed)),
    )
    .post(
      "/:id/calls",
      async (c, next) => {
        await openConversation(db, c.get("user").id, c.req.param("id"));
        if (!deps.config.calls.available) throw unavailable();
        await next();
      },
      jsonBody(startInput),
      memberRateLimit(db, "call-start", { max: CALL.STARTS_PER_HOUR, windowSeconds: 3600 }),
      async (c) => {
        const call = await startCall(deps, c.get("user").id, c.req.param("id"), c.req.valid("json"));
        // The sweep once its ring is over, should the caller's page be gone by then (the minute's
        // sweep would end it a little later anyway: a failure here is logged, never the caller's).
        await deps.jobs
          .send(CALL_QUEUES.sweep, {}, { startAfter: ringSweepDelaySeconds(deps.config.calls.ringSeconds) })
          .catch((err: unknown) => deps.logger.error({ err }, "calls: ring sweep not queued"));
        return c.json(call, 201);
      },
    );
}

const framesInvalid = (status: 400 | 415) =>
  new AppError(status, "FRAMES_INVALID", CALL_MSG.LIVE_CHECK_FRAMES);

export function callRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/:id", async (c) => {
      const me = c.get("user").id;
      const call = await getCall(deps, me, c.req.param("id"));
      return c.json({ call, ice: call.state === "ended" ? null : iceConfig(deps.config, me) });
    })
    .post(
      "/:id/accept",
      async (c, next) => {
        await getCall(deps, c.get("user").id, c.req.param("id"));
        await next();
      },
      jsonBody(acceptInput),
      async (c) =>
        c.json(await acceptCall(deps, c.get("user").id, c.req.param("id"), c.req.valid("json").answer)),
    )
    .post(
      "/:id/end",
      async (c, next) => {
        await getCall(deps, c.get("user").id, c.req.param("id"));
        await next();
      },
      jsonBody(endInput),
      async (c) =>
        c.json(await endCall(deps, c.get("user").id, c.req.param("id"), c.req.valid("json").reason)),
    )
    .post("/:id/heartbeat", async (c) => c.json(await heartbeat(deps, c.get("user").id, c.req.param("id"))))
    .post(
      "/:id/live-check",
      // Who may be checked, before the frames are read: a member in this video call, answered and
      // running, verified by selfie and without the badge yet.
      async (c, next) => {
        const me = c.get("user").id;
        const call = await getCall(deps, me, c.req.param("id"));
        if (call.state !== "active") throw new AppError(409, "CALL_ENDED", CALL_MSG.ENDED);
        if (!call.video) throw new AppError(409, "LIVE_CHECK_NOT_VIDEO", CALL_MSG.LIVE_CHECK_NOT_VIDEO);
        const state = await liveCheckState(db, me);
        if (state.seen) throw new AppError(409, "LIVE_CHECK_DONE", CALL_MSG.LIVE_CHECK_DONE);
        if (!state.descriptor)
          throw new AppError(409, "LIVE_CHECK_NOT_VERIFIED", CALL_MSG.LIVE_CHECK_NOT_VERIFIED);
        await next();
      },
      formBody<{ frames: Blob[] }>(framesInvalid),
      async (c) => {
        const me = c.get("user").id;
        const frames = [c.req.valid("form").frames ?? []].flat();
        if (
          frames.length !== LIVE_CHECK.FRAMES ||
          frames.some((f) => typeof f === "string" || f.size > LIVE_CHECK.MAX_FRAME_BYTES)
        )
          throw framesInvalid(400);
        const bytes = await Promise.all(
          frames.map(async (f) => new Uint8Array(await (f as Blob).arrayBuffer())),
        );
        await checkLiveFrames(bytes);
        const limit = await hitRateLimit(db, `live-check:${me}`, {
          max: LIVE_CHECK.ATTEMPTS_PER_DAY,
          windowSeconds: 86_400,
        });
        if (!limit.allowed) {
          c.header("Retry-After", String(limit.retryAfter));
          throw new AppError(429, "LIVE_CHECK_LIMITED", CALL_MSG.LIVE_CHECK_TOO_MANY);
        }
        const { descriptor } = await liveCheckState(db, me);
        // Decoding frames and running the face models: one turn of the image gate (server/images).
        const verdict = await inImageTurn(c, deps.images, me, () => compareFrames(descriptor ?? [], bytes));
        await recordLiveCheck(deps, me, verdict);
        return c.json({ result: verdict.result });
      },
    );
}
