import { REPORT_REASON_LABELS } from "@domain/safety.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { ReportDialog } from "./ReportDialog.tsx";

const moussa = { userId: "u-moussa", name: "Moussa K.", gender: "male" as const };

describe("ReportDialog", () => {
  it("lists the reasons without the automatic one, counts the details and sends the report with the block", async () => {
    const user = userEvent.setup({ delay: null });
    const onReported = vi.fn();
    const { calls } = stubFetch((call) =>
      call.url === "/api/reports" ? { status: 201, body: { id: "r1" } } : undefined,
    );
    renderWithProviders(<ReportDialog target={moussa} onClose={() => {}} onReported={onReported} />);

    const dialog = screen.getByRole("dialog", { name: "Signaler Moussa K." });
    const reasons = within(dialog).getByRole("group", { name: "Raison du signalement" });
    expect(
      within(reasons)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual([
      "Faux profil",
      "Arnaque ou demande d’argent",
      "Harcèlement",
      "Contenu inapproprié",
      "Personne mineure",
      "Autre",
    ]);
    expect(within(dialog).queryByText(REPORT_REASON_LABELS.spam)).not.toBeInTheDocument();

    // No reason: refused in the browser.
    await user.click(within(dialog).getByRole("button", { name: "Envoyer le signalement" }));
    expect(within(dialog).getByText("Choisissez une raison.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(within(dialog).getByRole("radio", { name: "Faux profil" }));
    const details = within(dialog).getByRole("textbox", { name: "Précisions (facultatif)" });
    expect(details).toHaveAttribute("maxLength", "1000");
    await user.type(details, "  Photos volées  ");
    expect(within(dialog).getByText(/^17 \/ 1\s000$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "Bloquer aussi ce membre" }));
    await user.click(within(dialog).getByRole("button", { name: "Envoyer le signalement" }));

    expect(await within(dialog).findByText("Merci, votre signalement a bien été envoyé")).toBeInTheDocument();
    expect(within(dialog).getByText("Moussa K. est bloqué : vous ne vous verrez plus.")).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: "/api/reports",
        method: "POST",
        body: { userId: "u-moussa", reason: "fake_profile", details: "Photos volées", block: true },
      },
    ]);
    expect(onReported).toHaveBeenCalledWith(moussa, true);
  });

  it("reports a message with the reason given by the warning, and shows the server’s refusal", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubFetch(() => ({
      status: 429,
      body: {
        error: { code: "RATE_LIMITED", message: "Vous avez envoyé beaucoup de signalements aujourd’hui." },
      },
    }));
    renderWithProviders(
      <ReportDialog target={moussa} messageId="msg-1" initialReason="scam" onClose={() => {}} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Signaler ce message" });
    expect(within(dialog).getByRole("radio", { name: "Arnaque ou demande d’argent" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Envoyer le signalement" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Vous avez envoyé beaucoup de signalements aujourd’hui.",
    );
    expect(calls[0]?.body).toEqual({
      userId: "u-moussa",
      messageId: "msg-1",
      reason: "scam",
      details: "",
      block: false,
    });
  });
});
