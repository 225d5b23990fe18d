import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { adminFixture } from "../shared/test-helpers.tsx";
import { groupSecret, totpSecret } from "./api.ts";
import SecurityPage from "./SecurityPage.tsx";

const URI =
  "otpauth://totp/Passerelle:moderation%40passerelle.example?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Passerelle";

describe("SecurityPage", () => {
  it("enables two-factor: password, QR code with the secret and backup codes, then a code", async () => {
    let enabled = false;
    const { calls } = stubFetch((call) => {
      if (call.url === "/api/admin/me") return { body: adminFixture({ twoFactorEnabled: enabled }) };
      if (new URL(call.url, location.href).pathname === "/api/auth/two-factor/enable")
        return { body: { totpURI: URI, backupCodes: ["a1b2c-d3e4f", "g5h6i-j7k8l"] } };
      if (new URL(call.url, location.href).pathname === "/api/auth/two-factor/verify-totp") {
        enabled = true;
        return { body: { token: "t" } };
      }
      return undefined;
    });
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByText("Désactivée")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Mot de passe"), "mon-mot-de-passe");
    await userEvent.click(screen.getByRole("button", { name: "Configurer la double authentification" }));

    const qr = await screen.findByRole("img", { name: /Code QR à scanner/ });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Codes de secours" })).toHaveTextContent("a1b2c-d3e4f");
    expect(calls.find((c) => c.url.endsWith("/enable"))?.body).toEqual({ password: "mon-mot-de-passe" });

    await userEvent.type(screen.getByLabelText("Code à 6 chiffres"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Activer la double authentification" }));
    expect(await screen.findByText(/La double authentification est activée/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/verify-totp"))?.body).toEqual({ code: "123456" });
    await waitFor(() => expect(screen.getByText("Activée")).toBeInTheDocument());
  });

  it("disables it with the password, and shows a refusal", async () => {
    stubFetch((call) => {
      if (call.url === "/api/admin/me") return { body: adminFixture({ twoFactorEnabled: true }) };
      return { status: 400, body: { code: "INVALID_PASSWORD", message: "Mot de passe incorrect" } };
    });
    renderWithProviders(<SecurityPage />);
    await userEvent.type(await screen.findByLabelText("Mot de passe"), "faux");
    await userEvent.click(screen.getByRole("button", { name: "Désactiver la double authentification" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Mot de passe incorrect");
  });

  it("where it is required, says so before setting it up and offers no way to turn it off", async () => {
    let enabled = false;
    stubFetch((call) => {
      if (call.url === "/api/admin/me")
        return { body: adminFixture({ twoFactorEnabled: enabled, twoFactorRequired: true }) };
      if (new URL(call.url, location.href).pathname === "/api/auth/two-factor/enable")
        return { body: { totpURI: URI, backupCodes: ["a1b2c-d3e4f"] } };
      if (new URL(call.url, location.href).pathname === "/api/auth/two-factor/verify-totp") {
        enabled = true;
        return { body: { token: "t" } };
      }
      return undefined;
    });
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "La double authentification est obligatoire pour les administrateurs.",
    );
    await userEvent.type(screen.getByLabelText("Mot de passe"), "mon-mot-de-passe");
    await userEvent.click(screen.getByRole("button", { name: "Configurer la double authentification" }));
    await userEvent.type(await screen.findByLabelText("Code à 6 chiffres"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Activer la double authentification" }));

    expect(await screen.findByRole("link", { name: "Aller au tableau de bord" })).toHaveAttribute(
      "href",
      "/admin/dashboard",
    );
    expect(screen.getByText(/ne peut pas être désactivée/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Désactiver la double authentification" })).toBeNull();
  });

  it("reads the secret of an otpauth URI", () => {
    expect(totpSecret(URI)).toBe("JBSWY3DPEHPK3PXPJBSW");
    expect(totpSecret("pas une uri")).toBeNull();
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });
});
