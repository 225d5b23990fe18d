import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { authClient } from "@web/lib/auth-client.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import SignupPage from "./SignupPage.tsx";

describe("SignupPage", () => {
  it("after sending, asks to open the e-mailed link — the same page for a new or a taken address", async () => {
    stubFetch((call) => {
      if (call.url.includes("/get-session")) return { body: null };
      if (call.url.includes("/sign-up/email"))
        return { body: { token: null, user: { id: "u1", email: "awa@exemple.fr", name: "" } } };
      return undefined;
    });
    const store = authClient.$store.atoms.session;
    store?.set({ ...store.get(), data: null, error: null, isPending: true });
    authClient.$store.notify("$sessionSignal");
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SignupPage />, { route: "/signup" });

    await user.type(screen.getByLabelText("Adresse e-mail"), "awa@exemple.fr");
    await user.type(screen.getByLabelText("Mot de passe"), "une phrase secrète");
    await user.click(screen.getByRole("checkbox", { name: "Je confirme avoir 18 ans ou plus" }));
    await user.click(screen.getByRole("checkbox", { name: "J’accepte les conditions d’utilisation" }));
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Vérifiez votre boîte e-mail" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Nous avons envoyé un lien à awa@exemple.fr");
    expect(screen.getByRole("link", { name: "Aller à la connexion" })).toHaveAttribute("href", "/login");
  });
});
