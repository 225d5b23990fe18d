// Conversations and messages of the signed-in member:
//   GET  /api/conversations                      the list
//   GET  /api/matches/:id/messages?before|after  a page, newest first
//   POST /api/matches/:id/messages {content}     send (201; 200 for a retry with the same Idempotency-Key)
//   POST /api/matches/:id/voice-messages         send a voice message: the audio as the body (issue 37)
//   GET  /api/matches/:id/messages/:mid/voice    hear it (byte ranges, private cache)
//   POST /api/matches/:id/messages/:mid/reveal  read a message the shield held (issue 36)
//   POST /api/matches/:id/read                   open: mark read, send the read receipt
//   POST /api/matches/:id/typing                 « … est en train d'écrire » to the other member (204)
import { messageInputSchema } from "@domain/message-input.ts";
import { VOICE_MESSAGE_MAX_MS, VOICE_MSG, VOICE_UPLOADS_PER_HOUR } from "@domain/voice.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { clientAddress } from "../../platform/http/attempt-limits.ts";
import { AppError } from "../../platform/http/errors.ts";
import { queryRules } from "../../platform/http/query.ts";
import { memberRateLimit } from "../../platform/http/rate-limit.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody, queryOf } from "../../platform/http/validate.ts";
import { audioResponse } from "../../platform/media/audio-response.ts";
import { deleteVoiceFiles } from "../../platform/media/voice-files.ts";
import {
  idempotencyKey,
  storeVoice,
  VOICE_QUERY_RULES,
  voiceQuerySchema,
} from "../../platform/media/voice-upload.ts";
import { notify } from "../../platform/realtime/notify.ts";
import { requireSubscription } from "../billing/index.ts";
import { noteConnection } from "../shield/index.ts";
import { openConversation } from "./conversation-access.ts";
import { listConversations } from "./conversations.service.ts";
import {
  earlierMessage,
  listMessages,
  markRead,
  revealMessage,
  sendMessage,
  voiceFileOf,
} from "./messages.service.ts";
import { TypingRelay } from "./typing.service.ts";

/** A page of messages: before or after a message's cursor (each checked by listMessages). */
const pageQuery = z.object({ before: z.string().optional(), after: z.string().optional() });
const PAGE_QUERY_RULES = queryRules(["before", "after"]);

export function conversationRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .use(requireSubscription(deps))
    .get("/", async (c) => c.json({ data: await listConversations(db, deps.storage, c.get("user").id) }));
}

/**
 * Mounted by matchRoutes under /api/matches, behind its session and subscription checks (mounting
 * it beside them with its own would run every check twice on /api/matches/*).
 */
export function messageRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const typing = new TypingRelay();
  return new Hono<AppEnv>()
    .get("/:id/messages", queryOf(pageQuery, PAGE_QUERY_RULES), async (c) => {
      const page = await listMessages(db, c.get("user").id, c.req.param("id"), c.req.valid("query"));
      return c.json(page);
    })
    .post("/:id/messages", jsonBody(messageInputSchema), async (c) => {
      const { content } = c.req.valid("json");
      const key = idempotencyKey(c);
      // Where the member writes from, for the shield (issue 36): the country only, once a day.
      await noteConnection(deps, c.get("user").id, clientAddress(c.req.raw.headers));
      const sent = await sendMessage(
        deps,
        db,
        deps.config.messageLimits,
        c.get("profile"),
        c.req.param("id"),
        { content },
        key,
      );
      return sent.created ? c.json(sent.message, 201) : c.json(sent.message, 200);
    })
    .post(
      "/:id/voice-messages",
      // Refused before anything else is read: a conversation the member may not write in.
      async (c, next) => {
        await openConversation(db, c.get("user").id, c.req.param("id"));
        await next();
      },
      queryOf(voiceQuerySchema, VOICE_QUERY_RULES),
      memberRateLimit(db, "voice-upload", { max: VOICE_UPLOADS_PER_HOUR, windowSeconds: 3600 }),
      async (c) => {
        const me = c.get("user").id;
        const matchId = c.req.param("id");
        const key = idempotencyKey(c);
        // A retry of an upload that reached the server: its message, without storing the file again.
        const earlier = await earlierMessage(db, me, matchId, key);
        if (earlier) return c.json(earlier, 200);
        const voice = await storeVoice(c, deps.voices, "messages", c.req.valid("query"), {
          maxMs: VOICE_MESSAGE_MAX_MS,
          tooLong: VOICE_MSG.TOO_LONG_MESSAGE,
        });
        await noteConnection(deps, me, clientAddress(c.req.raw.headers));
        let sent: Awaited<ReturnType<typeof sendMessage>> | undefined;
        try {
          sent = await sendMessage(
            deps,
            db,
            deps.config.messageLimits,
            c.get("profile"),
            matchId,
            { voice },
            key,
          );
        } finally {
          // Refused (limits, the shield) or a concurrent retry won: the file is no message's. A
          // failure to delete it is logged (the sweep removes it), never put before the refusal.
          if (!sent?.created) await deleteVoiceFiles(deps, [voice.key]);
        }
        return sent.created ? c.json(sent.message, 201) : c.json(sent.message, 200);
      },
    )
    .get("/:id/messages/:messageId/voice", async (c) => {
      const file = await voiceFileOf(db, c.get("user").id, c.req.param("id"), c.req.param("messageId"));
      const stored = await deps.voices.get(file.key);
      if (!stored) throw new AppError(404, "VOICE_NOT_FOUND", VOICE_MSG.NOT_FOUND);
      return audioResponse(c, stored.body, file.type);
    })
    .post("/:id/messages/:messageId/reveal", async (c) => {
      const message = await revealMessage(db, c.get("user").id, c.req.param("id"), c.req.param("messageId"));
      return c.json(message);
    })
    .post("/:id/read", async (c) => {
      const me = c.get("user").id;
      const matchId = c.req.param("id");
      const { readAt, otherId } = await markRead(db, me, matchId);
      if (readAt) await notify(deps, [me, otherId], { type: "messages.read", matchId, readerId: me, readAt });
      return c.json({ readAt });
    })
    .post("/:id/typing", async (c) => {
      const me = c.get("user").id;
      const matchId = c.req.param("id");
      const to = await typing.recipient(db, me, matchId);
      if (to) await notify(deps, [to], { type: "typing", matchId, userId: me });
      return c.body(null, 204);
    });
}
