import { PAYMENT_MSG } from "@domain/payments.ts";
import type { SubscriptionOverviewDto } from "@domain/subscriptions.ts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type RecordedCall, stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import SubscriptionPage from "./SubscriptionPage.tsx";
import {
  card,
  checkoutFixture,
  franceOptions,
  mobileMoney,
  overviewFixture,
  renderSubscriptionRoute,
  senegalOptions,
} from "./test-fixtures.tsx";

function renderPage(overview: SubscriptionOverviewDto, route = "/subscription") {
  const api = stubFetch((call) => {
    if (call.url === "/api/subscription") return { body: overview };
    if (call.url === "/api/subscription/checkout")
      return { status: 201, body: checkoutFixture({ url: "/subscription/demo?checkout=c1" }) };
    return { status: 404, body: { error: { code: "NOT_FOUND", message: "Introuvable" } } };
  });
  renderSubscriptionRoute("/subscription", <SubscriptionPage />, route);
  return api;
}

const location = () => screen.getByTestId("location").textContent;
const plan = (name: string) => screen.getByRole("heading", { name }).closest("li") as HTMLElement;
const checkoutCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === "/api/subscription/checkout");

describe("SubscriptionPage", () => {
  it("shows a member without a subscription who is waiting: the count and blurred cards", async () => {
    const pixel = "data:image/webp;base64,UklGRhYAAABXRUJQVlA4TAoAAAAvAAAAAEX/I/of";
    stubFetch((call) => {
      if (call.url === "/api/subscription") return { body: overviewFixture() };
      if (call.url === "/api/search/teaser")
        return {
          body: {
            count: 128,
            countCapped: false,
            members: [
              { initial: "A.", age: 31, country: "Sénégal", profileVerified: true, preview: pixel },
              { initial: "F.", age: 27, country: "Mali", profileVerified: false, preview: null },
            ],
          },
        };
      return undefined;
    });
    renderSubscriptionRoute("/subscription", <SubscriptionPage />, "/subscription");
    expect(
      await screen.findByRole("heading", { name: "128 membres correspondent à ce que vous cherchez" }),
    ).toBeInTheDocument();
    const cards = within(screen.getByRole("list", { name: /floutés/ })).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent("A., 31 ans");
    expect(cards[0]).toHaveTextContent("Sénégal");
    expect(within(cards[0]!).getByText("Profil vérifié")).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent("F., 27 ans");
    expect(within(cards[1]!).queryByText("Profil vérifié")).not.toBeInTheDocument();
  });

  it("shows the prices in CFA francs first, and in euros once switched, kept in the address", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(overviewFixture());
    expect(await screen.findByRole("heading", { name: "1 mois" })).toBeInTheDocument();
    expect(within(plan("1 mois")).getByText("6 500 FCFA")).toBeInTheDocument();
    expect(within(plan("3 mois")).getByText("15 000 FCFA")).toBeInTheDocument();
    expect(within(plan("3 mois")).getByText("soit 5 000 FCFA par mois")).toBeInTheDocument();
    expect(within(plan("3 mois")).getByText(/23\s% d’économie par mois/)).toBeInTheDocument();
    expect(screen.getByText(/avec le mobile money, c’est ce montant en FCFA qui est débité/)).toBeVisible();

    const currencies = screen.getByRole("group", { name: "Payer en" });
    expect(within(currencies).getByRole("radio", { name: "Francs CFA (FCFA)" })).toBeChecked();
    await user.click(within(currencies).getByRole("radio", { name: "Euros (€)" }));
    expect(within(plan("1 mois")).getByText("19,99 €")).toBeInTheDocument();
    expect(within(plan("3 mois")).getByText("soit 15,99 € par mois")).toBeInTheDocument();
    expect(within(plan("3 mois")).getByText(/20\s% d’économie par mois/)).toBeInTheDocument();
    expect(within(plan("1 mois").parentElement as HTMLElement).queryByText(/FCFA/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Prix en francs CFA/)).not.toBeInTheDocument();
    // Mobile money takes only CFA francs: in euros, the card is the way to pay.
    expect(screen.queryByRole("radio", { name: "Mobile money" })).not.toBeInTheDocument();
    expect(location()).toBe("/subscription?devise=EUR");
  });

  it("reads the currency from the address and keeps the other parameters", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(overviewFixture(), "/subscription?from=%2Fsearch&devise=EUR");
    expect(await screen.findByText("19,99 €")).toBeInTheDocument();
    expect(screen.getByText("Cette page est réservée aux membres abonnés.", { exact: false })).toBeVisible();
    await user.click(screen.getByRole("radio", { name: "Francs CFA (FCFA)" }));
    expect(screen.getByText("6 500 FCFA")).toBeInTheDocument();
    expect(location()).toBe("/subscription?from=%2Fsearch&devise=XOF");
  });

  it("ignores a currency the member cannot pay in", async () => {
    renderPage(overviewFixture(), "/subscription?devise=XAF");
    expect(await screen.findByText("6 500 FCFA")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Francs CFA (FCFA)" })).toBeChecked();
  });

  it("asks for the operator before paying by mobile money, then sends the choice", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(
      overviewFixture({
        paymentOptions: {
          ...senegalOptions,
          methods: [card({ currencies: ["EUR", "XOF"] }), mobileMoney({ demo: true })],
        },
      }),
    );
    const methods = await screen.findByRole("group", { name: "Moyen de paiement" });
    expect(
      within(methods)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["card", "mobile-money"]);
    expect(screen.queryByText("Mode démonstration")).not.toBeInTheDocument();

    await user.click(within(methods).getByRole("radio", { name: "Mobile money" }));
    expect(screen.getByText("Mode démonstration")).toBeInTheDocument();
    const operators = screen.getByRole("group", { name: "Votre opérateur de mobile money" });
    expect(within(operators).getAllByRole("radio")).toHaveLength(3);
    expect(within(operators).getByRole("radio", { name: "Orange Money" })).not.toBeChecked();
    expect(within(operators).getByRole("radio", { name: "Wave" })).toBeInTheDocument();
    expect(operators).toHaveAccessibleDescription("Choisissez votre opérateur");

    // No operator yet: nothing is sent, the group says why and takes the focus.
    await user.click(screen.getByRole("button", { name: "Choisir 1 mois" }));
    expect(checkoutCalls(calls)).toHaveLength(0);
    expect(within(operators).getByText(PAYMENT_MSG.OPERATOR_REQUIRED)).toBeInTheDocument();
    expect(within(operators).getByRole("radio", { name: "Orange Money" })).toHaveFocus();

    await user.click(within(operators).getByRole("radio", { name: "Wave" }));
    expect(within(operators).queryByText(PAYMENT_MSG.OPERATOR_REQUIRED)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Choisir 3 mois" }));
    await waitFor(() => expect(location()).toBe("/subscription/demo?checkout=c1"));
    expect(checkoutCalls(calls)).toEqual([
      {
        url: "/api/subscription/checkout",
        method: "POST",
        body: { plan: "3-mois", currency: "XOF", method: "mobile-money", operator: "wave", returnTo: null },
      },
    ]);
  });

  it("pays by card in euros without asking for anything else", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(
      overviewFixture({ paymentOptions: franceOptions }),
      "/subscription?from=%2Fsearch",
    );
    expect(await screen.findByText("19,99 €")).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByText("Paiement par carte bancaire.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Choisir 1 mois" }));
    await waitFor(() => expect(checkoutCalls(calls)).toHaveLength(1));
    expect(checkoutCalls(calls)[0]?.body).toEqual({
      plan: "1-mois",
      currency: "EUR",
      method: "card",
      returnTo: "/search",
    });
  });

  it("offers the card alone, in CFA francs, where no operator is covered", async () => {
    renderPage(
      overviewFixture({
        paymentOptions: {
          country: "Guinée équatoriale",
          currency: "XAF",
          currencies: ["XAF"],
          methods: [card({ currencies: ["XAF"] })],
          localCardPricesFrom: null,
        },
      }),
    );
    expect(await screen.findByText("6 500 FCFA")).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Mobile money" })).not.toBeInTheDocument();
    expect(screen.getByText("Paiement par carte bancaire.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Prix en francs CFA (FCFA), la monnaie de votre pays de résidence (Guinée équatoriale).",
      ),
    ).toBeInTheDocument();
  });

  it("says why the prices are in euros, and when FCFA by card opens after a recent change of country (issue 33)", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(overviewFixture({ paymentOptions: franceOptions }));
    expect(
      await screen.findByText(/^Prix en euros\s: les prix en francs CFA \(FCFA\) sont réservés aux membres/),
    ).toBeInTheDocument();
    cleanup();

    // Sénégal declared a few days ago: FCFA by mobile money now, by card from the date the server gives.
    renderPage(
      overviewFixture({
        paymentOptions: {
          ...senegalOptions,
          currencies: ["XOF", "EUR"],
          methods: [mobileMoney(), card({ currencies: ["EUR"] })],
          localCardPricesFrom: "2027-01-12T10:00:00.000Z",
        },
      }),
    );
    const note = await screen.findByText(
      /Vous avez indiqué votre pays de résidence \(Sénégal\) il y a moins de 30 jours/,
    );
    expect(note).toHaveTextContent(
      /par carte à partir du 12 janvier 2027\. D’ici là, la carte se paie en euros\./,
    );
    // In FCFA, mobile money alone; the card is there in euros.
    expect(screen.queryByRole("radio", { name: "Carte bancaire" })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole("group", { name: "Payer en" })).getByRole("radio", { name: "Euros (€)" }),
    );
    expect(within(plan("1 mois")).getByText("19,99 €")).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Mobile money" })).not.toBeInTheDocument();
    expect(screen.getByText(/Vous avez indiqué votre pays de résidence \(Sénégal\)/)).toBeInTheDocument();
  });

  it("shows the server’s refusal next to the plans", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch((call) =>
      call.url === "/api/subscription/checkout"
        ? {
            status: 400,
            body: { error: { code: "METHOD_UNAVAILABLE", message: PAYMENT_MSG.METHOD_UNAVAILABLE } },
          }
        : { body: overviewFixture({ paymentOptions: franceOptions }) },
    );
    renderSubscriptionRoute("/subscription", <SubscriptionPage />, "/subscription");
    await user.click(await screen.findByRole("button", { name: "Choisir 1 mois" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PAYMENT_MSG.METHOD_UNAVAILABLE);
    expect(screen.getByRole("button", { name: "Choisir 1 mois" })).toBeEnabled();
  });

  it("says that paying is unavailable when there is no way to pay", async () => {
    renderPage(overviewFixture({ paymentOptions: { ...franceOptions, methods: [] } }));
    expect(
      await screen.findByText("Le paiement en ligne est momentanément indisponible.", { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Choisir/ })).not.toBeInTheDocument();
  });

  it("names how each payment was made in the history, with its amount in its currency", async () => {
    const base = { startDate: "2026-11-01T00:00:00.000Z", endDate: "2026-12-01T00:00:00.000Z" } as const;
    renderPage(
      overviewFixture({
        payments: [
          {
            ...base,
            id: "p1",
            plan: "1-mois",
            amount: 6500,
            currency: "XOF",
            provider: "cinetpay",
            method: "mobile-money",
            operator: "orange-money",
            paidAt: "2026-11-01T10:00:00.000Z",
            status: "active",
          },
          {
            ...base,
            id: "p2",
            plan: "3-mois",
            amount: 4797,
            currency: "EUR",
            provider: "stripe",
            method: "card",
            operator: null,
            paidAt: "2026-08-01T10:00:00.000Z",
            status: "expired",
          },
          {
            ...base,
            id: "p3",
            plan: "1-mois",
            amount: 6500,
            currency: "XOF",
            provider: "demo",
            method: "mobile-money",
            operator: "wave",
            paidAt: "2026-07-01T10:00:00.000Z",
            status: "expired",
          },
          {
            ...base,
            id: "p4",
            plan: "1-mois",
            amount: 0,
            currency: "EUR",
            provider: "admin",
            method: null,
            operator: null,
            paidAt: "2026-06-01T10:00:00.000Z",
            status: "expired",
          },
        ],
      }),
    );
    const table = await screen.findByRole("table", { name: /Vos paiements/ });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/6\s500\sFCFA.*Orange Money/);
    expect(rows[1]).toHaveTextContent(/47,97\s€.*Carte bancaire/);
    expect(rows[2]).toHaveTextContent("Wave (démonstration)");
    expect(rows[3]).toHaveTextContent("Offert par l’équipe");
  });

  it("says why access stopped when a payment was disputed at the bank or refunded (issue 33)", async () => {
    const payment = {
      id: "p1",
      plan: "3-mois",
      amount: 4797,
      currency: "EUR",
      provider: "stripe",
      method: "card",
      operator: null,
      paidAt: "2026-11-02T10:00:00.000Z",
      startDate: "2026-11-02T10:00:00.000Z",
      endDate: "2027-02-02T10:00:00.000Z",
    } as const;
    renderPage(overviewFixture({ status: "expired", payments: [{ ...payment, status: "suspended" }] }));
    const suspended = await screen.findByText("Votre abonnement est suspendu");
    expect(suspended.closest("[role]")).toHaveTextContent(
      /Le paiement du 2 novembre 2026 est contesté auprès de votre banque/,
    );
    const table = screen.getByRole("table", { name: /Vos paiements/ });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Suspendu : paiement contesté");
    cleanup();

    renderPage(overviewFixture({ status: "expired", payments: [{ ...payment, status: "refunded" }] }));
    const ended = await screen.findByText("Votre abonnement a pris fin");
    expect(ended.closest("[role]")).toHaveTextContent(/Le paiement du 2 novembre 2026 vous a été remboursé/);
    expect(screen.queryByText("Votre abonnement est terminé")).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("table", { name: /Vos paiements/ })).getAllByRole("row")[1],
    ).toHaveTextContent("Remboursé");
  });
});
