import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { adminFixture, listOf, userDetailFixture } from "../shared/test-helpers.tsx";
import UserDetailPage from "./UserDetailPage.tsx";
import UsersPage from "./UsersPage.tsx";

const awa = userDetailFixture();

function renderDetail(admin = adminFixture()) {
  const api = stubFetch((call) => {
    if (call.url === "/api/admin/me") return { body: admin };
    if (call.url === "/api/admin/users/u1" && call.method === "GET") return { body: awa };
    if (call.url === "/api/admin/users/u1/ban")
      return { body: { ...awa, banned: true, banReason: (call.body as { reason: string }).reason } };
    if (call.url === "/api/admin/users/u1" && call.method === "DELETE") return { status: 204 };
    if (call.url.startsWith("/api/admin/users?")) return { body: listOf([]) };
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/users/:id" element={<UserDetailPage />} />
      <Route path="/admin/users" element={<UsersPage />} />
    </Routes>,
    { route: "/admin/users/u1" },
  );
  return api;
}

describe("UserDetailPage", () => {
  beforeEach(() => localStorage.clear());

  it("shows the account and its activity", async () => {
    renderDetail();
    expect(await screen.findByRole("heading", { level: 1, name: "Awa Diop" })).toBeInTheDocument();
    expect(screen.getByText("awa.diop@example.com")).toBeInTheDocument();
    expect(screen.getByText("Messages envoyés").nextSibling).toHaveTextContent("40");
    expect(screen.getByRole("link", { name: "Voir ses matchs" })).toHaveAttribute(
      "href",
      "/admin/matches?member=u1",
    );
  });

  it("requires a reason to ban, then bans and says so", async () => {
    const { calls } = renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Bannir" }));
    const dialog = screen.getByRole("dialog", { name: "Bannir Awa Diop" });
    const reason = within(dialog).getByLabelText("Motif du bannissement");

    await userEvent.click(within(dialog).getByRole("button", { name: "Bannir" }));
    expect(within(dialog).getByText("Indiquez le motif du bannissement.")).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason).toHaveFocus();
    expect(calls.some((c) => c.url.endsWith("/ban"))).toBe(false);

    await userEvent.type(reason, "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Bannir" }));
    expect(calls.some((c) => c.url.endsWith("/ban"))).toBe(false);

    await userEvent.type(reason, "Faux profil, photos volées");
    await userEvent.click(within(dialog).getByRole("button", { name: "Bannir" }));
    expect(await screen.findByText("Awa Diop est bannie. Ses sessions ont été fermées.")).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/ban"))).toMatchObject({
      method: "POST",
      body: { reason: "Faux profil, photos volées" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Lever le bannissement" })).toBeInTheDocument();
    expect(screen.getByText(/Motif du bannissement :/).parentElement).toHaveTextContent(
      "Motif du bannissement : « Faux profil, photos volées »",
    );
  });

  it("keeps « Supprimer définitivement » disabled until the member’s e-mail is typed", async () => {
    const { calls } = renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Supprimer le compte" }));
    const dialog = screen.getByRole("dialog", { name: "Supprimer le compte" });
    const confirm = within(dialog).getByRole("button", { name: "Supprimer définitivement" });
    const email = within(dialog).getByLabelText("Adresse e-mail du membre");
    expect(email).toHaveAccessibleDescription(/awa\.diop@example\.com/);
    expect(confirm).toBeDisabled();

    await userEvent.type(email, "awa.diop@example.co");
    expect(confirm).toBeDisabled();
    await userEvent.type(email, "{Enter}");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await userEvent.type(email, "m");
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    expect(await screen.findByText("Le compte d’Awa Diop a été supprimé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE")).toMatchObject({
      url: "/api/admin/users/u1",
      body: { confirmEmail: "awa.diop@example.com" },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeInTheDocument();
  });

  it("shows the server’s refusal inside the dialog", async () => {
    const api = stubFetch((call) => {
      if (call.url === "/api/admin/me") return { body: adminFixture() };
      if (call.method === "DELETE")
        return {
          status: 400,
          body: { error: { code: "VALIDATION_ERROR", message: "L’adresse e-mail ne correspond pas" } },
        };
      return { body: awa };
    });
    renderWithProviders(
      <Routes>
        <Route path="/admin/users/:id" element={<UserDetailPage />} />
      </Routes>,
      { route: "/admin/users/u1" },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Supprimer le compte" }));
    const dialog = screen.getByRole("dialog", { name: "Supprimer le compte" });
    await userEvent.type(within(dialog).getByLabelText("Adresse e-mail du membre"), "AWA.DIOP@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("L’adresse e-mail ne correspond pas");
    expect(api.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("does not offer to ban, demote or delete one’s own account", async () => {
    renderDetail(adminFixture({ id: "u1" }));
    expect(await screen.findByRole("button", { name: "Bannir" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Supprimer le compte" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Offrir un abonnement" })).toBeEnabled();
  });
});
