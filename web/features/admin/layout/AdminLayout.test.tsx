import { ADMIN_STORAGE_KEY } from "@domain/admin.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { adminFixture, LocationProbe } from "../shared/test-helpers.tsx";
import AdminLayout from "./AdminLayout.tsx";

function renderLayout(route = "/admin/users?page=2") {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route path="users" element={<h1>Liste des utilisateurs</h1>} />
      </Route>
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

describe("AdminLayout", () => {
  beforeEach(() => localStorage.clear());

  it("asks the server, then shows the page with the admin navigation and refreshes the stored record", async () => {
    const admin = adminFixture();
    localStorage.setItem(ADMIN_STORAGE_KEY, JSON.stringify({ ...admin, name: "Ancien nom" }));
    const { calls } = stubFetch((call) => (call.url === "/api/admin/me" ? { body: admin } : undefined));
    renderLayout();
    expect(screen.getByRole("status")).toHaveTextContent("Vérification de votre session…");
    expect(await screen.findByRole("heading", { name: "Liste des utilisateurs" })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: "/api/admin/me", method: "GET" });

    const nav = screen.getByRole("navigation", { name: "Administration" });
    for (const label of [
      "Tableau de bord",
      "Utilisateurs",
      "Profils",
      "Matchs",
      "Messages",
      "Signalements",
      "Vérifications",
      "Photos à vérifier",
      "Abonnements",
      "Ajouter JSON",
      "Sécurité",
    ])
      expect(within(nav).getByRole("link", { name: label })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Utilisateurs" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Nadia Kouassi")).toBeInTheDocument();
    expect(screen.getByText("moderation@passerelle.example")).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEY) ?? "null")).toEqual(admin);
  });

  it("takes an administrator who must turn on TOTP to the security page, the only one offered", async () => {
    const admin = adminFixture({ twoFactorRequired: true, twoFactorEnabled: false });
    stubFetch((call) => (call.url === "/api/admin/me" ? { body: admin } : undefined));
    renderWithProviders(
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          <Route path="users" element={<h1>Liste des utilisateurs</h1>} />
          <Route path="security" element={<h1>Sécurité</h1>} />
        </Route>
      </Routes>,
      { route: "/admin/users" },
    );
    expect(await screen.findByRole("heading", { name: "Sécurité" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Liste des utilisateurs" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Administration" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Sécurité"]);
  });

  it("sends a refused session (401) to /admin/login with the path to come back to, and forgets the admin", async () => {
    localStorage.setItem(ADMIN_STORAGE_KEY, JSON.stringify(adminFixture()));
    stubFetch(() => ({
      status: 401,
      body: { error: { code: "UNAUTHENTICATED", message: "Veuillez vous connecter pour continuer" } },
    }));
    renderLayout();
    expect(await screen.findByTestId("location")).toHaveTextContent(
      `/admin/login?redirect=${encodeURIComponent("/admin/users?page=2")}`,
    );
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Liste des utilisateurs" })).not.toBeInTheDocument();
  });

  it("treats a member without the admin role (403) the same way", async () => {
    stubFetch(() => ({ status: 403, body: { error: { code: "FORBIDDEN", message: "Accès refusé" } } }));
    renderLayout("/admin/users");
    expect(await screen.findByTestId("location")).toHaveTextContent("/admin/login?redirect=%2Fadmin%2Fusers");
  });

  it.each([
    ["not JSON", "{pas du json"],
    ["not an admin record", JSON.stringify({ email: 42 })],
    ["a member record", JSON.stringify({ ...adminFixture(), role: "user" })],
  ])("removes an unreadable stored admin (%s) at once", async (_label, value) => {
    localStorage.setItem(ADMIN_STORAGE_KEY, value);
    // The server has not answered yet: the removal does not wait for it.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    renderLayout();
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Vérification de votre session…");
  });

  it("offers a retry when the check fails for another reason", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? { status: 503, body: { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } } }
        : { body: adminFixture() },
    );
    renderLayout();
    expect(await screen.findByRole("alert")).toHaveTextContent("Service indisponible");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { name: "Liste des utilisateurs" })).toBeInTheDocument();
  });

  it("signs out: POST /api/admin/logout, forgets the admin, goes to /admin/login", async () => {
    const admin = adminFixture();
    const { calls } = stubFetch((call) =>
      call.url === "/api/admin/me"
        ? { body: admin }
        : call.url === "/api/admin/logout"
          ? { status: 204 }
          : undefined,
    );
    renderLayout();
    await screen.findByRole("heading", { name: "Liste des utilisateurs" });
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Déconnexion" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/admin\/login$/);
    expect(calls.some((c) => c.url === "/api/admin/logout" && c.method === "POST")).toBe(true);
    await waitFor(() => expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull());
  });
});
