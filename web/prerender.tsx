// Build-time rendering of the public pages (scripts/build/prerender.ts): their HTML is in the
// document the server sends, so a visitor sees the page before the JavaScript has run, and the
// client then hydrates it (web/main.tsx). Rendered as a signed-out visitor whose session is still
// being checked: exactly the client's first render, so hydration matches.
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { appRoutes } from "./app/router.tsx";

/** The public pages rendered at build time (pages with per-visit content, e.g. a reset token, are not). */
export const PRERENDERED_PATHS = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/privacy-policy",
  "/terms-of-use",
] as const;

/** The markup of #root for `path`. */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
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
    // Every Suspense boundary inline, however large (React outlines big ones into separate segments).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // A boundary left pending or outlined would be completed by an inline script, which the CSP forbids.
  if (/<script|<!--\$[?!]-->/.test(html))
    throw new Error(`${path}: the prerendered page still waits for something`);
  return html;
}
