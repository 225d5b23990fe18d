// The app's HTML document for a member page (issue 19, first paint). Without help, /search is a
// chain of round trips after the JavaScript has run: the session, then the subscription status,
// before the page may render (RequireAuth, RequireSubscription). The server knows both when the
// document is requested, so a signed-in member's document carries them, as a JSON block
// (`type="application/json"`: data the browser never executes, which the CSP's script-src does not
// concern), read by web/app/bootstrap.ts into the auth client and the query cache. The app still
// re-reads both from the API, in the background. A visitor gets the plain document; a document with
// a session is private, never kept by a shared cache. For a subscriber, /search's document also has
// the page's frame prerendered in it (the layout and the heading: web/prerender.tsx), so the page
// paints before its scripts have loaded.
//
// Tried and left out: `<link rel="modulepreload">` for the page's chunks (from Vite's manifest).
// Lighthouse's mobile simulation scored /search lower with them (73 against 78, FCP 3.3 s against
// 2.8 s): the page's chunks then share the slow link with the entry, which the first paint waits for.
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "./deps.ts";
import { checkUserSubscription } from "./features/billing/subscription-status.ts";

/** The pages behind the sign-in (web/app/router.tsx, RequireAuth). */
const MEMBER_PAGES = new Set([
  "/search",
  "/matches",
  "/messages",
  "/visits",
  "/profile",
  "/profile/verification",
  "/onboarding",
  "/subscription",
  "/subscription/demo",
  "/subscription/success",
]);

export const BOOTSTRAP_ELEMENT_ID = "passerelle-bootstrap";

/** JSON inside a script element: « < » escaped, so no text in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * `memberFrames`: for some member pages, the document with the page's frame prerendered in it (the
 * layout and the heading, the same for every member: web/prerender.tsx), sent to subscribers, the
 * only members those pages show themselves to; the browser renders the rest.
 */
export function spaDocument(
  deps: Pick<AppDeps, "auth" | "database">,
  indexHtml: string,
  memberFrames: Record<string, string> = {},
) {
  return async (c: Context<AppEnv>): Promise<string> => {
    const route = c.req.path.replace(/\/+$/, "") || "/";
    if (!MEMBER_PAGES.has(route) || !c.req.header("cookie")) return indexHtml;
    // Better Auth's own read, the one the app's client makes: the same shape, and the session's
    // daily extension when it is due.
    const data = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!data || data.user.banned) return indexHtml;
    const subscriptionStatus = await checkUserSubscription(deps.database.db, data.user.id);
    // Never the session's token (the httpOnly cookie's secret) in a page, which scripts can read and
    // the browser may keep on disk; nor the address and browser it was opened from.
    const { token: _token, ipAddress: _ip, userAgent: _ua, ...session } = data.session;
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Cookie");
    const block = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript({ session: { session, user: data.user }, subscriptionStatus })}</script>`;
    const base = (subscriptionStatus.status === "subscribed" && memberFrames[route]) || indexHtml;
    return base.replace("</head>", `${block}</head>`);
  };
}
