// Render-as-you-fetch for the subscribers' pages. Without it, a visit to /search is a chain: the
// session check renders, then the subscription check, then the page's chunk is fetched, and only
// then does the page ask for its data. The route loaders below start the page's chunk at once and
// its first data as soon as the session is known, in parallel with the checks. They never wait
// (the router renders straight away) and fail silently: the page's own query reports errors.
import type { QueryClient } from "@tanstack/react-query";
import { conversationsQuery } from "@web/features/messages/api.ts";
import { subscriptionStatusQuery } from "@web/features/subscription/api.ts";
import { authClient } from "@web/lib/auth-client.ts";
import type { LoaderFunctionArgs } from "react-router-dom";
import { nextTask } from "./next-task.ts";

/**
 * Loads a page whose libraries are heavy to evaluate: each library in a task of its own, then the
 * page. One import would evaluate them all in a single long task, while the page is starting.
 */
async function inSteps<Page>(libraries: (() => Promise<unknown>)[], page: () => Promise<Page>) {
  for (const library of libraries) {
    await library();
    await nextTask();
  }
  return page();
}

// The profile schemas (Zod), then the filters' form (React Hook Form), then the page.
export const loadSearchPage = () =>
  inSteps(
    [
      () => import("@domain/profile.ts"),
      () => import("@web/features/search/components/SearchFiltersForm.tsx"),
    ],
    () => import("@web/features/search/SearchPage.tsx"),
  );
export const loadMatchesPage = () => import("@web/features/matches/MatchesPage.tsx");
export const loadMessagesPage = () => import("@web/features/messages/MessagesPage.tsx");
export const loadVisitsPage = () => import("@web/features/visits/VisitsPage.tsx");

/** Runs `then` once the session is known, if there is one (no request is made for a visitor). */
function whenSignedIn(then: () => void): void {
  const session = authClient.$store.atoms.session;
  if (!session) return;
  // Subscribing also starts the session request if the layout has not yet done so.
  const stop = session.listen((value: { isPending: boolean; data: unknown }) => {
    if (value.isPending) return;
    queueMicrotask(stop);
    if (value.data) then();
  });
  const now = session.get() as { isPending: boolean; data: unknown };
  if (!now.isPending) {
    stop();
    if (now.data) then();
  }
}

type Loader = (args: LoaderFunctionArgs) => null;

function preload(
  queryClient: QueryClient,
  loadPage: () => Promise<unknown>,
  data: (url: URL) => void,
): Loader {
  return ({ request }) => {
    // Each in a task of its own, after the router's set-up (which runs this loader): starting a
    // page's import (its chunks' preloads, the module requests) costs about as much as the set-up,
    // and so do the first requests. A task later is no later for the network.
    setTimeout(() => void loadPage().catch(() => undefined), 0);
    setTimeout(
      () =>
        whenSignedIn(() => {
          void queryClient.prefetchQuery(subscriptionStatusQuery());
          data(new URL(request.url));
        }),
      0,
    );
    return null;
  };
}

export function routeLoaders(queryClient: QueryClient) {
  return {
    search: preload(queryClient, loadSearchPage, (url) => {
      void import("@web/features/search/prefetch.ts").then((m) => m.prefetchSearch(queryClient, url));
    }),
    matches: preload(queryClient, loadMatchesPage, () => {
      void import("@web/features/matches/api.ts").then((m) =>
        queryClient.prefetchInfiniteQuery(m.matchesQuery()),
      );
    }),
    messages: preload(queryClient, loadMessagesPage, () => {
      void queryClient.prefetchQuery(conversationsQuery());
    }),
    visits: preload(queryClient, loadVisitsPage, () => {
      void import("@web/features/visits/api.ts").then((m) => queryClient.prefetchQuery(m.visitsQuery()));
    }),
  };
}
