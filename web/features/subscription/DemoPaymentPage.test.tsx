import { PAYMENT_MSG } from "@domain/payments.ts";
import type { CheckoutDto } from "@domain/subscriptions.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type RecordedCall, stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import DemoPaymentPage from "./DemoPaymentPage.tsx";
import { checkoutFixture, overviewFixture, renderSubscriptionRoute } from "./test-fixtures.tsx";

type Reply = { status?: number; body?: unknown };

function renderPage(checkout: CheckoutDto, confirm: (call: RecordedCall) => Reply = () => ({})) {
  const api = stubFetch((call) => {
    if (call.url === "/api/subscription") return { body: overviewFixture() };
    if (call.url === "/api/subscription/checkouts/c1") return { body: checkout };
    if (call.url === "/api/subscription/checkouts/c1/confirm-demo") return confirm(call);
    return { status: 404, body: { error: { code: "NOT_FOUND", message: "Introuvable" } } };
  });
  renderSubscriptionRoute("/subscription/demo", <DemoPaymentPage />, "/subscription/demo?checkout=c1");
  return api;
}

const confirmCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.endsWith("/confirm-demo"));
const location = () => screen.getByTestId("location").textContent;

describe("DemoPaymentPage", () => {
  it("mobile money: asks for a valid number, then simulates the request validated on the phone", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(checkoutFixture(), (call) => ({
      body: checkoutFixture({
        status: (call.body as { outcome: string }).outcome === "paid" ? "paid" : "failed",
      }),
    }));
    expect(await screen.findByRole("heading", { name: "Paiement de démonstration" })).toBeInTheDocument();
    expect(screen.getByText(/aucune demande n’est envoyée à votre opérateur/)).toBeInTheDocument();
    expect(screen.getByText("1 mois")).toBeInTheDocument();
    expect(screen.getByText("6 500 FCFA")).toBeInTheDocument();
    expect(screen.getByText("Orange Money")).toBeInTheDocument();

    const phone = screen.getByLabelText("Numéro de téléphone Orange Money");
    expect(phone).toHaveAttribute("type", "tel");
    expect(phone).toHaveAttribute("autocomplete", "tel");
    expect(phone).toHaveAccessibleDescription("Le numéro de votre compte Orange Money");

    await user.type(phone, "77 12");
    await user.click(screen.getByRole("button", { name: "Recevoir la demande de paiement" }));
    expect(screen.getByText(PAYMENT_MSG.PHONE_INVALID)).toBeInTheDocument();
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveFocus();
    expect(screen.queryByRole("heading", { name: /Validez le paiement/ })).not.toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, "+221 77 123 45 67");
    await user.click(screen.getByRole("button", { name: "Recevoir la demande de paiement" }));
    const prompt = screen.getByRole("heading", {
      name: /^Validez le paiement de 6\s500\sFCFA sur votre téléphone$/,
    });
    expect(prompt).toHaveFocus();
    expect(
      screen.getByText(/Orange Money envoie une demande de paiement au \+221 77 123 45 67/),
    ).toBeVisible();
    expect(screen.getByText(/avec votre code secret/)).toBeVisible();
    expect(confirmCalls(calls)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "J’ai validé sur mon téléphone" }));
    await waitFor(() => expect(location()).toBe("/subscription/success?checkout=c1"));
    expect(confirmCalls(calls).map((c) => c.body)).toEqual([{ outcome: "paid", phone: "+221771234567" }]);
  });

  it("mobile money: goes back to change the number, and refuses on the phone", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(checkoutFixture({ operator: "wave" }), () => ({
      body: checkoutFixture({ operator: "wave", status: "failed" }),
    }));
    await user.type(await screen.findByLabelText("Numéro de téléphone Wave"), "770000000");
    await user.click(screen.getByRole("button", { name: "Recevoir la demande de paiement" }));
    await user.click(screen.getByRole("button", { name: "Changer de numéro" }));
    const phone = screen.getByLabelText("Numéro de téléphone Wave");
    expect(phone).toHaveValue("770000000");
    expect(phone).toHaveFocus();
    await user.clear(phone);
    await user.type(phone, "78 111 22 33");
    await user.click(screen.getByRole("button", { name: "Recevoir la demande de paiement" }));
    await user.click(screen.getByRole("button", { name: "Refuser sur le téléphone (simulation)" }));
    await waitFor(() => expect(location()).toBe("/subscription/success?checkout=c1"));
    expect(confirmCalls(calls).map((c) => c.body)).toEqual([{ outcome: "refused", phone: "781112233" }]);
  });

  it("mobile money: shows the server’s refusal of the number next to the field", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(checkoutFixture(), () => ({
      status: 400,
      body: {
        error: {
          code: "PHONE_INVALID",
          message: "Données invalides",
          fields: { phone: "Ce numéro n’est pas un numéro Orange Money" },
        },
      },
    }));
    await user.type(await screen.findByLabelText("Numéro de téléphone Orange Money"), "+33 6 12 34 56 78");
    await user.click(screen.getByRole("button", { name: "Recevoir la demande de paiement" }));
    await user.click(screen.getByRole("button", { name: "J’ai validé sur mon téléphone" }));
    expect(await screen.findByText("Ce numéro n’est pas un numéro Orange Money")).toBeInTheDocument();
    expect(screen.getByLabelText("Numéro de téléphone Orange Money")).toHaveAttribute("aria-invalid", "true");
    expect(location()).toBe("/subscription/demo?checkout=c1");
  });

  it("card: confirms in one step, or simulates a refusal", async () => {
    const user = userEvent.setup({ delay: null });
    const checkout = checkoutFixture({ method: "card", operator: null, amount: 1999, currency: "EUR" });
    const { calls } = renderPage(checkout, () => ({
      status: 500,
      body: { error: { code: "X", message: "Panne" } },
    }));
    expect(await screen.findByText("19,99 €")).toBeInTheDocument();
    expect(screen.getByText("Carte bancaire")).toBeInTheDocument();
    expect(screen.getByText(/aucune carte n’est demandée/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Numéro de téléphone/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Annuler" })).toHaveAttribute("href", "/subscription");

    await user.click(screen.getByRole("button", { name: "Simuler un refus" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Panne");
    await user.click(screen.getByRole("button", { name: "Confirmer le paiement de démonstration" }));
    await waitFor(() => expect(confirmCalls(calls)).toHaveLength(2));
    expect(confirmCalls(calls).map((c) => c.body)).toEqual([{ outcome: "refused" }, { outcome: "paid" }]);
  });

  it("sends a checkout that is not the demo’s to the confirmation page", async () => {
    renderPage(checkoutFixture({ provider: "cinetpay" }));
    await waitFor(() => expect(location()).toBe("/subscription/success?checkout=c1"));
  });
});
