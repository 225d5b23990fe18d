// Verifying one's profile:
//   GET  /api/verification             where it stands → VerificationStateDto
//   POST /api/verification/challenge   {consent: true} → ChallengeDto (gestures to make, expiry)
//   POST /api/verification             multipart: challengeId, frames (the capture's burst, JPEG/PNG/WebP,
//                                      in order) and times (when each was taken, whole milliseconds
//                                      from the start of the page's schedule) → VerificationStateDto
import { VERIFICATION, VERIFICATION_MSG } from "@domain/verification.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { requireUser } from "../../platform/http/session.ts";
import { formBody, jsonBody } from "../../platform/http/validate.ts";
import { inImageTurn } from "../../platform/images/index.ts";
import { startChallenge, submitVerification, verificationState } from "./verification.service.ts";

const consentInput = z.strictObject({
  consent: z.literal(true, { error: VERIFICATION_MSG.CONSENT_REQUIRED }),
});

/** The submission's size: the frames and the multipart envelope. */
export const VERIFICATION_BODY_LIMIT = VERIFICATION.MAX_FRAMES * VERIFICATION.MAX_FRAME_BYTES + 64 * 1024;

const framesInvalid = (status: 400 | 415) =>
  new AppError(status, "FRAMES_INVALID", VERIFICATION_MSG.FRAMES_INVALID);

export function verificationRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) => c.json(await verificationState(db, c.get("user").id)))
    .post("/challenge", jsonBody(consentInput), async (c) =>
      c.json(await startChallenge(deps, c.get("user").id), 201),
    )
    .post(
      "/",
      formBody<{ challengeId: string; frames: Blob[]; times: string[] }>(framesInvalid),
      async (c) => {
        const body = c.req.valid("form");
        const challengeId = body.challengeId;
        const frames = [body.frames ?? []].flat();
        const times = [body.times ?? []].flat();
        if (
          typeof challengeId !== "string" ||
          frames.some((f) => typeof f === "string") ||
          times.some((t) => typeof t !== "string" || !/^\d{1,9}$/.test(t))
        )
          throw new AppError(400, "FRAMES_INVALID", VERIFICATION_MSG.FRAMES_INVALID);
        const bytes = await Promise.all(
          (frames as File[]).map(async (f) => new Uint8Array(await f.arrayBuffer())),
        );
        const userId = c.get("user").id;
        // Decoding frames and running the face models: one turn of the image gate (server/images).
        return c.json(
          await inImageTurn(c, deps.images, userId, () =>
            submitVerification(deps, userId, challengeId, bytes, (times as string[]).map(Number)),
          ),
        );
      },
    );
}
