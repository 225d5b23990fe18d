import type { MatchDto } from "@domain/discovery.ts";
import { deName } from "@domain/french.ts";
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { LoadMoreButton } from "@web/components/ui/LoadMoreButton.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { displayName, ProfileDetails, useRecordVisit } from "@web/features/members/index.ts";
import {
  blockedNotice,
  type SafetyTarget,
  safetyTargetOf,
  useMemberSafety,
} from "@web/features/safety/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Eye, HeartHandshake, UserRoundPen } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useMatches, useRemoveMatch } from "./api.ts";
import { MatchCard } from "./components/MatchCard.tsx";

export default function MatchesPage() {
  usePageTitle("Mes matchs");
  const matches = useMatches();
  const remove = useRemoveMatch();
  const [open, setOpen] = useState<MatchDto | null>(null);
  useRecordVisit(open?.member.userId);
  const [toRemove, setToRemove] = useState<MatchDto | null>(null);
  // The card concerned leaves the list: the confirmation outlives it as a toast.
  const toast = useToast();
  const list = matches.data?.pages.flatMap((p) => p.data) ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const safety = useMemberSafety({
    onBlocked: (target) => {
      toast.show({
        tone: "success",
        text: blockedNotice(target, "votre match et votre conversation sont fermés"),
      });
      requestAnimationFrame(() => heading.current?.focus());
    },
  });
  const targetOf = (match: MatchDto): SafetyTarget => safetyTargetOf(match.member);

  const confirmRemove = () => {
    if (!toRemove) return;
    const name = displayName(toRemove.member);
    setToRemove(null);
    remove.mutate(toRemove.id, {
      onSuccess: () => toast.show({ tone: "success", text: `${name} ne fait plus partie de vos matchs.` }),
      onError: (err) =>
        toast.show({
          tone: "error",
          text: `Le match avec ${name} n’a pas été retiré : ${errorMessage(err)}`,
        }),
    });
  };

  const needsProfile =
    matches.error instanceof ApiError &&
    (matches.error.code === "PROFILE_INCOMPLETE" || matches.error.code === "PROFILE_NOT_FOUND");

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <PageHeader
        title="Mes matchs"
        intro="Les personnes avec qui le courant passe. Prenez le temps de vous écrire."
      />
      {/* Those who came to see the member's profile: matches in the making. */}
      <div className="-mt-2 mb-6">
        <Link to="/visits" className={buttonClasses("secondary", "sm")}>
          <Eye className="size-4" aria-hidden="true" />
          Qui a vu mon profil
        </Link>
      </div>

      {matches.isPending ? (
        <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
          <p role="status" className="sr-only">
            Chargement de vos matchs…
          </p>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40 w-full rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : needsProfile ? (
        <EmptyState
          icon={UserRoundPen}
          title="Complétez votre profil"
          action={
            <Link to="/profile" className={buttonClasses("primary")}>
              Compléter mon profil
            </Link>
          }
        >
          Indiquez au moins votre prénom et votre genre pour voir vos matchs.
        </EmptyState>
      ) : matches.isError ? (
        <ErrorState
          title="Impossible de charger vos matchs"
          message={errorMessage(matches.error)}
          onRetry={() => void matches.refetch()}
          retrying={matches.isRefetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={HeartHandshake}
          title="Pas encore de match"
          action={
            <Link to="/search" className={buttonClasses("primary")}>
              Découvrir des profils
            </Link>
          }
        >
          Parcourez les profils et cliquez sur {quoted("J’aime")}&nbsp;: chaque {quoted("J’aime")} crée un
          match et ouvre la conversation.
        </EmptyState>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1} className="sr-only">
            Liste de vos matchs
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {list.map((match) => (
              <li key={match.id} className="flex">
                <MatchCard
                  match={match}
                  onOpen={() => setOpen(match)}
                  onRemove={() => setToRemove(match)}
                  onReport={() => safety.report(targetOf(match))}
                  onBlock={() => safety.block(targetOf(match))}
                />
              </li>
            ))}
          </ul>
          <LoadMoreButton list={matches} className="mt-6" />
        </>
      )}

      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Profil ${deName(displayName(open.member))}` : ""}
        className="max-h-[92dvh] max-w-2xl overflow-y-auto"
        footer={
          open && (
            <Link to={`/messages?match=${encodeURIComponent(open.id)}`} className={buttonClasses("primary")}>
              Écrire à {open.member.firstName}
            </Link>
          )
        }
      >
        {open && <ProfileDetails member={open.member} />}
      </Dialog>

      <Dialog
        open={toRemove !== null}
        onClose={() => setToRemove(null)}
        title="Retirer ce match ?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToRemove(null)}>
              Annuler
            </Button>
            <Button variant="danger" onClick={confirmRemove}>
              Retirer
            </Button>
          </>
        }
      >
        {toRemove && (
          <p>
            {displayName(toRemove.member)} disparaîtra de vos matchs et vous ne pourrez plus vous écrire.
            Cette action est définitive.
          </p>
        )}
      </Dialog>
      {safety.dialogs}
    </div>
  );
}
