import { MSG } from "@domain/messages.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { authClient } from "@web/lib/auth-client.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import EmailConfirmedPage from "./EmailConfirmedPage.tsx";

const session = (emailVerified: boolean) => ({
  session: { id: "s1", userId: "u1", expiresAt: "2026-12-22T10:00:00.000Z", token: "t" },
  user: { id: "u1", email: "awa@exemple.fr", name: "", emailVerified, createdAt: "2026-11-01T10:00:00.000Z" },
});

/** The session (null: signed out), the member's profile, and the resend endpoint. */
function stubApi(current: ReturnType<typeof session> | null, profile = profileFixture()) {
  return stubFetch((call) => {
    if (call.url.includes("/get-session")) return { body: current };
    if (call.url === "/api/profile") return { body: profile };
    if (call.url.includes("/send-verification-email")) return { body: { status: true } };
    return undefined;
  });
}

const sends = (calls: { url: string; method: string; body: unknown }[]) =>
  calls.filter((c) => c.url.includes("/send-verification-email")).map((c) => c.body);

/**
 * Better Auth's client keeps one session store for the page, still mounted between tests: each test
 * starts it over as a page load would (session pending, then read from the stubbed API).
 */
function open(route: string) {
  const store = authClient.$store.atoms.session;
  if (!store) throw new Error("Better Auth’s client has no session store");
  store.set({ ...store.get(), data: null, error: null, isPending: true });
  authClient.$store.notify("$sessionSignal");
  return renderWithProviders(<EmailConfirmedPage />, { route });
}

describe("EmailConfirmedPage", () => {
  it("says the address is confirmed and leads a new member on to the guided first profile", async () => {
    stubApi(session(true), profileFixture({ onboardingStep: 0 }));
    open("/email-confirmed");
    expect(screen.getByRole("heading", { level: 1, name: "Adresse e-mail confirmée" })).toBeInTheDocument();
    expect(screen.getByText(/verront désormais la mention « E-mail vérifié »/)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Compléter mon profil" })).toHaveAttribute(
      "href",
      "/onboarding",
    );
  });

  it("leads a member whose profile is done to it", async () => {
    stubApi(session(true), profileFixture({ onboardingStep: 3 }));
    open("/email-confirmed");
    expect(await screen.findByRole("link", { name: "Aller à mon profil" })).toHaveAttribute(
      "href",
      "/profile",
    );
  });

  it("offers to sign in when the link was opened signed out", async () => {
    stubApi(null);
    open("/email-confirmed");
    expect(await screen.findByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/login");
  });

  it("explains an expired link and sends a new one to the signed-in member’s address", async () => {
    const { calls } = stubApi(session(false));
    open("/email-confirmed?error=TOKEN_EXPIRED");
    expect(screen.getByRole("heading", { level: 1, name: "Ce lien a expiré" })).toBeInTheDocument();
    expect(screen.getByText(/n’est valable qu’une heure/)).toBeInTheDocument();
    expect(await screen.findByText("awa@exemple.fr")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Recevoir un nouveau lien" }));
    expect(await screen.findByText(/un nouveau lien vient d’y être envoyé/)).toBeInTheDocument();
    expect(sends(calls)).toEqual([{ email: "awa@exemple.fr", callbackURL: "/email-confirmed" }]);
  });

  it("asks a signed-out visitor with an invalid link for the address, checked before sending", async () => {
    const { calls } = stubApi(null);
    open("/email-confirmed?error=INVALID_TOKEN");
    expect(screen.getByRole("heading", { level: 1, name: "Ce lien n’est pas valide" })).toBeInTheDocument();
    const email = await screen.findByLabelText("Adresse e-mail de votre compte");
    await userEvent.type(email, "pas une adresse");
    await userEvent.click(screen.getByRole("button", { name: "Recevoir un nouveau lien" }));
    expect(await screen.findByText(MSG.EMAIL_INVALID)).toBeInTheDocument();
    expect(sends(calls)).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, " Awa@Exemple.fr ");
    await userEvent.click(screen.getByRole("button", { name: "Recevoir un nouveau lien" }));
    expect(
      await screen.findByText(/Si un compte non confirmé correspond à cette adresse/),
    ).toBeInTheDocument();
    expect(sends(calls)).toEqual([{ email: "awa@exemple.fr", callbackURL: "/email-confirmed" }]);
  });

  it("treats an unknown or hostile error value as an unusable link, without showing it", async () => {
    stubApi(null);
    open(`/email-confirmed?error=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    expect(screen.getByRole("heading", { level: 1, name: "Ce lien n’est pas valide" })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain("onerror");
    await screen.findByLabelText("Adresse e-mail de votre compte");
  });

  it("tells a member already confirmed that there is nothing to do", async () => {
    const { calls } = stubApi(session(true), profileFixture({ onboardingStep: 3 }));
    open("/email-confirmed?error=TOKEN_EXPIRED");
    expect(
      await screen.findByText("Bonne nouvelle : votre adresse e-mail est déjà confirmée."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Recevoir un nouveau lien" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("link", { name: "Aller à mon profil" })).toBeInTheDocument());
    expect(sends(calls)).toEqual([]);
  });
});
