import { ADMIN_STORAGE_KEY } from "@domain/admin.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { appRoutes } from "@web/app/router.tsx";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { adminFixture } from "./shared/test-helpers.tsx";

function renderApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes(client), { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("admin routes", () => {
  beforeEach(() => localStorage.clear());

  it("/admin goes to the dashboard; a refused session goes on to the login, outside the member layout", async () => {
    localStorage.setItem(ADMIN_STORAGE_KEY, "{cassé");
    stubFetch((call) => (call.url === "/api/admin/me" ? { status: 401 } : undefined));
    const router = renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Connexion à l’administration" })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      "/admin/login?redirect=%2Fadmin%2Fdashboard",
    );
    expect(screen.queryByRole("navigation", { name: "Navigation principale" })).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
  });

  it("renders an admin page inside the admin frame, and unknown admin paths as « Page introuvable »", async () => {
    stubFetch((call) =>
      call.url === "/api/admin/me"
        ? { body: adminFixture() }
        : { body: { data: [], total: 0, totalCapped: false, page: 1, size: 25 } },
    );
    const router = renderApp("/admin/users");
    expect(await screen.findByRole("heading", { level: 1, name: "Utilisateurs" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Administration" })).toBeInTheDocument();
    // The title follows the page's render (an effect): on a busy machine, a moment after its heading.
    await waitFor(() => expect(document.title).toBe("Utilisateurs · Administration · Passerelle"));

    await router.navigate("/admin/inexistante");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Administration" })).toBeInTheDocument();
  });

  it("when the session ends during use, signing in again returns to the page asked for", async () => {
    let session = true;
    const admin = adminFixture();
    const refused = {
      status: 401,
      body: { error: { code: "UNAUTHENTICATED", message: "Veuillez vous connecter" } },
    };
    stubFetch((call) => {
      if (call.url === "/api/admin/login") {
        session = true;
        return { body: { status: "ok", admin } };
      }
      if (!session) return refused;
      if (call.url === "/api/admin/me") return { body: admin };
      return { body: { data: [], total: 0, totalCapped: false, page: 1, size: 25 } };
    });
    const router = renderApp("/admin/users");
    await screen.findByRole("heading", { level: 1, name: "Utilisateurs" });

    // The session expires: the next list is refused, the guard checks /me again and sends to the login.
    session = false;
    await router.navigate("/admin/profiles?page=2");
    await screen.findByRole("heading", { name: "Connexion à l’administration" });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/admin/login?redirect=${encodeURIComponent("/admin/profiles?page=2")}`,
    );

    await userEvent.type(screen.getByLabelText("Adresse e-mail"), admin.email);
    await userEvent.type(screen.getByLabelText("Mot de passe"), "un-mot-de-passe");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Profils" })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/admin/profiles?page=2");
  });
});
