import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { EmailVerificationNotice } from "./EmailVerificationNotice.tsx";

const session = (emailVerified: boolean) => ({
  session: { id: "s1", userId: "u1", expiresAt: "2026-12-22T10:00:00.000Z", token: "t" },
  user: { id: "u1", email: "awa@exemple.fr", name: "", emailVerified, createdAt: "2026-11-01T10:00:00.000Z" },
});

describe("EmailVerificationNotice", () => {
  it("asks an unconfirmed member to confirm their address and sends the link again", async () => {
    const { calls } = stubFetch((call) => {
      if (call.url.includes("/get-session")) return { body: session(false) };
      if (call.url.includes("/send-verification-email")) return { body: { status: true } };
      return undefined;
    });
    renderWithProviders(<EmailVerificationNotice />);
    expect(await screen.findByText("Confirmez votre adresse e-mail")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Renvoyer le lien" }));
    expect(await screen.findByText(/Un nouveau lien vient de vous être envoyé/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes("/send-verification-email"))).toMatchObject({
      method: "POST",
      body: { email: "awa@exemple.fr", callbackURL: "/email-confirmed" },
    });
  });
});
