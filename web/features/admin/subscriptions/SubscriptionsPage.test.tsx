import type { AdminPaymentRow, AdminSubscriptionRow } from "@domain/admin.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute, userRowFixture } from "../shared/test-helpers.tsx";
import SubscriptionsPage from "./SubscriptionsPage.tsx";

const sub: AdminSubscriptionRow = {
  id: "s1",
  member: { userId: "u1", email: "awa.diop@example.com", name: "Awa Diop", photo: null },
  plan: "3-mois",
  status: "active",
  startDate: "2026-11-01T00:00:00.000Z",
  endDate: "2027-02-01T00:00:00.000Z",
  provider: "admin",
  method: null,
  operator: null,
  amount: 0,
  currency: "EUR",
  providerRef: "admin_7f1c",
  createdAt: "2026-11-01T00:00:00.000Z",
};

const paidByMobileMoney: AdminSubscriptionRow = {
  ...sub,
  id: "s2",
  member: { userId: "u2", email: "koffi.mensah@example.com", name: "Koffi Mensah", photo: null },
  provider: "cinetpay",
  method: "mobile-money",
  operator: "orange-money",
  amount: 15_000,
  currency: "XOF",
  providerRef: "CP-2026-118",
};

const payment = (over: Partial<AdminPaymentRow>): AdminPaymentRow => ({
  id: "c1",
  member: { userId: "u2", email: "koffi.mensah@example.com", name: "Koffi Mensah", photo: null },
  plan: "3-mois",
  amount: 15_000,
  currency: "XOF",
  provider: "cinetpay",
  method: "mobile-money",
  operator: "orange-money",
  status: "paid",
  failureReason: null,
  providerRef: "CP-2026-118",
  refundedAmount: 0,
  dispute: null,
  reversedAt: null,
  checkAttempts: 1,
  nextCheckAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:04:00.000Z",
  ...over,
});

const payments = [
  payment({ id: "c3", status: "pending", checkAttempts: 2, nextCheckAt: "2026-11-22T10:30:00.000Z" }),
  payment({
    id: "c2",
    member: { userId: "u1", email: "awa.diop@example.com", name: "Awa Diop", photo: null },
    plan: "1-mois",
    amount: 1999,
    currency: "EUR",
    provider: "stripe",
    method: "card",
    operator: null,
    status: "failed",
    failureReason: "Carte refusée par la banque",
    providerRef: null,
  }),
  payment({ id: "c1" }),
];

function renderPage(route = "/admin/subscriptions") {
  const api = stubFetch((call) => {
    if (call.url.endsWith("/extend")) return { body: { ...sub, endDate: "2027-05-01T00:00:00.000Z" } };
    if (call.url.endsWith("/grant")) {
      const { userId } = call.body as { userId: string };
      return userId === "inconnu"
        ? { status: 404, body: { error: { code: "NOT_FOUND", message: "Ce membre n’existe pas" } } }
        : { status: 201, body: sub };
    }
    if (call.url.startsWith("/api/admin/payments")) return { body: listOf(payments) };
    // The member finder reads the users list.
    if (call.url.startsWith("/api/admin/users"))
      return {
        body: listOf(
          new URL(call.url, "http://x").searchParams.get("q") === "diop" ? [userRowFixture()] : [],
        ),
      };
    return { body: listOf([sub, paidByMobileMoney]) };
  });
  renderRoute(<SubscriptionsPage />, { path: "/admin/subscriptions", route });
  return api;
}

describe("SubscriptionsPage", () => {
  it("lists with the plan, provider and filters, and extends a subscription by the chosen months", async () => {
    const { calls } = renderPage("/admin/subscriptions?status=active&plan=3-mois");
    await screen.findByText("awa.diop@example.com");
    const row = screen.getByRole("row", { name: /Awa Diop/ });
    expect(calls[0]?.url).toBe(
      "/api/admin/subscriptions?status=active&plan=3-mois&sort=created_at&dir=desc&page=1&size=25",
    );
    expect(row).toHaveTextContent("3 mois");
    expect(row).toHaveTextContent("Offert par l’équipe");
    expect(row).toHaveTextContent("Actif");
    expect(row).toHaveTextContent("0,00 €");
    // A hand-granted subscription has no reference worth showing.
    expect(row).not.toHaveTextContent("admin_7f1c");
    // A paid one: the amount in its currency, the operator and the provider, the reference.
    const paid = screen.getByRole("row", { name: /Koffi Mensah/ });
    expect(paid).toHaveTextContent("15 000 FCFA");
    expect(paid).toHaveTextContent("Orange Money · CinetPay");
    expect(paid).toHaveTextContent("Réf. CP-2026-118");

    await userEvent.click(within(row).getByRole("button", { name: "Prolonger l’abonnement d’Awa Diop" }));
    const dialog = screen.getByRole("dialog", { name: "Prolonger l’abonnement" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Prolonger de"), "3 mois");
    await userEvent.click(within(dialog).getByRole("button", { name: "Prolonger" }));
    expect(
      await screen.findByText("L’abonnement d’Awa Diop est prolongé jusqu’au 1er mai 2027."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/extend"))).toMatchObject({
      url: "/api/admin/subscriptions/s1/extend",
      body: { months: 3 },
    });
  });

  it("lists every payment in its own tab, with its state, filters kept in the URL", async () => {
    const { calls } = renderPage();
    await screen.findByText("awa.diop@example.com");
    const tabs = screen.getByRole("tablist", { name: "Abonnements et paiements" });
    await userEvent.click(within(tabs).getByRole("tab", { name: "Paiements" }));
    expect(within(tabs).getByRole("tab", { name: "Paiements" })).toHaveAttribute("aria-selected", "true");
    const table = await screen.findByRole("table", { name: "Paiements" });
    expect(calls.at(-1)?.url).toBe("/api/admin/payments?sort=created_at&dir=desc&page=1&size=25");
    // The subscriptions' own form belongs to the other tab.
    expect(screen.queryByRole("form", { name: "Offrir un abonnement" })).toBeNull();

    const [, pending, failed, paid] = within(table).getAllByRole("row");
    expect(pending).toHaveTextContent("En attente de confirmation");
    expect(pending).toHaveTextContent("Vérifié 2 fois auprès du prestataire");
    expect(pending).toHaveTextContent("Prochaine vérification le 22 novembre 2026");
    expect(failed).toHaveTextContent("Refusé");
    expect(failed).toHaveTextContent("Carte refusée par la banque");
    expect(failed).toHaveTextContent("19,99 €");
    expect(failed).toHaveTextContent("Carte bancaire · Stripe");
    expect(failed).toHaveTextContent("Aucune");
    expect(paid).toHaveTextContent("Payé");
    expect(paid).toHaveTextContent("15 000 FCFA");
    expect(paid).toHaveTextContent("Orange Money · CinetPay");
    expect(paid).toHaveTextContent("CP-2026-118");
    expect(paid).toHaveTextContent("Mis à jour le 20 novembre 2026");

    await userEvent.selectOptions(screen.getByLabelText("Statut"), "Refusé");
    await userEvent.selectOptions(screen.getByLabelText("Devise"), "Franc CFA UEMOA (XOF)");
    await userEvent.selectOptions(screen.getByLabelText("Prestataire"), "CinetPay");
    expect(calls.at(-1)?.url).toBe(
      "/api/admin/payments?status=failed&provider=cinetpay&currency=XOF&sort=created_at&dir=desc&page=1&size=25",
    );
  });

  it("shows refunds and chargebacks on paid payments, and filters on them (issue 33)", async () => {
    const reversed = [
      payment({ id: "c6", refundedAmount: 15_000, reversedAt: "2026-11-25T09:00:00.000Z" }),
      payment({ id: "c5", refundedAmount: 5000, reversedAt: "2026-11-24T09:00:00.000Z" }),
      payment({ id: "c4", dispute: "open", reversedAt: "2026-11-23T09:00:00.000Z" }),
      payment({ id: "c7", dispute: "lost", reversedAt: "2026-11-26T09:00:00.000Z" }),
    ];
    const calls = stubFetch(() => ({ body: listOf(reversed) })).calls;
    renderRoute(<SubscriptionsPage />, {
      path: "/admin/subscriptions",
      route: "/admin/subscriptions?view=payments",
    });
    await screen.findByText("Rétrofacturé");
    const table = screen.getByRole("table", { name: "Paiements" });
    const [, refunded, partly, disputed, chargedBack] = within(table).getAllByRole("row");
    expect(refunded).toHaveTextContent("Remboursé");
    expect(refunded).toHaveTextContent("Le 25 novembre 2026");
    expect(partly).toHaveTextContent(/Remboursé en partie\s:\s5\s000\sFCFA/);
    expect(disputed).toHaveTextContent("Contesté par la banque");
    expect(chargedBack).toHaveTextContent("Rétrofacturé");
    await userEvent.selectOptions(screen.getByLabelText("Après paiement"), "Contestation en cours");
    expect(calls.at(-1)?.url).toBe(
      "/api/admin/payments?reversal=disputed&sort=created_at&dir=desc&page=1&size=25",
    );
  });

  it("opens the payments tab from a link (an audit entry’s), searching for one payment", async () => {
    const { calls } = renderPage("/admin/subscriptions?view=payments&q=c1");
    await screen.findByRole("table", { name: "Paiements" });
    expect(calls[0]?.url).toBe("/api/admin/payments?q=c1&sort=created_at&dir=desc&page=1&size=25");
    expect(screen.getByLabelText("Rechercher")).toHaveValue("c1");
    // Back to the subscriptions: their list starts afresh.
    await userEvent.click(screen.getByRole("tab", { name: "Abonnements" }));
    await screen.findByRole("form", { name: "Offrir un abonnement" });
    expect(calls.at(-1)?.url).toBe("/api/admin/subscriptions?sort=created_at&dir=desc&page=1&size=25");
  });

  it("grants a subscription to a member found by name (issue 34), and says when nobody matches", async () => {
    const { calls } = renderPage();
    await screen.findByText("awa.diop@example.com");
    const form = screen.getByRole("form", { name: "Offrir un abonnement" });
    await userEvent.click(within(form).getByRole("button", { name: "Offrir" }));
    expect(within(form).getByLabelText("Membre")).toHaveAccessibleDescription(
      /Cherchez le membre puis choisissez-le dans la liste\./,
    );

    await userEvent.type(within(form).getByLabelText("Membre"), "personne");
    expect(await within(form).findByText(/Aucun membre ne correspond à «\spersonne\s»/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText("Membre"));
    await userEvent.type(within(form).getByLabelText("Membre"), "diop");
    const found = await within(form).findByRole("list", { name: "Membres trouvés" });
    await userEvent.click(within(found).getByRole("button", { name: /Awa Diop/ }));
    expect(within(form).getByRole("button", { name: "Changer de membre" })).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText("Durée"), "6 mois");
    await userEvent.click(within(form).getByRole("button", { name: "Offrir" }));
    expect(await screen.findByText(/Abonnement offert à Awa Diop jusqu’au/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/admin/subscriptions/grant")).toMatchObject({
      body: { userId: "u1", months: 6 },
    });
  });
});
