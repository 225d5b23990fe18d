import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { Header } from "./Header.tsx";

describe("Header", () => {
  it("shows the member links, the matches badge and Déconnexion when signed in", () => {
    renderWithProviders(<Header signedIn sessionPending={false} badges={{ matches: 3, messages: 1 }} />);
    expect(screen.getByRole("navigation", { name: "Navigation principale" })).toBeInTheDocument();
    for (const name of ["Accueil", "Profil", "Recherche", "Abonnement"]) {
      expect(screen.getAllByRole("link", { name }).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole("link", { name: "Matchs 3 nouveaux" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "Messages 1 conversation non lue" }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByRole("button", { name: "Déconnexion" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: "Connexion" })).not.toBeInTheDocument();
  });

  it("shows Connexion and Inscription when signed out, and no badge without a count", () => {
    renderWithProviders(<Header signedIn={false} sessionPending={false} badges={{}} />);
    expect(screen.getAllByRole("link", { name: "Connexion" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "Inscription" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: /Matchs/ })).not.toBeInTheDocument();
  });

  it("opens the small-screen menu and closes it with Escape", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Header signedIn sessionPending={false} badges={{}} />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(menu).toBeVisible();

    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});
