// What makes the site an app, mounted once by the layout: the service worker's registration, its
// messages, and the offer of a new version in a corner of the screen — above the phone's bottom bar,
// bottom left on wider screens (the toasts are top right there). The invitation to install sits in
// the page instead (InstallSlot.tsx), where it covers nothing.
import { useQueryClient } from "@tanstack/react-query";
import { messageKeys } from "@web/features/messages/index.ts";
import { useEconomyMode } from "@web/lib/economy-mode.ts";
import { isWorkerMessage } from "@web/pwa/sw-logic.ts";
import { useEffect } from "react";
import { registerServiceWorker } from "./register.ts";
import { UpdatePrompt } from "./UpdatePrompt.tsx";

export function PwaPrompts({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const { active: economy } = useEconomyMode();
  // Only for members (issue 39): a visitor's first visit downloads the page, not the whole app.
  useEffect(() => {
    if (signedIn) void registerServiceWorker(economy);
  }, [signedIn, economy]);

  // A push that comes while the member is looking at the app is not shown (web/sw.ts) but sent here:
  // the navigation's counts are brought up to date (live events, for subscribers, do the rest).
  useEffect(() => {
    const worker = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      if (isWorkerMessage(event.data) && event.data.type === "push")
        void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts });
    };
    worker.addEventListener("message", onMessage);
    return () => worker.removeEventListener("message", onMessage);
  }, [queryClient]);

  return (
    // A live region present from the start, so that an offer appearing in it is announced.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 flex flex-col gap-2 md:inset-x-auto md:bottom-4 md:left-4 md:w-96"
    >
      <UpdatePrompt />
    </div>
  );
}
