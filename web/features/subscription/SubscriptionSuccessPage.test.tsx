import { type CheckoutDto, SUBSCRIPTION_MSG } from "@domain/subscriptions.ts";
import { act, screen } from "@testing-library/react";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import SubscriptionSuccessPage, { SLOW_MS } from "./SubscriptionSuccessPage.tsx";
import { checkoutFixture, renderSubscriptionRoute } from "./test-fixtures.tsx";

function renderPage(checkout: CheckoutDto | (() => CheckoutDto)) {
  const api = stubFetch((call) =>
    call.url === "/api/subscription/checkouts/c1"
      ? { body: typeof checkout === "function" ? checkout() : checkout }
      : { status: 404, body: { error: { code: "NOT_FOUND", message: "Introuvable" } } },
  );
  renderSubscriptionRoute(
    "/subscription/success",
    <SubscriptionSuccessPage />,
    "/subscription/success?checkout=c1",
  );
  return api;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("SubscriptionSuccessPage", () => {
  it("gives the provider’s reason of a failed payment", async () => {
    renderPage(checkoutFixture({ status: "failed", failureReason: "Solde insuffisant" }));
    expect(await screen.findByRole("heading", { name: "Le paiement n’a pas abouti" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Solde insuffisant. Aucun abonnement n’a été activé.",
    );
    expect(screen.getByRole("link", { name: "Revenir aux formules" })).toHaveAttribute(
      "href",
      "/subscription",
    );
  });

  it("says a refused payment was refused when the provider gave no reason", async () => {
    renderPage(checkoutFixture({ status: "failed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Le paiement a été refusé ou n’a pas pu être vérifié. Aucun abonnement n’a été activé.",
    );
  });

  it("says nothing was charged for a cancelled payment", async () => {
    renderPage(checkoutFixture({ status: "cancelled" }));
    expect(await screen.findByRole("heading", { name: "Paiement annulé" })).toBeInTheDocument();
    expect(screen.getByText("Aucun montant n’a été débité.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("reassures, without an error, while a payment stays pending, and confirms it once paid", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    const { calls } = renderPage(() =>
      checkoutFixture({ provider: "cinetpay", url: null, status: paid ? "paid" : "pending" }),
    );
    expect(
      await screen.findByRole("heading", { name: "Confirmation de votre paiement…" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Nous attendons la confirmation d’Orange Money.", { exact: false }),
    ).toBeVisible();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(SLOW_MS);
    });
    expect(screen.getByRole("heading", { name: SUBSCRIPTION_MSG.PENDING })).toBeInTheDocument();
    expect(screen.getByText(/Nous vérifions votre paiement auprès d’Orange Money\./)).toBeVisible();
    expect(
      screen.getByText(/Votre accès s’ouvrira dès qu’il sera confirmé, et vous recevrez alors un e-mail\./),
    ).toBeVisible();
    expect(screen.getByText(/Vous pouvez fermer cette page/)).toBeVisible();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    // Polling went on all along (every 1,5 s), and goes on until the payment is confirmed.
    expect(calls.length).toBeGreaterThan(5);
    paid = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(
      await screen.findByRole("heading", { name: /^Merci, votre abonnement est actif\s!$/ }),
    ).toBeInTheDocument();
  });
});
