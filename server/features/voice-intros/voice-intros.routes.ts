// The voice introduction (issue 37):
//   GET    /api/profile/voice-intro        the member's own (JSON, null without one)
//   PUT    /api/profile/voice-intro?prompt=…&durationMs=…&peaks=…   record it: the audio is the body
//   DELETE /api/profile/voice-intro        remove it (204)
//   GET    /api/profile/voice-intro/audio  hear one's own
//   GET    /api/voice-intros/:userId       hear a member's, if one may see their profile
import {
  VOICE_INTRO_MAX_MS,
  VOICE_INTRO_PROMPT_KEYS,
  VOICE_MSG,
  VOICE_UPLOADS_PER_HOUR,
} from "@domain/voice.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { queryRules } from "../../platform/http/query.ts";
import { memberRateLimit } from "../../platform/http/rate-limit.ts";
import { requireUser } from "../../platform/http/session.ts";
import { queryOf } from "../../platform/http/validate.ts";
import { audioResponse } from "../../platform/media/audio-response.ts";
import { deleteVoiceFiles } from "../../platform/media/voice-files.ts";
import { storeVoice, voiceQuerySchema } from "../../platform/media/voice-upload.ts";
import { requireSubscription } from "../billing/index.ts";
import { findVisibleMember, memberNotFound, viewerFrom } from "../members/index.ts";
import { myVoiceIntro, removeVoiceIntro, saveVoiceIntro, voiceIntroFile } from "./voice-intros.service.ts";

const introQuery = voiceQuerySchema.extend({
  prompt: z.enum(VOICE_INTRO_PROMPT_KEYS, { error: VOICE_MSG.PROMPT }),
});
const INTRO_QUERY_RULES = queryRules(["prompt", "durationMs", "peaks"]);

async function sendFile(
  deps: AppDeps,
  c: Parameters<typeof audioResponse>[0],
  file: { key: string; type: string },
) {
  const stored = await deps.voices.get(file.key);
  if (!stored) throw new AppError(404, "VOICE_NOT_FOUND", VOICE_MSG.INTRO_NOT_FOUND);
  // A new recording replaces it at the same address: revalidated (a 304 costs nothing), never stale.
  return audioResponse(c, stored.body, file.type, "revalidate");
}

export function myVoiceIntroRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) => c.json({ data: await myVoiceIntro(db, c.get("user").id) }))
    .put(
      "/",
      queryOf(introQuery, INTRO_QUERY_RULES),
      memberRateLimit(db, "voice-upload", { max: VOICE_UPLOADS_PER_HOUR, windowSeconds: 3600 }),
      async (c) => {
        const { prompt, ...declared } = c.req.valid("query");
        const voice = await storeVoice(c, deps.voices, "intros", declared, {
          maxMs: VOICE_INTRO_MAX_MS,
          tooLong: VOICE_MSG.TOO_LONG_INTRO,
        });
        try {
          return c.json(await saveVoiceIntro(deps, c.get("user").id, prompt, voice));
        } catch (err) {
          await deleteVoiceFiles(deps, [voice.key]);
          throw err;
        }
      },
    )
    .delete("/", async (c) => {
      await removeVoiceIntro(deps, c.get("user").id);
      return c.body(null, 204);
    })
    .get("/audio", async (c) => sendFile(deps, c, await voiceIntroFile(db, c.get("user").id)));
}

export function voiceIntroRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/:userId", async (c) => {
      const viewer = viewerFrom(c.get("profile"));
      const userId = c.req.param("userId");
      // The same rule as the profile itself: visible, not blocked either way, of the gender searched or matched.
      if (userId !== viewer.userId && !(await findVisibleMember(db, viewer, userId))) throw memberNotFound();
      return sendFile(deps, c, await voiceIntroFile(db, userId));
    });
}
