// The e-mail confirmation link: where it lands (/email-confirmed, which Better Auth's verify-email
// endpoint redirects to, with ?error=… when the token is invalid or expired) and sending a new one.
import { authClient } from "@web/lib/auth-client.ts";
import { useState } from "react";
import { runAuthCall } from "./auth-error.ts";

export const EMAIL_CONFIRMED_PATH = "/email-confirmed";

export type ResendState = { status: "idle" | "sending" | "sent" } | { status: "error"; message: string };

/** Sends a confirmation link to `email`; signed out, the server answers the same whether or not it sent one. */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>({ status: "idle" });
  const send = async (email: string) => {
    setState({ status: "sending" });
    const message = await runAuthCall(() =>
      authClient.sendVerificationEmail({ email, callbackURL: EMAIL_CONFIRMED_PATH }),
    );
    setState(message ? { status: "error", message } : { status: "sent" });
  };
  return { state, send };
}
