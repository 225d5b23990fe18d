import { MSG } from "@domain/messages.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { SignupForm } from "./SignupForm.tsx";

function setup() {
  const onSuccess = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SignupForm onSuccess={onSuccess} />);
  return { user, onSuccess };
}

describe("SignupForm", () => {
  it("requires both checkboxes and a valid e-mail and password, with French messages tied to the fields", async () => {
    const { fetchMock } = stubFetch(() => undefined);
    const { user, onSuccess } = setup();

    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));

    expect(await screen.findByText(MSG.AGE_NOT_CONFIRMED)).toBeInTheDocument();
    expect(screen.getByText(MSG.TERMS_NOT_ACCEPTED)).toBeInTheDocument();
    expect(screen.getByText(MSG.EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(MSG.PASSWORD_TOO_SHORT)).toBeInTheDocument();

    const age = screen.getByRole("checkbox", { name: "Je confirme avoir 18 ans ou plus" });
    expect(age).toHaveAttribute("aria-invalid", "true");
    expect(age).toHaveAccessibleDescription(MSG.AGE_NOT_CONFIRMED);
    const terms = screen.getByRole("checkbox", { name: "J’accepte les conditions d’utilisation" });
    expect(terms).toHaveAccessibleDescription(MSG.TERMS_NOT_ACCEPTED);
    expect(screen.getByLabelText("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");

    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("checks the password length (8 to 128) and shows a counter", async () => {
    stubFetch(() => undefined);
    const { user } = setup();
    const password = screen.getByLabelText("Mot de passe");

    await user.type(password, "court");
    expect(screen.getByText("5/128")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect(await screen.findByText(MSG.PASSWORD_TOO_SHORT)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(expect.stringContaining(MSG.PASSWORD_TOO_SHORT));

    await user.clear(password);
    await user.click(password);
    await user.paste("x".repeat(129));
    expect(await screen.findByText(MSG.PASSWORD_TOO_LONG)).toBeInTheDocument();
  });

  it("toggles the password visibility", async () => {
    const { user } = setup();
    const password = screen.getByLabelText("Mot de passe");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Afficher le mot de passe" }));
    expect(password).toHaveAttribute("type", "text");
  });

  it("sends the sign-up request with both confirmations and calls onSuccess", async () => {
    const { calls } = stubFetch((call) =>
      call.url.includes("/sign-up/email")
        ? { body: { token: "t", user: { id: "u1", email: "awa@example.com", name: "" } } }
        : undefined,
    );
    const { user, onSuccess } = setup();

    await user.type(screen.getByLabelText("Adresse e-mail"), "  Awa@Example.com ");
    await user.type(screen.getByLabelText("Mot de passe"), "une phrase secrète");
    await user.click(screen.getByRole("checkbox", { name: "Je confirme avoir 18 ans ou plus" }));
    await user.click(screen.getByRole("checkbox", { name: "J’accepte les conditions d’utilisation" }));
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("awa@example.com"));
    const signUp = calls.find((c) => c.url.includes("/api/auth/sign-up/email"));
    expect(signUp?.method).toBe("POST");
    expect(signUp?.body).toEqual({
      email: "awa@example.com",
      password: "une phrase secrète",
      name: "",
      ageConfirmed: true,
      termsAccepted: true,
      callbackURL: "/email-confirmed",
    });
  });

  it("shows the server’s error in an alert and stays on the form", async () => {
    stubFetch(() => ({ status: 429, body: { code: "RATE_LIMITED", message: MSG.RATE_LIMITED } }));
    const { user, onSuccess } = setup();

    await user.type(screen.getByLabelText("Adresse e-mail"), "awa@example.com");
    await user.type(screen.getByLabelText("Mot de passe"), "une phrase secrète");
    await user.click(screen.getByRole("checkbox", { name: "Je confirme avoir 18 ans ou plus" }));
    await user.click(screen.getByRole("checkbox", { name: "J’accepte les conditions d’utilisation" }));
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.RATE_LIMITED);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
