import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HomePage } from "@web/features/home/index.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { DeleteAccountDialog } from "./DeleteAccountDialog.tsx";

function renderDialog(reply: (password: string) => { status: number; body?: unknown }) {
  const api = stubFetch((call) => {
    if (call.url === "/api/me/delete") return reply((call.body as { password: string }).password);
    if (call.url.endsWith("/api/auth/sign-out")) return { body: { success: true } };
    if (call.url.includes("/api/auth/get-session")) return { body: null };
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<DeleteAccountDialog open onClose={() => {}} />} />
      <Route path="/" element={<HomePage />} />
    </Routes>,
    { route: "/profile" },
  );
  return api;
}

describe("DeleteAccountDialog", () => {
  it("says what is deleted, requires the password and shows a wrong one on the field", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog(() => ({
      status: 401,
      body: {
        error: {
          code: "WRONG_PASSWORD",
          message: "Mot de passe actuel incorrect",
          fields: { password: "Mot de passe actuel incorrect" },
        },
      },
    }));
    const dialog = screen.getByRole("dialog", { name: "Supprimer mon compte" });
    expect(dialog).toHaveTextContent("les messages disparaissent des deux côtés");
    expect(dialog).toHaveTextContent("Un abonnement en cours n’est pas remboursé.");
    const password = within(dialog).getByLabelText("Votre mot de passe");

    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(within(dialog).getByText("Saisissez votre mot de passe.")).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();
    expect(calls).toHaveLength(0);

    await user.type(password, "pas le bon");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(await within(dialog).findByText("Mot de passe actuel incorrect")).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password.getAttribute("aria-describedby")).toContain("delete-password-error");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: "/api/me/delete",
      method: "POST",
      body: { password: "pas le bon" },
    });
  });

  it("after the deletion, goes home with the confirmation and signs out there", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog(() => ({ status: 204 }));
    await user.type(screen.getByLabelText("Votre mot de passe"), "un mot de passe solide");
    await user.click(screen.getByRole("button", { name: "Supprimer définitivement" }));
    expect(await screen.findByText("Votre compte a été supprimé")).toBeInTheDocument();
    await expect.poll(() => calls.some((c) => c.url.endsWith("/api/auth/sign-out"))).toBe(true);
  });
});
