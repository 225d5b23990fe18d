// Test data and rendering for the subscription pages' tests.
import type { PaymentMethodOption, PaymentOptionsDto } from "@domain/payments.ts";
import { type CheckoutDto, DEFAULT_PLANS, type SubscriptionOverviewDto } from "@domain/subscriptions.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import type { ReactElement } from "react";
import { Route, Routes, useLocation } from "react-router-dom";

export const card = (over: Partial<PaymentMethodOption> = {}): PaymentMethodOption => ({
  method: "card",
  currencies: ["EUR"],
  operators: [],
  demo: false,
  ...over,
});

export const mobileMoney = (over: Partial<PaymentMethodOption> = {}): PaymentMethodOption => ({
  method: "mobile-money",
  currencies: ["XOF"],
  operators: [
    { id: "orange-money", label: "Orange Money" },
    { id: "wave", label: "Wave" },
    { id: "free-money", label: "Free Money" },
  ],
  demo: false,
  ...over,
});

/** A trial member living in Sénégal: prices in XOF first, euros possible, card or mobile money. */
export const senegalOptions: PaymentOptionsDto = {
  country: "Sénégal",
  currency: "XOF",
  currencies: ["XOF", "EUR"],
  methods: [card({ currencies: ["EUR", "XOF"] }), mobileMoney()],
  localCardPricesFrom: null,
};

/** A trial member living in France: euros and card only. */
export const franceOptions: PaymentOptionsDto = {
  country: "France",
  currency: "EUR",
  currencies: ["EUR"],
  methods: [card()],
  localCardPricesFrom: null,
};

export function overviewFixture(over: Partial<SubscriptionOverviewDto> = {}): SubscriptionOverviewDto {
  return {
    status: "trial",
    endsAt: null,
    plan: null,
    plans: DEFAULT_PLANS.map((p) => ({ ...p, prices: { ...p.prices } })),
    payments: [],
    paymentOptions: senegalOptions,
    ...over,
  };
}

export function checkoutFixture(over: Partial<CheckoutDto> = {}): CheckoutDto {
  return {
    id: "c1",
    status: "pending",
    plan: "1-mois",
    amount: 6500,
    currency: "XOF",
    method: "mobile-money",
    operator: "orange-money",
    provider: "demo",
    failureReason: null,
    returnTo: null,
    url: "/subscription/demo?checkout=c1",
    endsAt: null,
    ...over,
  };
}

/** Shows where the router is, to check navigations and the address's parameters. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the subscription pages' routes at `route`, the other pages as a plain heading. */
export function renderSubscriptionRoute(path: string, page: ReactElement, route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<h1>Autre page</h1>} />
      </Routes>
      <Location />
    </>,
    { route },
  );
}
