import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { setHydratedPage } from "../lib/auth-client.ts";
import { startDataMeter } from "../lib/data-meter.ts";
import { applyBootstrap } from "./bootstrap.ts";
import { CLIENT_ONLY_DIGEST } from "./ClientOnly.tsx";
import { nextTask } from "./next-task.ts";
import { startOutboxWithCache } from "./outbox-cache.ts";
import { Providers } from "./providers.tsx";
import { createQueryClient } from "./query-client.ts";
import { createAppRouter } from "./router.tsx";

// The public pages and the member frames arrive prerendered (web/prerender.tsx): React takes over
// their markup. A member frame waits for the router's first (synchronous) loaders, as its markup was
// rendered after them, and leaves the page's own part to the browser (ClientOnly); it stays inert
// until React has it. Either way the first render is a transition, which React does in slices,
// yielding to the browser between them, rather than in one long task that would hold up a tap or a
// keystroke.
export async function start(container: HTMLElement) {
  // The data meter (issue 39) counts this page from its first request (the entries are buffered).
  startDataMeter();
  const queryClient = createQueryClient();
  // A member page's document carries the session and the subscription status (server-side).
  applyBootstrap(queryClient);
  // Messages and likes written offline, sent when the connection returns (issue 39).
  startOutboxWithCache(queryClient);
  await nextTask();
  const router = createAppRouter(queryClient);
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  const memberFrame = container.hasAttribute("data-member-frame");
  if (memberFrame && !router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  await nextTask();
  startTransition(() => {
    if (!container.firstElementChild) {
      createRoot(container).render(app);
      return;
    }
    container.removeAttribute("inert");
    setHydratedPage(memberFrame ? "member frame" : "public page");
    hydrateRoot(container, app, {
      onRecoverableError: (error) => {
        // The part the frame leaves to the browser, as planned.
        if ((error as { digest?: string }).digest === CLIENT_ONLY_DIGEST) return;
        // A mismatch (React then renders the part afresh) is a bug in the prerender: say so loudly.
        console.error("Passerelle: hydratation", error);
      },
    });
  });
}
