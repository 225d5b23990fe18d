import type { AdminSubscriptionRow } from "@domain/admin.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute } from "../shared/test-helpers.tsx";
import SubscriptionsPage from "./SubscriptionsPage.tsx";

const sub: AdminSubscriptionRow = {
  id: "s1",
  member: { userId: "u1", email: "awa.diop@example.com", name: "Awa Diop", photo: null },
  plan: "3-mois",
  status: "active",
  startDate: "2026-11-01T00:00:00.000Z",
  endDate: "2027-02-01T00:00:00.000Z",
  provider: "admin",
  amountCents: 0,
  currency: "EUR",
  createdAt: "2026-11-01T00:00:00.000Z",
};

function renderPage(route = "/admin/subscriptions") {
  const api = stubFetch((call) => {
    if (call.url.endsWith("/extend")) return { body: { ...sub, endDate: "2027-05-01T00:00:00.000Z" } };
    if (call.url.endsWith("/grant")) {
      const { userId } = call.body as { userId: string };
      return userId === "inconnu"
        ? { status: 404, body: { error: { code: "NOT_FOUND", message: "Ce membre n'existe pas" } } }
        : { status: 201, body: sub };
    }
    return { body: listOf([sub]) };
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
    expect(row).toHaveTextContent("Offert par l'équipe");
    expect(row).toHaveTextContent("Actif");

    await userEvent.click(within(row).getByRole("button", { name: "Prolonger l'abonnement de Awa Diop" }));
    const dialog = screen.getByRole("dialog", { name: "Prolonger l'abonnement" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Prolonger de"), "3 mois");
    await userEvent.click(within(dialog).getByRole("button", { name: "Prolonger" }));
    expect(
      await screen.findByText("L'abonnement de Awa Diop est prolongé jusqu'au 1er mai 2027."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/extend"))).toMatchObject({
      url: "/api/admin/subscriptions/s1/extend",
      body: { months: 3 },
    });
  });

  it("grants a subscription to a member id, and says when the member is unknown", async () => {
    const { calls } = renderPage();
    await screen.findByText("awa.diop@example.com");
    const form = screen.getByRole("form", { name: "Offrir un abonnement" });
    await userEvent.click(within(form).getByRole("button", { name: "Offrir" }));
    expect(within(form).getByLabelText("Identifiant du membre")).toHaveAccessibleDescription(
      "Indiquez l'identifiant du membre.",
    );

    await userEvent.type(within(form).getByLabelText("Identifiant du membre"), "inconnu");
    await userEvent.click(within(form).getByRole("button", { name: "Offrir" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Ce membre n'existe pas");

    await userEvent.clear(within(form).getByLabelText("Identifiant du membre"));
    await userEvent.type(within(form).getByLabelText("Identifiant du membre"), "u1");
    await userEvent.selectOptions(within(form).getByLabelText("Durée"), "6 mois");
    await userEvent.click(within(form).getByRole("button", { name: "Offrir" }));
    expect(await screen.findByText(/Abonnement offert à Awa Diop jusqu'au/)).toBeInTheDocument();
    expect(calls.at(-2)).toMatchObject({
      url: "/api/admin/subscriptions/grant",
      body: { userId: "u1", months: 6 },
    });
  });
});
