import { formatMoney } from "@domain/money.ts";
import { METHOD_LABELS, OPERATORS } from "@domain/payments.ts";
import type { CheckoutDto } from "@domain/subscriptions.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { FlaskConical } from "lucide-react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { type ConfirmDemo, useCheckout, useConfirmDemo, useSubscriptionOverview } from "./api.ts";
import { DemoMobileMoney } from "./components/DemoMobileMoney.tsx";

/** Mobile money: the operator's name (« Orange Money »); otherwise the method's. */
function operatorName(checkout: CheckoutDto): string {
  if (checkout.method !== "mobile-money") return METHOD_LABELS[checkout.method];
  return (checkout.operator && OPERATORS[checkout.operator]) ?? METHOD_LABELS["mobile-money"];
}

/**
 * /subscription/demo?checkout=<id>: the demo provider's payment step. Clearly not a real payment;
 * the member's answer goes through the same recording as a provider's confirmation. A card payment
 * is confirmed (or refused) in one step; mobile money takes two, as with a real operator: the
 * number, then the request validated on the phone.
 */
export default function DemoPaymentPage() {
  usePageTitle("Paiement de démonstration");
  const [params] = useSearchParams();
  const id = params.get("checkout");
  const navigate = useNavigate();
  const checkout = useCheckout(id, false);
  const overview = useSubscriptionOverview();
  const confirm = useConfirmDemo(id ?? "");

  if (!id) return <Navigate to="/subscription" replace />;
  if (checkout.isPending || overview.isPending) return <PageSpinner />;
  if (checkout.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <ErrorState
          title="Paiement introuvable"
          message={errorMessage(checkout.error)}
          onRetry={() => void checkout.refetch()}
          retrying={checkout.isRefetching}
        />
      </div>
    );
  const successPath = `/subscription/success?checkout=${encodeURIComponent(id)}`;
  // Settled, or not the demo's to settle: the confirmation page says where it stands.
  if (checkout.data.status !== "pending" || checkout.data.provider !== "demo")
    return <Navigate to={successPath} replace />;
  const c = checkout.data;
  const plan = overview.data?.plans.find((p) => p.id === c.plan);
  const amount = formatMoney(c.amount, c.currency);
  const mobileMoney = c.method === "mobile-money";

  const answer = (v: ConfirmDemo, onError?: (err: Error) => void) =>
    confirm.mutate(v, { onSuccess: () => navigate(successPath, { replace: true }), onError });
  const answering = (outcome: ConfirmDemo["outcome"]) =>
    confirm.isPending && confirm.variables?.outcome === outcome;

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Card className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <FlaskConical className="size-8 shrink-0 text-ochre-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-teal-900">Paiement de démonstration</h1>
        </div>
        <Alert tone="info">
          {mobileMoney
            ? "Cette installation de Passerelle fonctionne en mode démonstration : aucune demande n’est envoyée à votre opérateur et aucun montant n’est débité."
            : "Cette installation de Passerelle fonctionne en mode démonstration : aucune carte n’est demandée et aucun montant n’est débité."}
        </Alert>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
          <dt className="text-ink-soft">Formule</dt>
          <dd className="font-semibold">{plan?.label ?? c.plan}</dd>
          <dt className="text-ink-soft">Montant</dt>
          <dd className="font-semibold tabular-nums">{amount}</dd>
          <dt className="text-ink-soft">Moyen de paiement</dt>
          <dd className="font-semibold">{operatorName(c)}</dd>
        </dl>
        {mobileMoney ? (
          <DemoMobileMoney
            operator={operatorName(c)}
            amount={amount}
            onAnswer={answer}
            answering={answering}
            busy={confirm.isPending}
          />
        ) : (
          <>
            {confirm.isError && (
              <Alert key={confirm.submittedAt} tone="error" reveal>
                {errorMessage(confirm.error)}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
              <Link to="/subscription" className={buttonClasses("ghost")}>
                Annuler
              </Link>
              <Button
                variant="secondary"
                disabled={confirm.isPending}
                loading={answering("refused")}
                loadingText="Envoi…"
                onClick={() => answer({ outcome: "refused" })}
              >
                Simuler un refus
              </Button>
              <Button
                disabled={confirm.isPending}
                loading={answering("paid")}
                loadingText="Confirmation…"
                onClick={() => answer({ outcome: "paid" })}
              >
                Confirmer le paiement de démonstration
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
