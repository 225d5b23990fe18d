// The links that share a match's card (issue 40): the member's API, and the public page.
import { createShareSchema, SHARE_MSG, shareWordSchema } from "@domain/sharing.ts";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { queryRows } from "../../platform/db/client.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { blurredKey, renditionBase, thumbKey } from "../../platform/storage/photo-keys.ts";
import { renditionsFor } from "../../platform/storage/photo-renditions.ts";
import { blurredFor, PUBLIC_COLUMNS, publicRow } from "../members/index.ts";
import { goneSharePage, sharePage, sharePageCsp } from "./share-page.ts";
import { createShare, leaveWord, listShares, openShare, revokeShare } from "./sharing.service.ts";

/** POST /api/matches/:id/shares: a link to this match's card (201, the URL shown this once). */
export function matchShareRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .post("/:id/shares", jsonBody(createShareSchema), async (c) => {
      const created = await createShare(
        db,
        deps.events,
        c.get("user").id,
        c.req.param("id"),
        c.req.valid("json"),
        deps.config.publicBaseUrl,
      );
      return c.json(created, 201);
    });
}

/** GET /api/shares (the member's links), DELETE /api/shares/:id (revoke: 204). */
export function myShareRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) => c.json({ data: await listShares(db, c.get("user").id) }))
    .delete("/:id", async (c) => {
      await revokeShare(db, c.get("user").id, c.req.param("id"));
      return c.body(null, 204);
    });
}

/** The origin of the photos' URLs when they are not ours (an object store), for the page's CSP. */
function photoOrigin(url: string): string | null {
  return /^https?:\/\//.test(url) ? new URL(url).origin : null;
}

/** GET /partage/:token, POST /partage/:token/mot: the page, for anyone holding the link. */
export function sharePageRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { storage } = deps;
  const csp = sharePageCsp(photoOrigin(storage.publicUrl("photos/x.webp")));
  const respond = (html: string, status: 200 | 404 | 400) =>
    new Response(html, {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // A link meant for one person: never kept by a shared cache, never indexed, never referred.
        "Cache-Control": "no-store",
        "X-Robots-Tag": "noindex, nofollow",
        "Referrer-Policy": "no-referrer",
        "Content-Security-Policy": csp,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
      },
    });

  const render = async (token: string, wordStatus?: { sent: true } | { error: string }) => {
    const share = await openShare(db, token);
    if (!share) return respond(goneSharePage(), 404);
    const [member] = await queryRows(
      db,
      publicRow,
      sql`SELECT ${PUBLIC_COLUMNS} FROM profiles p WHERE p.user_id = ${share.memberId}`,
    );
    if (!member) return respond(goneSharePage(), 404);
    const [made, blurred] = await Promise.all([
      renditionsFor(db, member.photos.slice(0, 3)),
      blurredFor(db, share.ownerId, [member.userId]),
    ]);
    const html = sharePage({
      share,
      member,
      token,
      wordStatus,
      photoUrl: (key) => storage.publicUrl(key),
      thumbUrl: (key) => storage.publicUrl(thumbKey(key)),
      renditionBase,
      renditions: new Set(made.keys()),
      blurredUrl: blurred.size > 0 ? (key) => storage.publicUrl(blurredKey(key)) : undefined,
    });
    return respond(html, wordStatus && "error" in wordStatus ? 400 : 200);
  };

  return new Hono<AppEnv>()
    .get("/:token", (c) => render(c.req.param("token")))
    .post(
      "/:token/mot",
      bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text("Votre mot est trop long.", 413) }),
      async (c) => {
        const token = c.req.param("token");
        // A form of this page only: a page elsewhere posting here is refused.
        const site = c.req.header("sec-fetch-site");
        if (site && site !== "same-origin" && site !== "none") return respond(goneSharePage(), 404);
        const form = await c.req.parseBody().catch(() => null);
        const parsed = shareWordSchema.safeParse({
          mot: typeof form?.mot === "string" ? form.mot : undefined,
        });
        if (!parsed.success)
          return render(token, { error: parsed.error.issues[0]?.message ?? SHARE_MSG.WORD_EMPTY });
        if (!(await leaveWord(db, token, parsed.data.mot))) return respond(goneSharePage(), 404);
        return render(token, { sent: true });
      },
    );
}
