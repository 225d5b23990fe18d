import { OPERATORS } from "@domain/payments.ts";
import { safePath } from "@domain/safe-path.ts";
import { type CheckoutDto, SUBSCRIPTION_MSG } from "@domain/subscriptions.ts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "@web/components/ui/Alert.tsx";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { PartyPopper } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { useCheckout } from "./api.ts";
import { subscriptionKeys } from "./keys.ts";

/** After this long without confirmation, the page says the payment is being checked. */
export const SLOW_MS = 15_000;

/** « d'Orange Money », « de Wave », or « de l'organisme de paiement » when no operator is known. */
function ofWhoConfirms(checkout: CheckoutDto | undefined): string {
  const operator =
    checkout?.method === "mobile-money" && checkout.operator ? OPERATORS[checkout.operator] : null;
  if (!operator) return "de l’organisme de paiement";
  return /^[aeiouyàâéèêîôû]/i.test(operator) ? `d’${operator}` : `de ${operator}`;
}

/** A reason given by the provider, as a sentence. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * /subscription/success?checkout=<id>: confirms only once the payment is recorded. Coming back from
 * the payment page proves nothing; the page waits for the provider's confirmation (its webhook or
 * notification) and says so meanwhile. A slow confirmation is not an error: mobile money can take
 * minutes, and the member is told they may leave.
 */
export default function SubscriptionSuccessPage() {
  usePageTitle("Confirmation d’abonnement");
  const [params] = useSearchParams();
  const id = params.get("checkout");
  const checkout = useCheckout(id, true);
  const queryClient = useQueryClient();
  const [slow, setSlow] = useState(false);
  const status = checkout.data?.status;
  // Checked again here: the server stores only safe paths, but this is where the browser goes.
  const returnTo = safePath(checkout.data?.returnTo);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (status !== "paid") return;
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.status });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.overview });
  }, [status, queryClient]);

  if (!id) return <Navigate to="/subscription" replace />;

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Card className="flex flex-col items-center gap-4 text-center">
        {/* A failed poll of a payment already shown keeps it shown: polling goes on. */}
        {checkout.isError && !checkout.data ? (
          <ErrorState
            title="Impossible de vérifier votre paiement"
            message={errorMessage(checkout.error)}
            onRetry={() => void checkout.refetch()}
            retrying={checkout.isRefetching}
          />
        ) : status === "paid" ? (
          <>
            <PartyPopper className="size-10 text-brand-700" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-teal-900">Merci, votre abonnement est actif !</h1>
            <p role="status" className="text-ink-soft">
              {checkout.data?.endsAt ? `Il est valable jusqu’au ${formatDate(checkout.data.endsAt)}. ` : ""}Un
              e-mail de confirmation vous a été envoyé.
            </p>
            <Link to={returnTo ?? "/search"} className={buttonClasses("primary")}>
              {returnTo ? "Reprendre là où j’en étais" : "Découvrir des profils"}
            </Link>
          </>
        ) : status === "failed" || status === "expired" ? (
          <>
            <h1 className="text-2xl font-bold text-teal-900">Le paiement n’a pas abouti</h1>
            <Alert tone="error">
              {status === "expired"
                ? "La page de paiement a expiré avant la fin du paiement."
                : sentence(
                    checkout.data?.failureReason || "Le paiement a été refusé ou n’a pas pu être vérifié.",
                  )}{" "}
              Aucun abonnement n’a été activé.
            </Alert>
            <Link to="/subscription" className={buttonClasses("secondary")}>
              Revenir aux formules
            </Link>
          </>
        ) : status === "cancelled" ? (
          <>
            <h1 className="text-2xl font-bold text-teal-900">Paiement annulé</h1>
            <p role="status" className="text-ink-soft">
              Aucun montant n’a été débité.
            </p>
            <Link to="/subscription" className={buttonClasses("secondary")}>
              Revenir aux formules
            </Link>
          </>
        ) : slow ? (
          <>
            <Spinner label={null} className="size-10 text-teal-700" />
            <h1 className="text-2xl font-bold text-teal-900">{SUBSCRIPTION_MSG.PENDING}</h1>
            <div role="status" className="flex flex-col gap-2 text-ink-soft">
              <p>
                Nous vérifions votre paiement auprès {ofWhoConfirms(checkout.data)}. Votre accès s’ouvrira dès
                qu’il sera confirmé, et vous recevrez alors un e-mail.
              </p>
              <p>Vous pouvez fermer cette page : il n’est pas nécessaire d’attendre ici.</p>
            </div>
          </>
        ) : (
          <>
            <Spinner label={null} className="size-10 text-teal-700" />
            <h1 className="text-2xl font-bold text-teal-900">Confirmation de votre paiement…</h1>
            <p role="status" className="text-ink-soft">
              Nous attendons la confirmation {ofWhoConfirms(checkout.data)}. Cela ne prend généralement que
              quelques secondes.
            </p>
            {checkout.data?.method === "mobile-money" && checkout.data.provider !== "demo" && (
              <Alert tone="info">
                Si une demande de paiement est arrivée sur votre téléphone, validez-la avec votre code secret.
              </Alert>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
