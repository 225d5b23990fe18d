import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatEuros } from "@web/lib/money.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { FlaskConical } from "lucide-react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { useCheckout, useConfirmDemo, useSubscriptionOverview } from "./api.ts";

/**
 * /subscription/demo?checkout=<id>: the demo provider's payment step. Clearly not a real payment;
 * confirming goes through the same recording as a Stripe payment.
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
  if (checkout.data.status !== "pending")
    return <Navigate to={`/subscription/success?checkout=${id}`} replace />;
  const plan = overview.data?.plans.find((p) => p.id === checkout.data.plan);

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Card className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <FlaskConical className="size-8 text-ochre-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-teal-900">Paiement de démonstration</h1>
        </div>
        <Alert tone="info">
          Cette installation de Passerelle fonctionne en mode démonstration : aucune carte n'est demandée et
          aucun montant n'est débité.
        </Alert>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="text-ink-soft">Formule</dt>
          <dd className="font-semibold">{plan?.label ?? checkout.data.plan}</dd>
          <dt className="text-ink-soft">Montant</dt>
          <dd className="font-semibold">{plan ? formatEuros(plan.priceCents) : "—"}</dd>
        </dl>
        {confirm.isError && <Alert tone="error">{errorMessage(confirm.error)}</Alert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/subscription" className={buttonClasses("secondary")}>
            Annuler
          </Link>
          <Button
            loading={confirm.isPending}
            loadingText="Confirmation…"
            onClick={() =>
              confirm.mutate(undefined, {
                onSuccess: () =>
                  navigate(`/subscription/success?checkout=${encodeURIComponent(id)}`, { replace: true }),
              })
            }
          >
            Confirmer le paiement de démonstration
          </Button>
        </div>
      </Card>
    </div>
  );
}
