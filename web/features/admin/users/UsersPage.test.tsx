import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { listOf, renderRoute, userRowFixture } from "../shared/test-helpers.tsx";
import UsersPage from "./UsersPage.tsx";

const awa = userRowFixture();
const julien = userRowFixture({
  id: "u2",
  email: "julien.lefevre@example.com",
  name: "Julien Lefèvre",
  role: "admin",
  banned: true,
  banReason: "Faux profil",
  accountStatus: "subscribed",
});

function stubUsers(total = 2) {
  return stubFetch((call) =>
    call.url.startsWith("/api/admin/users?") ? { body: listOf([awa, julien], { total }) } : undefined,
  );
}

const lastUrl = (calls: { url: string }[]) => calls.at(-1)?.url ?? "";
const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("UsersPage", () => {
  beforeEach(() => localStorage.clear());

  it("lists the users with the default sort and their status, role and ban", async () => {
    const { calls } = stubUsers();
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users" });
    const table = await screen.findByRole("table", { name: "Utilisateurs" });
    expect(await within(table).findByRole("link", { name: "Awa Diop" })).toHaveAttribute(
      "href",
      "/admin/users/u1",
    );
    expect(calls[0]?.url).toBe("/api/admin/users?sort=created_at&dir=desc&page=1&size=25");
    const row = within(table).getByRole("row", { name: /Julien Lefèvre/ });
    expect(row).toHaveTextContent("Administrateur");
    expect(row).toHaveTextContent("Abonné");
    expect(row).toHaveTextContent("Banni");
    expect(row).toHaveTextContent("Faux profil");
    expect(within(table).getByRole("columnheader", { name: "Inscription" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  it("sends the search after a pause in typing, back on page 1", async () => {
    const { calls } = stubUsers();
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users?page=3" });
    await screen.findByRole("link", { name: "Awa Diop" });
    expect(params(calls[0]?.url ?? "").page).toBe("3");

    await userEvent.type(screen.getByRole("searchbox", { name: "Rechercher" }), "awa@ex");
    await waitFor(() => expect(lastUrl(calls)).toContain("q=awa%40ex"));
    expect(params(lastUrl(calls))).toMatchObject({ q: "awa@ex", page: "1", sort: "created_at" });
    // One request for the finished word, not one per key.
    expect(calls.filter((c) => c.url.includes("q="))).toHaveLength(1);
  });

  it("pages through the results", async () => {
    const { calls } = stubUsers(60);
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users" });
    expect(await screen.findByText("Page 1 sur 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Précédent" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Suivant" }));
    await waitFor(() => expect(params(lastUrl(calls)).page).toBe("2"));
    expect(await screen.findByText("Page 2 sur 3")).toBeInTheDocument();
    expect(screen.getByText("60 utilisateurs")).toBeInTheDocument();
  });

  it("sorts by a column header, ascending first, then descending", async () => {
    const { calls } = stubUsers();
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users?page=2" });
    await screen.findByRole("link", { name: "Awa Diop" });
    await userEvent.click(screen.getByRole("button", { name: "E-mail" }));
    await waitFor(() =>
      expect(params(lastUrl(calls))).toMatchObject({ sort: "email", dir: "asc", page: "1" }),
    );
    expect(screen.getByRole("columnheader", { name: "E-mail" })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("columnheader", { name: "Inscription" })).not.toHaveAttribute("aria-sort");
    await userEvent.click(screen.getByRole("button", { name: "E-mail" }));
    await waitFor(() => expect(params(lastUrl(calls))).toMatchObject({ sort: "email", dir: "desc" }));
  });

  it("filters by status, role and ban", async () => {
    const { calls } = stubUsers();
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users" });
    await screen.findByRole("link", { name: "Awa Diop" });
    await userEvent.selectOptions(screen.getByLabelText("Statut"), "Abonné");
    await userEvent.selectOptions(screen.getByLabelText("Rôle"), "Administrateur");
    await userEvent.selectOptions(screen.getByLabelText("Bannissement"), "Bannis");
    await waitFor(() =>
      expect(lastUrl(calls)).toBe(
        "/api/admin/users?status=subscribed&role=admin&banned=true&sort=created_at&dir=desc&page=1&size=25",
      ),
    );
  });

  it("says when nothing matches and clears the filters", async () => {
    const { calls } = stubFetch((call) =>
      call.url.includes("q=") ? { body: listOf([]) } : { body: listOf([awa]) },
    );
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users?q=personne" });
    expect(await screen.findByText("Aucun résultat pour ces critères.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Effacer les filtres" }));
    expect(await screen.findByRole("link", { name: "Awa Diop" })).toBeInTheDocument();
    expect(lastUrl(calls)).not.toContain("q=");
    expect(screen.getByRole("searchbox", { name: "Rechercher" })).toHaveValue("");
  });

  it("shows the error with « Réessayer »", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? { status: 500, body: { error: { code: "INTERNAL_ERROR", message: "Une erreur est survenue" } } }
        : { body: listOf([awa]) },
    );
    renderRoute(<UsersPage />, { path: "/admin/users", route: "/admin/users" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Impossible de charger les utilisateurs");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("link", { name: "Awa Diop" })).toBeInTheDocument();
  });
});
