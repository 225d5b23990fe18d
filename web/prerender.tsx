// Build-time rendering of the public pages (scripts/build/prerender.ts): their HTML is in the
// document the server sends, so a visitor sees the page before the JavaScript has run, and the
// client then hydrates it (web/app/start.tsx). Rendered as a signed-out visitor whose session is still
// being checked: exactly the client's first render, so hydration matches.
//
// And the frame of some member pages: the layout as a signed-in subscriber sees it and the page's
// heading, the same for every member; the page's own parts are left to the browser (ClientOnly).
// The server sends it to subscribers with the session and status it puts in the document
// (server/spa-document.ts), with which the client's first render is this markup.
import type { SubscriptionStatusDto } from "@domain/subscriptions.ts";
import type { QueryClient } from "@tanstack/react-query";
import { subscriptionKeys } from "@web/features/subscription/index.ts";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { CLIENT_ONLY_DIGEST } from "./app/ClientOnly.tsx";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { appRoutes } from "./app/router.tsx";
import { setFrameSession } from "./lib/auth-client.ts";

/** The public pages rendered at build time (pages with per-visit content, e.g. a reset token, are not). */
export const PRERENDERED_PATHS = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/privacy-policy",
  "/terms-of-use",
  "/protection",
] as const;

/** The member pages whose frame is prerendered (for subscribers: the server checks). */
export const MEMBER_FRAME_PATHS = ["/search"] as const;

/** The markup of #root for `path`. */
export function renderPage(path: string): Promise<string> {
  return render(path, createQueryClient());
}

/**
 * The markup of #root for a member page, as a signed-in subscriber's first render in the browser,
 * which hydrates it (web/app/start.tsx). Signed in and subscribed are stand-ins here (the layout only asks
 * whether there is a session; no markup shows the member): the browser has the member's own session
 * and status from the document. Runs in a process of its own (scripts/build/render-pages.ts): the
 * stand-in stays there.
 */
export async function renderMemberFrame(path: (typeof MEMBER_FRAME_PATHS)[number]): Promise<string> {
  const queryClient = createQueryClient();
  setFrameSession();
  queryClient.setQueryData<SubscriptionStatusDto>(subscriptionKeys.status, {
    status: "subscribed",
    endsAt: null,
    plan: null,
  });
  const html = await render(path, queryClient, { clientOnly: true });
  // React's note on the part left to the browser keeps only its digest (the client recognises it:
  // web/app/start.tsx); in development it also carries a message and a stack with this machine's paths.
  return html.replace(
    /<template data-dgst="([^"]*)"[\s\S]*?<\/template>/g,
    '<template data-dgst="$1"></template>',
  );
}

async function render(path: string, queryClient: QueryClient, opts: { clientOnly?: boolean } = {}) {
  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <Providers queryClient={queryClient}>
        {/* No hydration data: it would be an inline script, which the CSP forbids (no loaders run here). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    {
      // Every Suspense boundary inline, however large (React outlines big ones into separate segments).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part left to the browser is expected; anything else fails the build below.
      onError: (error) => {
        const digest = (error as { digest?: string }).digest;
        if (opts.clientOnly && digest === CLIENT_ONLY_DIGEST) return digest;
        throw error;
      },
    },
  );
  const html = await new Response(prelude).text();
  // A boundary left pending or outlined would be completed by an inline script, which the CSP forbids;
  // one left to the browser (<!--$!-->) needs none, and only member frames may have one.
  if (/<script|<!--\$\?-->/.test(html) || (!opts.clientOnly && html.includes("<!--$!-->")))
    throw new Error(`${path}: the prerendered page still waits for something`);
  return html;
}
