// /api/notifications: the member's preferences, this device's push subscription, and the one-click
// unsubscribe link of the e-mails (RFC 8058: a POST, answered without a session).
import { MSG } from "@domain/messages.ts";
import { notificationPreferencesSchema, pushSubscriptionSchema } from "@domain/notifications.ts";
import { eq } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { user } from "../../platform/db/schema/index.ts";
import { AppError, parseOrThrow } from "../../platform/http/errors.ts";
import { readJson } from "../../platform/http/json.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { getPreferences, savePreferences } from "./preferences.ts";
import { deletePushSubscription, savePushSubscription } from "./push.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

const endpointInput = z.strictObject({ endpoint: z.string().min(1).max(1024) });
const tokenInput = z.strictObject({ token: z.string().min(1).max(300) });

/**
 * The unsubscribe token: the page sends it as JSON; a mail client's one-click POST (RFC 8058) puts it
 * in the link's query and sends a form body `List-Unsubscribe=One-Click`, which is not read.
 */
const unsubscribeToken: MiddlewareHandler<
  AppEnv,
  string,
  { in: { json: z.input<typeof tokenInput> }; out: { json: { token: string; oneClick: boolean } } }
> = async (c, next) => {
  const fromQuery = c.req.query("token");
  const token = fromQuery ?? parseOrThrow(tokenInput, await readJson(c)).token;
  c.req.addValidatedData("json", { token, oneClick: fromQuery !== undefined });
  await next();
};

export function notificationsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const member = requireUser(deps);
  return (
    new Hono<AppEnv>()
      // GET → { preferences, emailVerified, pushKey }
      .get("/preferences", member, async (c) => {
        const me = c.get("user");
        return c.json({
          preferences: await getPreferences(db, me.id),
          emailVerified: Boolean(me.emailVerified),
          pushKey: deps.config.push.publicKey,
        });
      })
      .put("/preferences", member, jsonBody(notificationPreferencesSchema.strict()), async (c) => {
        const input = c.req.valid("json");
        return c.json({ preferences: await savePreferences(db, c.get("user").id, input) });
      })
      // POST PushSubscription.toJSON() → 201 (this device will be notified)
      .post("/push", member, jsonBody(pushSubscriptionSchema), async (c) => {
        const input = c.req.valid("json");
        await savePushSubscription(db, deps.config, c.get("user").id, input);
        return c.json({ ok: true }, 201);
      })
      .delete("/push", member, jsonBody(endpointInput), async (c) => {
        const { endpoint } = c.req.valid("json");
        await deletePushSubscription(db, c.get("user").id, endpoint);
        return c.json({ ok: true });
      })
      // The unsubscribe page's button (JSON body), or a mail client's one-click POST (RFC 8058:
      // form body `List-Unsubscribe=One-Click`, the token in the URL's query).
      .post("/unsubscribe", unsubscribeToken, async (c) => {
        const { token, oneClick } = c.req.valid("json");
        const userId = readUnsubscribeToken(deps.config.authSecret, token);
        if (!userId) throw new AppError(400, "INVALID_TOKEN", MSG.UNSUBSCRIBE_TOKEN_INVALID);
        const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
        if (!row) throw new AppError(400, "INVALID_TOKEN", MSG.UNSUBSCRIBE_TOKEN_INVALID);
        const prefs = await getPreferences(db, userId);
        await savePreferences(db, userId, { ...prefs, emailRhythm: "never" });
        deps.logger.info(
          { userId, via: oneClick ? "one-click" : "page" },
          "notifications: e-mails turned off",
        );
        return c.json({ ok: true, email: row.email });
      })
  );
}
