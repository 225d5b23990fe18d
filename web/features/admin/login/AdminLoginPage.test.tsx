import { ADMIN_STORAGE_KEY } from "@domain/admin.ts";
import { MSG } from "@domain/messages.ts";
import { frenchTypography } from "@domain/typography.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { adminFixture, renderRoute } from "../shared/test-helpers.tsx";
import AdminLoginPage from "./AdminLoginPage.tsx";
import { adminTarget } from "./api.ts";

function renderLogin(route = "/admin/login") {
  return renderRoute(<AdminLoginPage />, { path: "/admin/login", route });
}

async function signIn(email = "moderation@passerelle.example", password = "un-mot-de-passe") {
  await userEvent.type(screen.getByLabelText("Adresse e-mail"), email);
  await userEvent.type(screen.getByLabelText("Mot de passe"), password);
  await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
}

describe("AdminLoginPage", () => {
  beforeEach(() => localStorage.clear());

  it("shows the server’s generic message for wrong credentials and stores nothing", async () => {
    const { calls } = stubFetch(() => ({
      status: 401,
      body: { error: { code: "INVALID_CREDENTIALS", message: MSG.INVALID_CREDENTIALS } },
    }));
    renderLogin();
    await signIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.INVALID_CREDENTIALS);
    expect(calls[0]).toMatchObject({
      url: "/api/admin/login",
      method: "POST",
      body: { email: "moderation@passerelle.example", password: "un-mot-de-passe" },
    });
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
  });

  it("falls back to the generic French message on a bare 401, and shows the 429 message", async () => {
    let status = 401;
    stubFetch(() =>
      status === 401
        ? { status }
        : { status, body: { error: { code: "RATE_LIMITED", message: MSG.RATE_LIMITED } } },
    );
    renderLogin();
    await signIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.INVALID_CREDENTIALS);
    status = 429;
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MSG.RATE_LIMITED));
  });

  it("ties validation errors to their fields", async () => {
    const { calls } = stubFetch(() => undefined);
    renderLogin();
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText(MSG.EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Adresse e-mail")).toHaveAccessibleDescription(MSG.EMAIL_INVALID);
    expect(calls).toHaveLength(0);
  });

  it("stores the admin record and goes to the dashboard", async () => {
    const admin = adminFixture();
    stubFetch(() => ({ body: { status: "ok", admin } }));
    renderLogin();
    await signIn();
    expect(await screen.findByTestId("location")).toHaveTextContent("/admin/dashboard");
    expect(JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEY) ?? "null")).toEqual(admin);
  });

  it("asks for the 6-digit code when two-factor is on, then goes back to the requested admin page", async () => {
    const admin = adminFixture({ twoFactorEnabled: true });
    const { calls } = stubFetch((call) => {
      if (call.url === "/api/admin/login") return { body: { status: "two-factor-required" } };
      if (call.url === "/api/admin/login/verify")
        return (call.body as { code: string }).code === "123456"
          ? { body: { status: "ok", admin } }
          : {
              status: 401,
              body: { error: { code: "INVALID_CODE", message: "Code de vérification incorrect" } },
            };
      return undefined;
    });
    renderLogin(`/admin/login?redirect=${encodeURIComponent("/admin/users?page=2")}`);
    await signIn();

    expect(await screen.findByRole("heading", { name: "Double authentification" })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
    const code = screen.getByLabelText("Code à 6 chiffres");
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.type(code, "12");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByText("Saisissez les 6 chiffres du code")).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, "654321");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Code de vérification incorrect");

    await userEvent.clear(code);
    await userEvent.type(code, "123 456");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/admin/users?page=2");
    expect(calls.at(-1)).toMatchObject({ url: "/api/admin/login/verify", body: { code: "123456" } });
    expect(JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEY) ?? "null")).toEqual(admin);
  });

  it("takes a backup code instead of the app’s code, hyphen or not", async () => {
    const admin = adminFixture({ twoFactorEnabled: true });
    const { calls } = stubFetch((call) => {
      if (call.url === "/api/admin/login") return { body: { status: "two-factor-required" } };
      if (call.url === "/api/admin/login/verify")
        return (call.body as { code: string }).code === "abcde12345"
          ? { body: { status: "ok", admin } }
          : {
              status: 401,
              body: { error: { code: "INVALID_BACKUP_CODE", message: "Code de secours incorrect" } },
            };
      return undefined;
    });
    renderLogin("/admin/login");
    await signIn();
    await userEvent.click(
      await screen.findByRole("button", {
        name: frenchTypography("Je n’ai pas mon téléphone : utiliser un code de secours"),
      }),
    );
    const code = screen.getByLabelText("Code de secours");
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(
      await screen.findByText("Saisissez un code de secours, par exemple abcde-12345"),
    ).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, "zzzzz-zzzzz");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Code de secours incorrect");

    await userEvent.clear(code);
    await userEvent.type(code, "abcde12345");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/admin/dashboard");
    expect(calls.at(-1)).toMatchObject({ url: "/api/admin/login/verify", body: { code: "abcde12345" } });
  });

  it("links back to the site", () => {
    stubFetch(() => undefined);
    renderLogin();
    expect(screen.getByRole("link", { name: "Retour au site" })).toHaveAttribute("href", "/");
  });
});

describe("adminTarget", () => {
  it("keeps admin paths and refuses everything else", () => {
    expect(adminTarget("/admin/users?q=awa")).toBe("/admin/users?q=awa");
    expect(adminTarget(null)).toBe("/admin/dashboard");
    expect(adminTarget("/profile")).toBe("/admin/dashboard");
    expect(adminTarget("/admin/login")).toBe("/admin/dashboard");
    expect(adminTarget("//evil.example/admin/users")).toBe("/admin/dashboard");
    expect(adminTarget("https://evil.example/admin/users")).toBe("/admin/dashboard");
  });
});
