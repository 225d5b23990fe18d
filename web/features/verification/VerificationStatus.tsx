import type { VerificationStateDto } from "@domain/verification.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { ProfileVerifiedBadge } from "@web/features/members/index.ts";
import { formatDate, plural } from "@web/lib/format.ts";
import { RotateCcw } from "lucide-react";
import { Link } from "react-router-dom";

/** « Il vous reste 2 essais aujourd'hui. » */
export function attemptsLeftText(n: number): string {
  return n > 0
    ? `Il vous reste ${plural(n, "essai", "essais")} aujourd’hui.`
    : "Vous avez utilisé vos essais d’aujourd’hui : vous pourrez réessayer demain.";
}

/**
 * Where the member's verification stands, on its page: verified (the badge), waiting for an
 * administrator, or refused with the reason and, when attempts are left, a new try.
 */
export function VerificationStatus({
  state,
  onRetry,
  justDecided = false,
}: {
  state: VerificationStateDto;
  onRetry?: () => void;
  /** The outcome of the attempt just made (announced), rather than the state found on arrival. */
  justDecided?: boolean;
}) {
  const back = (
    <Link to="/profile" className={buttonClasses("secondary", "md", "sm:w-fit")}>
      Retour à mon profil
    </Link>
  );
  if (state.status === "verified")
    return (
      <div className="flex flex-col gap-4">
        <Alert
          tone="success"
          title={justDecided ? "C’est fait : votre profil est vérifié !" : "Votre profil est vérifié"}
        >
          Les autres membres voient le badge sur votre profil.
        </Alert>
        <div className="flex flex-wrap items-center gap-3">
          <ProfileVerifiedBadge />
          {state.verifiedAt && (
            <span className="text-ink-soft">depuis le {formatDate(state.verifiedAt)}</span>
          )}
        </div>
        {back}
      </div>
    );
  if (state.status === "pending-review")
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info" title="Vérification en cours d’examen">
          La ressemblance avec vos photos n’est pas assez nette pour une décision automatique : un membre de
          l’équipe va vérifier. Votre profil reste visible comme avant en attendant.
        </Alert>
        {back}
      </div>
    );
  const canRetry = state.attemptsLeftToday > 0 && onRetry;
  return (
    <div className="flex flex-col gap-4">
      {state.status === "refused" && (
        <Alert tone="error" title="Votre profil n’a pas pu être vérifié">
          <p>{state.reason ?? "La vérification n’a pas abouti."}</p>
        </Alert>
      )}
      <p>{attemptsLeftText(state.attemptsLeftToday)}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        {canRetry && (
          <Button size="lg" onClick={onRetry}>
            <RotateCcw className="size-5" aria-hidden="true" />
            Réessayer
          </Button>
        )}
        {back}
      </div>
    </div>
  );
}
