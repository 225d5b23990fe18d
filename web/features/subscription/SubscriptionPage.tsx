import { safePath } from "@domain/safe-path.ts";
import type { Plan, SubscriptionOverviewDto } from "@domain/subscriptions.ts";
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Heart, MessageCircle, Search, ShieldCheck, Sparkles } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useStartCheckout, useSubscriptionOverview } from "./api.ts";
import { PaymentHistory } from "./components/PaymentHistory.tsx";
import { PlanCards } from "./components/PlanCards.tsx";

const BENEFITS = [
  { icon: Search, text: "La recherche de profils avec tous ses filtres" },
  { icon: Heart, text: "Des «\u00a0J'aime\u00a0» et des matchs sans limite" },
  { icon: MessageCircle, text: "La messagerie en temps réel avec vos matchs" },
  { icon: Sparkles, text: "L'indice de compatibilité sur chaque profil" },
  { icon: ShieldCheck, text: "Un paiement unique, sans renouvellement automatique" },
];

function StatusLine({ o }: { o: SubscriptionOverviewDto }) {
  if (o.status === "subscribed" && o.endsAt)
    return (
      <Alert tone="success" title="Votre abonnement est actif">
        Jusqu'au {formatDate(o.endsAt)}. Une nouvelle formule prolongera cette date.
      </Alert>
    );
  if (o.status === "expired")
    return (
      <Alert tone="info" title="Votre abonnement est terminé">
        {o.endsAt ? `Il a pris fin le ${formatDate(o.endsAt)}. ` : ""}Choisissez une formule pour retrouver
        vos matchs et vos conversations.
      </Alert>
    );
  return (
    <Alert tone="info" title="Vous profitez de l'essai gratuit">
      Votre profil est visible. Abonnez-vous pour rechercher des membres, créer des matchs et échanger des
      messages.
    </Alert>
  );
}

export default function SubscriptionPage() {
  usePageTitle("Abonnement");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = safePath(params.get("from"));
  const cancelled = params.get("annule") === "1";
  const overview = useSubscriptionOverview();
  const checkout = useStartCheckout();
  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = (plan: Plan) => {
    setChoosing(plan.id);
    checkout.mutate(
      { plan: plan.id, returnTo: from },
      {
        onSuccess: (c) => {
          if (!c.url) return setChoosing(null);
          // The demo page is ours; Stripe Checkout is another site.
          if (c.url.startsWith("/")) navigate(c.url);
          else window.location.assign(c.url);
        },
        onError: () => setChoosing(null),
      },
    );
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <PageHeader
        title="Abonnement"
        intro="Choisissez la durée qui vous convient : toutes les formules donnent accès aux mêmes fonctionnalités."
      />
      <div className="flex flex-col gap-6">
        {from && overview.data?.status !== "subscribed" && (
          <Alert tone="info">
            Cette page est réservée aux membres abonnés. Après le paiement, vous y reviendrez directement.
          </Alert>
        )}
        {cancelled && <Alert tone="info">Paiement annulé : aucun montant n'a été débité.</Alert>}
        {checkout.isError && <Alert tone="error">{errorMessage(checkout.error)}</Alert>}

        {overview.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-4">
            <p role="status" className="sr-only">
              Chargement de votre abonnement…
            </p>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-72 w-full" />
          </div>
        ) : overview.isError ? (
          <ErrorState
            title="Impossible de charger votre abonnement"
            message={errorMessage(overview.error)}
            onRetry={() => void overview.refetch()}
            retrying={overview.isRefetching}
          />
        ) : (
          <>
            <StatusLine o={overview.data} />
            <section aria-labelledby="formules" className="flex flex-col gap-4">
              <h2 id="formules" className="text-2xl font-bold text-teal-900">
                Nos formules
              </h2>
              {overview.data.provider === "demo" && (
                <Alert tone="info" title="Mode démonstration">
                  Aucun paiement réel n'est effectué sur cette installation : le paiement est simulé.
                </Alert>
              )}
              {overview.data.provider === null ? (
                <Alert tone="error">
                  Le paiement en ligne est momentanément indisponible. Veuillez réessayer plus tard.
                </Alert>
              ) : (
                <PlanCards
                  plans={overview.data.plans}
                  pending={choosing}
                  disabled={choosing !== null}
                  onChoose={choose}
                />
              )}
            </section>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
              <Card>
                <h2 className="text-xl font-bold text-teal-900">Ce que l'abonnement vous ouvre</h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {BENEFITS.map(({ icon: Icon, text }) => (
                    <li key={text} className="flex items-start gap-3">
                      <Icon className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
                      {text}
                    </li>
                  ))}
                </ul>
              </Card>
              <Card>
                <h2 className="mb-4 text-xl font-bold text-teal-900">Historique des paiements</h2>
                <PaymentHistory payments={overview.data.payments} plans={overview.data.plans} />
              </Card>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
