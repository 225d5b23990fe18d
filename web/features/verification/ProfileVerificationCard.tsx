import { VERIFICATION } from "@domain/verification.ts";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ProfileVerifiedBadge, SeenOnCallBadge } from "@web/features/members/index.ts";
import { formatDate, quoted } from "@web/lib/format.ts";
import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useVerificationState } from "./api.ts";
import { attemptsLeftText } from "./VerificationStatus.tsx";

const TITLE_ID = "section-verification";

/**
 * On /profile: the badge « Profil vérifié » with its date, the review under way, or an invitation
 * to verify one's profile (with the last refusal's reason and the attempts left).
 */
export function ProfileVerificationCard({
  hasPhoto,
  seenOnCallAt = null,
}: {
  hasPhoto: boolean;
  /** « Vu(e) en appel » since then (issue 38): shown beside « Profil vérifié ». */
  seenOnCallAt?: string | null;
}) {
  const { data: state, isPending } = useVerificationState();
  const link = (label: string) => (
    <Link to="/profile/verification" className={buttonClasses("primary", "md", "sm:w-fit")}>
      <ShieldCheck className="size-5" aria-hidden="true" />
      {label}
    </Link>
  );

  let body: ReactNode;
  if (isPending) body = <Skeleton className="h-16 w-full" />;
  else if (!state)
    body = <p className="text-ink-soft">L’état de votre vérification n’a pas pu être chargé.</p>;
  else if (state.status === "verified")
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <ProfileVerifiedBadge />
        {state.verifiedAt && <span className="text-ink-soft">depuis le {formatDate(state.verifiedAt)}</span>}
        {seenOnCallAt ? (
          <>
            <SeenOnCallBadge />
            <span className="text-ink-soft">depuis le {formatDate(seenOnCallAt)}</span>
          </>
        ) : (
          <p className="w-full text-sm text-ink-soft">
            Lors de votre premier appel vidéo, vous pourrez obtenir le badge {quoted("Vu(e) en appel")}.
          </p>
        )}
      </div>
    );
  else if (state.status === "pending-review")
    body = (
      <p>
        <strong>Vérification en cours d’examen</strong> : un membre de l’équipe compare vos images à vos
        photos. Le badge s’affichera dès sa décision.
      </p>
    );
  else
    body = (
      <div className="flex flex-col gap-3">
        {state.status === "refused" ? (
          <p>
            <strong>Votre dernière vérification n’a pas abouti.</strong> {state.reason}
          </p>
        ) : (
          <p>
            Prouvez par quelques selfies en direct que vous êtes la personne de vos photos : les autres
            membres verront le badge {quoted("Profil vérifié")} sur votre profil.
          </p>
        )}
        {!hasPhoto && (
          <p className="text-ink-soft">Ajoutez d’abord une photo de profil où l’on voit bien votre visage.</p>
        )}
        {/* After a refusal, or once a challenge has been drawn today (each draw is an attempt). */}
        {(state.status === "refused" || state.attemptsLeftToday < VERIFICATION.ATTEMPTS_PER_DAY) && (
          <p className="text-ink-soft">
            {state.resumable && state.attemptsLeftToday === 0
              ? "Vous pouvez encore reprendre l’essai que vous avez interrompu."
              : attemptsLeftText(state.attemptsLeftToday)}
          </p>
        )}
        {(state.attemptsLeftToday > 0 || state.resumable) &&
          link(
            state.resumable
              ? "Reprendre la vérification"
              : state.status === "refused"
                ? "Réessayer la vérification"
                : "Vérifier mon profil",
          )}
      </div>
    );

  return (
    <Card role="region" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="text-xl font-bold text-teal-900 sm:text-2xl">
        Vérification du profil
      </h2>
      <div className="mt-4" aria-busy={isPending || undefined}>
        {body}
      </div>
    </Card>
  );
}
