import type { AdminReportDetail } from "@domain/safety.ts";
import { frenchTypography } from "@domain/typography.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../shared/test-helpers.tsx";
import ReportDetailPage from "./ReportDetailPage.tsx";
import { reportDetailFixture } from "./test-fixtures.ts";

function renderDetail(initial: AdminReportDetail = reportDetailFixture()) {
  let current = initial;
  const api = stubFetch((call) => {
    if (call.url === "/api/admin/reports/r1" && call.method === "GET") return { body: current };
    if (call.url === "/api/admin/reports/r1/status") {
      const { status, note } = call.body as { status: "in_review" | "dismissed"; note?: string };
      current = { ...current, status, note: note ?? current.note, handledAt: "2026-11-22T10:00:00.000Z" };
      return { body: current };
    }
    if (call.url === "/api/admin/reports/r1/action") {
      const { action, note } = call.body as { action: AdminReportDetail["action"]; note?: string };
      current = { ...current, status: "action_taken", action, note: note ?? current.note };
      return { body: current };
    }
    return undefined;
  });
  renderRoute(<ReportDetailPage />, { path: "/admin/reports/:id", route: "/admin/reports/r1" });
  return api;
}

const button = (name: string) => screen.getByRole("button", { name });

describe("ReportDetailPage", () => {
  it("shows the report, the conversation with the reported message highlighted and the member’s photos", async () => {
    renderDetail();
    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: frenchTypography("Signalement : Arnaque ou demande d’argent"),
      }),
    ).toBeInTheDocument();
    const conversation = screen.getByRole("list", { name: "Messages autour du message signalé" });
    const items = within(conversation).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Awa Diop (auteur du signalement)");
    expect(items[1]).toHaveTextContent("Marc Durand (membre signalé)");
    expect(items[1]).toHaveTextContent("Message signalé");
    expect(items[0]).not.toHaveTextContent("Message signalé");
    expect(
      within(screen.getByRole("list", { name: "Photos de Marc Durand" })).getAllByRole("img"),
    ).toHaveLength(2);
    expect(screen.getByText("Il insiste pour que je lui envoie de l’argent.")).toBeInTheDocument();
  });

  it("takes the report in hand, then dismisses it with a note", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDetail();
    await user.click(await screen.findByRole("button", { name: "Prendre en charge" }));
    expect(await screen.findByText("Vous avez pris en charge ce signalement.")).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/status"))?.body).toEqual({ status: "in_review" });
    await waitFor(() => expect(button("Prendre en charge")).toBeDisabled());
    expect(screen.getByText("En cours d’examen")).toBeInTheDocument();

    await user.click(button("Classer sans suite"));
    const dialog = screen.getByRole("dialog", { name: "Classer sans suite" });
    await user.type(within(dialog).getByLabelText("Note (facultatif)"), "Conversation normale");
    await user.click(within(dialog).getByRole("button", { name: "Classer sans suite" }));
    expect(await screen.findByText("Le signalement est classé sans suite.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith("/status")).at(-1)?.body).toEqual({
      status: "dismissed",
      note: "Conversation normale",
    });
  });

  it("requires a message for a warning, and a photo to remove one", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDetail();
    await user.click(await screen.findByRole("button", { name: "Envoyer un avertissement" }));
    let dialog = screen.getByRole("dialog", { name: "Avertir Marc Durand" });
    await user.click(within(dialog).getByRole("button", { name: "Envoyer l’avertissement" }));
    expect(within(dialog).getByText("Écrivez le message d’avertissement.")).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/action"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Annuler" }));

    await user.click(button("Retirer une photo"));
    dialog = screen.getByRole("dialog", { name: "Retirer une photo de Marc Durand" });
    await user.click(within(dialog).getByRole("button", { name: "Retirer la photo" }));
    expect(within(dialog).getByText("Choisissez la photo à retirer.")).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/action"))).toBe(false);
    await user.click(within(dialog).getByRole("radio", { name: "Photo 2" }));
    await user.click(within(dialog).getByRole("button", { name: "Retirer la photo" }));
    expect(await screen.findByText("La photo de Marc Durand a été retirée.")).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/action"))?.body).toEqual({
      action: "photo_removed",
      photoKey: "photos/u-marc/b.jpg",
    });
    // A closed report offers no further step.
    await waitFor(() => expect(button("Bannir")).toBeDisabled());
    expect(screen.getByText("Ce signalement est clos : photo retirée.")).toBeInTheDocument();
  });

  it("bans with a reason prefilled from the report, and sends the warning’s text", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDetail();
    await user.click(await screen.findByRole("button", { name: "Bannir" }));
    const dialog = screen.getByRole("dialog", { name: "Bannir Marc Durand" });
    const reason = within(dialog).getByLabelText("Motif du bannissement");
    expect(reason).toHaveValue(frenchTypography("Signalement : Arnaque ou demande d’argent"));
    await user.clear(reason);
    await user.type(reason, "Demandes d’argent répétées");
    await user.click(within(dialog).getByRole("button", { name: "Bannir" }));
    expect(
      await screen.findByText("Marc Durand est banni. Ses sessions ont été fermées."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/action"))?.body).toEqual({
      action: "ban",
      note: "Demandes d’argent répétées",
    });
  });

  it("keeps the record of a deleted account and only allows dismissing", async () => {
    renderDetail(
      reportDetailFixture({
        reported: null,
        photos: [],
        context: [],
        reportedLabel: "Marc Durand <marc@x.fr>",
      }),
    );
    expect(await screen.findByText("Compte supprimé")).toBeInTheDocument();
    expect(screen.getByText(/Le compte signalé n’existe plus/)).toBeInTheDocument();
    expect(screen.getByText("Envoie-moi 300 € par Western Union")).toBeInTheDocument();
    for (const name of ["Envoyer un avertissement", "Retirer une photo", "Bannir"])
      expect(button(name)).toBeDisabled();
    expect(button("Classer sans suite")).toBeEnabled();
  });
});
