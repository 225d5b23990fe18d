import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute } from "../shared/test-helpers.tsx";
import ReportsPage from "./ReportsPage.tsx";
import { reportRowFixture } from "./test-fixtures.ts";

describe("ReportsPage", () => {
  it("highlights members reported by several people and names the automatic detection", async () => {
    const { calls } = stubFetch((call) =>
      call.url.startsWith("/api/admin/reports?")
        ? {
            body: listOf([
              reportRowFixture({ reportersOfMember: 3 }),
              reportRowFixture({
                id: "r2",
                reason: "spam",
                reporter: null,
                reportersOfMember: 1,
                status: "action_taken",
                action: "warning",
                details: "Le même premier message a été envoyé à 5 personnes en 24 heures.",
                messageExcerpt: "Salut ma belle, écris-moi sur WhatsApp",
              }),
            ]),
          }
        : undefined,
    );
    renderRoute(<ReportsPage />, { path: "/admin/reports", route: "/admin/reports" });
    await screen.findByText("3 signalements");
    const table = screen.getByRole("table", { name: "Signalements" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("3 signalements")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "Marc Durand" })).toHaveAttribute(
      "href",
      "/admin/users/u-marc",
    );
    expect(within(first).getByRole("link", { name: "Awa Diop" })).toBeInTheDocument();
    expect(within(first).getByText("Arnaque ou demande d’argent")).toBeInTheDocument();
    expect(within(first).getByText("« Envoie-moi 300 € par Western Union »")).toBeInTheDocument();
    expect(within(first).getByText("En attente")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: /examiner le signalement/ })).toHaveAttribute(
      "href",
      "/admin/reports/r1",
    );

    expect(within(second).queryByText(/signalements$/)).not.toBeInTheDocument();
    expect(within(second).getByText("Détection automatique")).toBeInTheDocument();
    expect(within(second).getByText("Envois en masse (détection automatique)")).toBeInTheDocument();
    expect(within(second).getByText("Mesure prise : Avertissement envoyé")).toBeInTheDocument();
    expect(calls[0]?.url).toBe("/api/admin/reports?dir=desc&page=1&size=25");
  });

  it("filters on the open reports and on a reason", async () => {
    const { calls } = stubFetch((call) =>
      call.url.startsWith("/api/admin/reports?") ? { body: listOf([reportRowFixture()]) } : undefined,
    );
    renderRoute(<ReportsPage />, { path: "/admin/reports", route: "/admin/reports" });
    await screen.findByRole("link", { name: "Marc Durand" });
    await userEvent.selectOptions(screen.getByLabelText("Statut"), "Ouverts");
    await userEvent.selectOptions(screen.getByLabelText("Raison"), "Faux profil");
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        "/api/admin/reports?status=open&reason=fake_profile&dir=desc&page=1&size=25",
      ),
    );
  });
});
