import { buttonClasses } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { Tabs } from "@web/components/ui/Tabs.tsx";
import { useProfile } from "@web/features/profile/index.ts";
import { errorMessage } from "@web/lib/api.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { quoted } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Inbox, MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useConversations } from "./api.ts";
import { ConversationList } from "./components/ConversationList.tsx";
import { ConversationView } from "./components/ConversationView.tsx";

/**
 * /messages: the conversations, and the open one (?match=<id>). On a phone, one or the other fills
 * the screen; from the md breakpoint, side by side. A member who lets only members she liked back
 * write first (issue 34) has a second box, « Demandes » (?box=demandes), for the other first messages.
 */
export default function MessagesPage() {
  usePageTitle("Messages");
  const [params, setParams] = useSearchParams();
  const matchId = params.get("match");
  const conversations = useConversations();
  const profile = useProfile();
  const { data: session } = authClient.useSession();
  const me = session?.user.id ?? "";
  const all = conversations.data ?? [];
  const active = all.find((c) => c.matchId === matchId);
  const requests = all.filter((c) => c.request);
  // The box shows when it is chosen or holds something (the setting may have been turned off since).
  const withRequests = profile.data?.firstMessagesFromLikedOnly === true || requests.length > 0;
  const box: Box = withRequests && params.get("box") === "demandes" ? "demandes" : "conversations";
  const list = box === "demandes" ? requests : all.filter((c) => !c.request);
  const chooseBox = (next: Box) =>
    setParams((p) => {
      const fresh = new URLSearchParams(p);
      if (next === "demandes") fresh.set("box", "demandes");
      else fresh.delete("box");
      return fresh;
    });

  return (
    <div className="mx-auto flex h-[calc(100dvh-7.75rem)] max-w-6xl flex-col px-0 sm:px-4 md:h-[calc(100dvh-4rem)] md:py-4">
      <h1
        className={cn(
          "px-4 pt-4 pb-3 text-3xl font-bold text-teal-900 sm:px-0",
          matchId && "sr-only md:not-sr-only",
        )}
      >
        Messages
      </h1>
      {/* minmax(0, …) columns: a conversation never widens the page past the screen (a long name, the
          header's buttons); its header truncates the name instead. */}
      <div className="grid min-h-0 flex-1 overflow-hidden border-sand-200 bg-white sm:rounded-[var(--radius-card)] sm:border grid-cols-1 md:grid-cols-[20rem_minmax(0,1fr)]">
        <div
          className={cn("min-h-0 overflow-y-auto border-sand-200 md:border-r", matchId && "hidden md:block")}
        >
          {conversations.isPending ? (
            <div aria-busy="true" className="flex flex-col gap-3 p-3">
              <p role="status" className="sr-only">
                Chargement de vos conversations…
              </p>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : conversations.isError ? (
            <div className="p-3">
              <ErrorState
                title="Impossible de charger vos conversations"
                message={errorMessage(conversations.error)}
                onRetry={() => void conversations.refetch()}
                retrying={conversations.isRefetching}
              />
            </div>
          ) : (
            <Boxes shown={withRequests} box={box} requests={requests.length} onChange={chooseBox}>
              {list.length > 0 ? (
                <ConversationList conversations={list} activeId={matchId} me={me} box={box} />
              ) : box === "demandes" ? (
                <EmptyState icon={Inbox} title="Aucune demande" className="m-3 border-0">
                  Les premiers messages des personnes que vous n’avez pas aimées en retour arrivent ici. Vous
                  choisissez ensuite de les accepter ou de les refuser.
                </EmptyState>
              ) : (
                <EmptyState
                  icon={MessagesSquare}
                  title="Aucune conversation"
                  className="m-3 border-0"
                  action={
                    <Link to="/search" className={buttonClasses("primary")}>
                      Découvrir des profils
                    </Link>
                  }
                >
                  Chaque match ouvre une conversation. Pour commencer, cliquez sur {quoted("J’aime")} sur un
                  profil.
                </EmptyState>
              )}
            </Boxes>
          )}
        </div>
        <div className={cn("min-h-0", !matchId && "hidden md:block")}>
          {matchId && me ? (
            <ConversationView
              key={matchId}
              matchId={matchId}
              conversation={active}
              gone={conversations.isSuccess && !active}
              me={me}
            />
          ) : (
            <div className="hidden h-full items-center justify-center p-6 text-center text-ink-soft md:flex">
              <p>Choisissez une conversation pour la lire et répondre.</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

type Box = "conversations" | "demandes";

/** The two boxes' tabs above the list, for a member who has requests or may receive some. */
function Boxes({
  shown,
  box,
  requests,
  onChange,
  children,
}: {
  shown: boolean;
  box: Box;
  requests: number;
  onChange: (box: Box) => void;
  children: ReactNode;
}) {
  if (!shown) return children;
  const tabs = [
    { value: "conversations", label: "Conversations" },
    { value: "demandes", label: requests > 0 ? `Demandes (${requests})` : "Demandes" },
  ] as const;
  return (
    <Tabs label="Boîtes de réception" tabs={tabs} value={box} onChange={onChange} spacing="compact">
      {children}
    </Tabs>
  );
}
