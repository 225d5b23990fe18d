import { MSG } from "@domain/messages.ts";
import { frenchTypography } from "@domain/typography.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { LoginForm } from "./LoginForm.tsx";

async function fillAndSubmit() {
  const onSuccess = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  await user.type(screen.getByLabelText("Adresse e-mail"), "awa@example.com");
  await user.type(screen.getByLabelText("Mot de passe"), "mauvais-mot-de-passe");
  await user.click(screen.getByRole("button", { name: "Se connecter" }));
  return { onSuccess };
}

describe("LoginForm", () => {
  it("shows the generic error for bad credentials", async () => {
    stubFetch(() => ({
      status: 401,
      body: { code: "INVALID_EMAIL_OR_PASSWORD", message: MSG.INVALID_CREDENTIALS },
    }));
    const { onSuccess } = await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.INVALID_CREDENTIALS);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the rate-limit message sent by the server", async () => {
    stubFetch(() => ({ status: 429, body: { message: MSG.RATE_LIMITED } }));
    await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.RATE_LIMITED);
  });

  it("signs in with e-mail and password", async () => {
    const { calls } = stubFetch((call) =>
      call.url.includes("/sign-in/email") ? { body: { token: "t", user: { id: "u1" } } } : undefined,
    );
    const { onSuccess } = await fillAndSubmit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.url.includes("/api/auth/sign-in/email"))?.body).toMatchObject({
      email: "awa@example.com",
      password: "mauvais-mot-de-passe",
    });
  });

  it("links to the forgotten-password page", () => {
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    expect(screen.getByRole("link", { name: frenchTypography("Mot de passe oublié ?") })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});
