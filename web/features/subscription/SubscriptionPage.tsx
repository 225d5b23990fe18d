import { type Currency, isCurrency } from "@domain/money.ts";
import {
  type OperatorId,
  PAYMENT_MSG,
  type PaymentMethod,
  type PaymentMethodOption,
  type PaymentOptionsDto,
} from "@domain/payments.ts";
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
import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useStartCheckout, useSubscriptionOverview } from "./api.ts";
import { PaymentChoice } from "./components/PaymentChoice.tsx";
import { PaymentHistory } from "./components/PaymentHistory.tsx";
import { PlanCards } from "./components/PlanCards.tsx";
import { PricesNote } from "./components/PricesNote.tsx";
import { SearchTeaser } from "./components/SearchTeaser.tsx";

/** The address parameter keeping the chosen currency (« ?devise=XOF »), so that a reload keeps it. */
const CURRENCY_PARAM = "devise";

const BENEFITS = [
  { icon: Search, text: "La recherche de profils avec tous ses filtres" },
  { icon: Heart, text: "Des « J’aime » et des matchs sans limite" },
  { icon: MessageCircle, text: "La messagerie en temps réel avec vos matchs" },
  { icon: Sparkles, text: "L’indice de compatibilité sur chaque profil" },
  { icon: ShieldCheck, text: "Un paiement unique, sans renouvellement automatique" },
];

function StatusLine({ o }: { o: SubscriptionOverviewDto }) {
  if (o.status === "subscribed" && o.endsAt)
    return (
      <Alert tone="success" title="Votre abonnement est actif">
        Jusqu’au {formatDate(o.endsAt)}. Une nouvelle formule prolongera cette date.
      </Alert>
    );
  // A payment taken back says why access stopped (issue 33): a chargeback awaiting the bank, or a
  // refund (the member's bank charging it back ends it the same way).
  const disputed = o.payments.find((p) => p.status === "suspended");
  if (o.status !== "subscribed" && disputed)
    return (
      <Alert tone="error" title="Votre abonnement est suspendu">
        Le paiement du {formatDate(disputed.paidAt)} est contesté auprès de votre banque : l’accès reprendra
        si la contestation est levée en notre faveur. Une nouvelle formule vous donne accès dès maintenant.
      </Alert>
    );
  if (o.status === "expired" && o.payments[0]?.status === "refunded")
    return (
      <Alert tone="info" title="Votre abonnement a pris fin">
        Le paiement du {formatDate(o.payments[0].paidAt)} vous a été remboursé : l’abonnement qu’il réglait
        s’est arrêté. Choisissez une formule pour retrouver vos matchs et vos conversations.
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
    <Alert tone="info" title="Vous profitez de l’essai gratuit">
      Votre profil est visible. Abonnez-vous pour rechercher des membres, créer des matchs et échanger des
      messages.
    </Alert>
  );
}

/** The currency asked for in the address when the member may pay in it, else the one shown first. */
function chosenCurrency(options: PaymentOptionsDto | undefined, requested: string | null): Currency {
  if (!options) return "EUR";
  return isCurrency(requested) && options.currencies.includes(requested) ? requested : options.currency;
}

/** The methods taking the currency (mobile money only with an operator to choose). */
function methodsFor(options: PaymentOptionsDto, currency: Currency): PaymentMethodOption[] {
  return options.methods.filter(
    (m) => m.currencies.includes(currency) && (m.method !== "mobile-money" || m.operators.length > 0),
  );
}

export default function SubscriptionPage() {
  usePageTitle("Abonnement");
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const from = safePath(params.get("from"));
  const cancelled = params.get("annule") === "1";
  const overview = useSubscriptionOverview();
  const checkout = useStartCheckout();
  const [choosing, setChoosing] = useState<string | null>(null);
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const [operator, setOperator] = useState<OperatorId | null>(null);
  const [operatorError, setOperatorError] = useState<string | undefined>();
  const operatorsRef = useRef<HTMLFieldSetElement>(null);

  const options = overview.data?.paymentOptions;
  const currency = chosenCurrency(options, params.get(CURRENCY_PARAM));
  const methods = options ? methodsFor(options, currency) : [];
  // The member's choice while it takes the currency, otherwise the first method the server offers.
  const method = methods.find((m) => m.method === chosenMethod) ?? methods[0] ?? null;
  const chosenOperator =
    method?.method === "mobile-money" && method.operators.some((o) => o.id === operator) ? operator : null;

  const changeCurrency = (next: Currency) => {
    checkout.reset();
    setOperatorError(undefined);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(CURRENCY_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  };
  const changeMethod = (next: PaymentMethod) => {
    checkout.reset();
    setChosenMethod(next);
    setOperatorError(undefined);
  };
  const changeOperator = (next: OperatorId) => {
    checkout.reset();
    setOperator(next);
    setOperatorError(undefined);
  };

  const choose = (plan: Plan) => {
    if (!method) return;
    if (method.method === "mobile-money" && !chosenOperator) {
      setOperatorError(PAYMENT_MSG.OPERATOR_REQUIRED);
      operatorsRef.current?.querySelector("input")?.focus();
      return;
    }
    setChoosing(plan.id);
    checkout.mutate(
      {
        plan: plan.id,
        currency,
        method: method.method,
        operator: chosenOperator ?? undefined,
        returnTo: from,
      },
      {
        onSuccess: (c) => {
          if (!c.url) return setChoosing(null);
          // The demo page is ours; the providers' payment pages are other sites.
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
        {cancelled && <Alert tone="info">Paiement annulé : aucun montant n’a été débité.</Alert>}

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
            {overview.data.status !== "subscribed" && <SearchTeaser />}
            <section aria-labelledby="formules" className="flex flex-col gap-4">
              <h2 id="formules" className="text-2xl font-bold text-teal-900">
                Nos formules
              </h2>
              {method === null ? (
                <Alert tone="error">
                  Le paiement en ligne est momentanément indisponible. Veuillez réessayer plus tard.
                </Alert>
              ) : (
                <>
                  <PaymentChoice
                    currencies={overview.data.paymentOptions.currencies}
                    currency={currency}
                    onCurrencyChange={changeCurrency}
                    methods={methods}
                    method={method}
                    onMethodChange={changeMethod}
                    operator={chosenOperator}
                    onOperatorChange={changeOperator}
                    operatorError={operatorError}
                    operatorsRef={operatorsRef}
                  />
                  {method.demo && (
                    <Alert tone="info" title="Mode démonstration">
                      Aucun paiement réel n’est effectué sur cette installation : le paiement est simulé.
                    </Alert>
                  )}
                  {checkout.isError && (
                    <Alert key={checkout.submittedAt} tone="error" reveal>
                      {errorMessage(checkout.error)}
                    </Alert>
                  )}
                  <PlanCards
                    plans={overview.data.plans}
                    currency={currency}
                    pending={choosing}
                    disabled={choosing !== null}
                    onChoose={choose}
                  />
                  <PricesNote
                    options={overview.data.paymentOptions}
                    currency={currency}
                    mobileMoney={methods.some((m) => m.method === "mobile-money")}
                  />
                </>
              )}
            </section>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
              <Card>
                <h2 className="text-xl font-bold text-teal-900">Ce que l’abonnement vous ouvre</h2>
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
