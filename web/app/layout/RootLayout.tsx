import { useQueryClient } from "@tanstack/react-query";
import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { callStore, partnerFrom, useCallState } from "@web/features/calls/index.ts";
import { CheckInBanner } from "@web/features/check-ins/index.ts";
import { conversationsQuery } from "@web/features/messages/api.ts";
import { useSubscriptionStatus } from "@web/features/subscription/api.ts";
import { useLayoutSession } from "@web/lib/auth-client.ts";
import { flushNow } from "@web/lib/outbox/outbox.ts";
import { useQuickExit } from "@web/lib/quick-exit.ts";
import { lazy, Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { InstallSlot } from "../pwa/InstallSlot.tsx";
import { PwaPrompts } from "../pwa/PwaPrompts.tsx";
import { useUnreadTitle } from "../pwa/use-unread-title.ts";
import { RealtimeEvents } from "../RealtimeEvents.tsx";
import { BottomNav } from "./BottomNav.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { useNavBadges } from "./use-nav-counts.ts";

// The call screens (issue 38) load once a call rings or starts: most visits never need them.
const CallLayer = lazy(() =>
  import("@web/features/calls/components/CallLayer.tsx").then((m) => ({ default: m.CallLayer })),
);

// One element for the life of the app: when the layout re-renders (the session check answering),
// the page's boundary is not touched. A prerendered page still waiting for its chunk would
// otherwise be thrown away and rendered afresh instead of hydrated (web/prerender.tsx).
const page = (
  <Suspense fallback={<PageSpinner />}>
    <Outlet />
  </Suspense>
);

export function RootLayout() {
  const queryClient = useQueryClient();
  const call = useCallState();
  // Who calls, for the ringing card: the conversation list's idea of the match's other member.
  useEffect(() => {
    callStore.partnerOf = async (matchId) => {
      const list = await queryClient.fetchQuery(conversationsQuery()).catch(() => null);
      const found = list?.data.find((c) => c.matchId === matchId);
      return found ? partnerFrom(found) : null;
    };
  }, [queryClient]);
  const { signedIn, isPending } = useLayoutSession();
  // Échap twice leaves for a neutral page, on every page, signed in or not (issue 40).
  useQuickExit();
  // A member signing in (or another one) sends what they left waiting in the outbox (issue 39).
  useEffect(() => {
    if (signedIn) void flushNow();
  }, [signedIn]);
  const badges = useNavBadges(signedIn);
  useUnreadTitle(badges.messages ?? 0);
  // Live events are for subscribers (the API refuses the stream to others).
  const subscription = useSubscriptionStatus(signedIn);
  const hasNewMatch = (badges.matches ?? 0) > 0;

  return (
    <div className={signedIn ? "flex min-h-dvh flex-col pb-16 md:pb-0" : "flex min-h-dvh flex-col"}>
      <a
        href="#contenu"
        className="sr-only z-50 rounded-full bg-teal-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Aller au contenu
      </a>
      <Header signedIn={signedIn} sessionPending={isPending} badges={badges} />
      {/* At least one screen tall: while a lazy page loads, the footer stays below the fold instead of
          showing, then jumping down (a layout shift). */}
      <main id="contenu" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        {/* Always rendered (null on most pages), so that the page's boundary keeps its place. */}
        <InstallSlot signedIn={signedIn} hasNewMatch={hasNewMatch} />
        {/* « Tout va bien ? » near a check-in's time (issue 40); asks the server only on a device that set one. */}
        {signedIn && <CheckInBanner />}
        {page}
      </main>
      <Footer />
      {signedIn && <BottomNav badges={badges} />}
      {signedIn && subscription.data?.status === "subscribed" && (
        <>
          <RealtimeEvents />
          {call.phase !== "idle" && (
            <Suspense fallback={null}>
              <CallLayer />
            </Suspense>
          )}
        </>
      )}
      <PwaPrompts signedIn={signedIn} />
      <ScrollRestoration />
    </div>
  );
}
