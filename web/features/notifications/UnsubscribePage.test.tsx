import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import UnsubscribePage from "./UnsubscribePage.tsx";

const open = (query: string) =>
  renderWithProviders(<UnsubscribePage />, { route: `/notifications/unsubscribe${query}` });

describe("UnsubscribePage", () => {
  it("unsubscribes only on the button, then says from which address", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubFetch(() => ({ body: { ok: true, email: "awa@exemple.fr" } }));
    open("?token=dTE.abc");
    expect(
      screen.getByRole("heading", { name: "Se désabonner des e-mails de Passerelle" }),
    ).toBeInTheDocument();
    expect(document.title).toBe("Se désabonner des e-mails · Passerelle");
    // Opening the link (a mail scanner does) changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Me désabonner" }));
    const done = await screen.findByRole("status");
    expect(done).toHaveTextContent(
      "Vous ne recevrez plus d’e-mails de notification à l’adresse awa@exemple.fr. Vous pouvez les réactiver dans votre profil.",
    );
    expect(calls).toEqual([
      { url: "/api/notifications/unsubscribe", method: "POST", body: { token: "dTE.abc" } },
    ]);
    expect(screen.getByRole("link", { name: "votre profil" })).toHaveAttribute(
      "href",
      "/profile?rubrique=compte#section-notifications",
    );
    expect(screen.queryByRole("button", { name: "Me désabonner" })).not.toBeInTheDocument();
  });

  it("explains an invalid link", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(() => ({
      status: 400,
      body: { error: { code: "INVALID_TOKEN", message: "Ce lien de désabonnement est invalide" } },
    }));
    open("?token=abimé");
    await user.click(screen.getByRole("button", { name: "Me désabonner" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Ce lien de désabonnement n’est pas valide");
    expect(alert).toHaveTextContent("Il a peut-être été coupé ou mal copié.");
    expect(screen.queryByRole("button", { name: "Me désabonner" })).not.toBeInTheDocument();
  });

  it("explains a link without its token, without asking the server", () => {
    const { calls } = stubFetch(() => ({ body: { ok: true, email: "x@exemple.fr" } }));
    open("");
    expect(screen.getByRole("alert")).toHaveTextContent("Ce lien de désabonnement n’est pas valide");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("offers to try again after a network failure", async () => {
    const user = userEvent.setup({ delay: null });
    let down = true;
    const { calls } = stubFetch(() =>
      down
        ? { status: 503, body: { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } } }
        : { body: { ok: true, email: "awa@exemple.fr" } },
    );
    open("?token=dTE.abc");
    await user.click(screen.getByRole("button", { name: "Me désabonner" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Service indisponible");
    down = false;
    await user.click(screen.getByRole("button", { name: "Me désabonner" }));
    expect(await screen.findByText(/Vous ne recevrez plus d’e-mails de notification/)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
