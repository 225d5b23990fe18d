import type { BlockedMemberDto } from "@domain/safety.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { smallPhotoUrl } from "@web/features/members/index.ts";
import { useBlocks, useUnblockMember } from "@web/features/safety/index.ts";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate, quoted } from "@web/lib/format.ts";
import { ShieldCheck } from "lucide-react";

const nameOf = (b: BlockedMemberDto) => (b.lastInitial ? `${b.firstName} ${b.lastInitial}` : b.firstName);

/** The members the member blocked, each with « Débloquer ». */
export function BlockedMembersSection() {
  const blocks = useBlocks();
  const unblock = useUnblockMember();
  // The member's row leaves the list: the confirmation outlives it as a toast.
  const toast = useToast();

  const onUnblock = (b: BlockedMemberDto) => {
    const name = nameOf(b);
    unblock.mutate(b.userId, {
      onSuccess: () =>
        toast.show({
          tone: "success",
          text: `${name} est débloqué(e). Votre ancien match reste fermé, mais vous pourrez de nouveau vous croiser.`,
        }),
      onError: (err) =>
        toast.show({ tone: "error", text: `${name} n’a pas été débloqué(e) : ${errorMessage(err)}` }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {blocks.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p role="status" className="sr-only">
            Chargement des membres bloqués…
          </p>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : blocks.isError ? (
        <ErrorState
          title="Impossible de charger les membres bloqués"
          message={errorMessage(blocks.error)}
          onRetry={() => void blocks.refetch()}
          retrying={blocks.isRefetching}
        />
      ) : blocks.data.length === 0 ? (
        <div className="flex items-start gap-3 rounded-xl border-2 border-dashed border-sand-300 px-4 py-5 text-ink-soft">
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-ochre-700" aria-hidden="true" />
          <p>
            Vous n’avez bloqué personne. Depuis un profil, un match ou une conversation, le menu{" "}
            {quoted("Plus d’actions")} (les trois points ⋮) permet de bloquer ou de signaler un membre.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-200" aria-label="Membres bloqués">
          {blocks.data.map((b) => {
            const name = nameOf(b);
            const pending = unblock.isPending && unblock.variables === b.userId;
            return (
              <li key={b.userId} className="flex flex-wrap items-center gap-3 py-3">
                <span aria-hidden="true">
                  <Avatar src={smallPhotoUrl(b.photo)} name={name} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-teal-900">{name}</p>
                  <p className="text-sm text-ink-soft">
                    Bloqué(e) le <time dateTime={b.blockedAt}>{formatDate(b.blockedAt)}</time>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={pending}
                  loadingText="Déblocage…"
                  onClick={() => onUnblock(b)}
                >
                  Débloquer <span className="sr-only">{name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
