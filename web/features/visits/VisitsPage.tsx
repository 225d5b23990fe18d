import { type ProfileVisitDto, VISITS } from "@domain/discovery.ts";
import { deName } from "@domain/french.ts";
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { displayName, ProfileDetails, useRecordVisit } from "@web/features/members/index.ts";
import {
  blockedNotice,
  ProfileSafetyActions,
  type SafetyTarget,
  safetyTargetOf,
  useMemberSafety,
} from "@web/features/safety/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { formatNumber, plural } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Eye, EyeOff, UserRoundPen } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useVisits } from "./api.ts";
import { VisitCard } from "./components/VisitCard.tsx";

/** Where the invitation to subscribe leads, coming back here once paid. */
const SUBSCRIBE_PATH = `/subscription?from=${encodeURIComponent("/visits")}`;

/**
 * /visits, « Qui a vu mon profil » (issue 17): the members who opened the member's profile over the
 * last VISITS.DAYS days, the latest first. For subscribers: the route's gate sends the others to
 * /subscription, and a refusal met here anyway (a subscription that just ended) is an invitation.
 */
export default function VisitsPage() {
  usePageTitle("Qui a vu mon profil");
  const visits = useVisits();
  const [open, setOpen] = useState<ProfileVisitDto | null>(null);
  useRecordVisit(open?.member.userId);
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const safety = useMemberSafety({
    onBlocked: (target) => {
      toast.show({
        tone: "success",
        text: blockedNotice(target),
      });
      requestAnimationFrame(() => heading.current?.focus());
    },
  });
  const targetOf = ({ member }: ProfileVisitDto): SafetyTarget => safetyTargetOf(member);
  /** From the profile dialog: it closes, and the report or block dialog opens in its place. */
  const fromDialog = (action: (target: SafetyTarget) => void) => {
    if (!open) return;
    const target = targetOf(open);
    setOpen(null);
    action(target);
  };

  const list = visits.data ?? [];
  const code = visits.error instanceof ApiError ? visits.error.code : null;
  const needsSubscription = code === "SUBSCRIPTION_REQUIRED";
  const needsProfile = code === "PROFILE_INCOMPLETE" || code === "PROFILE_NOT_FOUND";

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <PageHeader
        title="Qui a vu mon profil"
        intro={`Les membres qui ont consulté votre profil ces ${VISITS.DAYS} derniers jours, du plus récent au plus ancien.`}
      />

      {visits.isPending ? (
        <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
          <p role="status" className="sr-only">
            Chargement de vos visites…
          </p>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40 w-full rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : needsSubscription ? (
        <EmptyState
          icon={Eye}
          title="Découvrez qui s’intéresse à vous"
          action={
            <Link to={SUBSCRIBE_PATH} className={buttonClasses("primary")}>
              Voir les formules
            </Link>
          }
        >
          Avec un abonnement, voyez les membres qui ont consulté votre profil ces {VISITS.DAYS} derniers
          jours, et faites le premier pas.
        </EmptyState>
      ) : needsProfile ? (
        <EmptyState
          icon={UserRoundPen}
          title="Complétez votre profil"
          action={
            <Link to="/onboarding" className={buttonClasses("primary")}>
              Compléter mon profil
            </Link>
          }
        >
          Indiquez au moins votre prénom et votre genre pour voir qui a consulté votre profil.
        </EmptyState>
      ) : visits.isError ? (
        <ErrorState
          title="Impossible de charger vos visites"
          message={errorMessage(visits.error)}
          onRetry={() => void visits.refetch()}
          retrying={visits.isRefetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={EyeOff}
          title={`Personne n’a encore vu votre profil ces ${VISITS.DAYS} derniers jours`}
          action={
            <Link to="/profile" className={buttonClasses("primary")}>
              Soigner mon profil
            </Link>
          }
        >
          Un profil complet, avec de belles photos et une présentation sincère, attire davantage de visites.
        </EmptyState>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold text-teal-900 focus:outline-none">
            {plural(list.length, "membre a", "membres ont")} consulté votre profil
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {list.map((visit) => (
              <li key={visit.member.userId} className="flex">
                <VisitCard
                  visit={visit}
                  onOpen={() => setOpen(visit)}
                  onReport={() => safety.report(targetOf(visit))}
                  onBlock={() => safety.block(targetOf(visit))}
                />
              </li>
            ))}
          </ul>
          {list.length >= VISITS.LIMIT && (
            <p className="mt-6 text-center text-sm text-ink-soft">
              Seules les {formatNumber(VISITS.LIMIT)} visites les plus récentes sont affichées.
            </p>
          )}
        </>
      )}

      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Profil ${deName(displayName(open.member))}` : ""}
        className="max-h-[92dvh] max-w-2xl overflow-y-auto"
      >
        {open && (
          <>
            <ProfileDetails member={open.member} />
            <ProfileSafetyActions
              onReport={() => fromDialog((t) => safety.report(t))}
              onBlock={() => fromDialog((t) => safety.block(t))}
            />
          </>
        )}
      </Dialog>
      {safety.dialogs}
    </div>
  );
}
