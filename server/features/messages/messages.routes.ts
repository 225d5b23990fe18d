// Conversations and messages of the signed-in member:
//   GET  /api/conversations                      the list
//   GET  /api/matches/:id/messages?before|after  a page, newest first
//   POST /api/matches/:id/messages {content}     send (201)
//   POST /api/matches/:id/messages/:mid/reveal  read a message the shield held (issue 36)
//   POST /api/matches/:id/read                   open: mark read, send the read receipt
//   POST /api/matches/:id/typing                 « … est en train d'écrire » to the other member (204)
import { messageInputSchema } from "@domain/message-input.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { clientAddress } from "../../platform/http/attempt-limits.ts";
import { queryRules } from "../../platform/http/query.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody, queryOf } from "../../platform/http/validate.ts";
import { notify } from "../../platform/realtime/notify.ts";
import { requireSubscription } from "../billing/index.ts";
import { noteConnection } from "../shield/index.ts";
import { listConversations } from "./conversations.service.ts";
import { listMessages, markRead, revealMessage, sendMessage } from "./messages.service.ts";
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
      // Where the member writes from, for the shield (issue 36): the country only, once a day.
      await noteConnection(deps, c.get("user").id, clientAddress(c.req.raw.headers));
      const message = await sendMessage(
        deps,
        db,
        deps.config.messageLimits,
        c.get("profile"),
        c.req.param("id"),
        content,
      );
      return c.json(message, 201);
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
