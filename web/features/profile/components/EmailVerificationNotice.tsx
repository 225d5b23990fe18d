import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { runAuthCall } from "@web/features/auth/auth-error.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { quoted } from "@web/lib/format.ts";
import { useState } from "react";

/**
 * Shown in /profile until the member follows the link sent at sign-up: other members then see
 * « E-mail vérifié » on their profile. The link can be sent again.
 */
export function EmailVerificationNotice() {
  const { data: session } = authClient.useSession();
  const [state, setState] = useState<
    { status: "idle" | "sending" | "sent" } | { status: "error"; message: string }
  >({ status: "idle" });
  const user = session?.user;
  if (!user || user.emailVerified) return null;

  const resend = async () => {
    setState({ status: "sending" });
    const message = await runAuthCall(() =>
      authClient.sendVerificationEmail({ email: user.email, callbackURL: "/profile" }),
    );
    setState(message ? { status: "error", message } : { status: "sent" });
  };

  return (
    <Alert tone="info" title="Confirmez votre adresse e-mail" className="mb-6">
      <p>
        Nous vous avons envoyé un lien à <strong className="break-all">{user.email}</strong>. Une fois votre
        adresse confirmée, les autres membres verront la mention {quoted("E-mail vérifié")} sur votre profil.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        loading={state.status === "sending"}
        loadingText="Envoi…"
        onClick={() => void resend()}
      >
        Renvoyer le lien
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {state.status === "sent" && (
          <p className="mt-2 font-semibold">
            Un nouveau lien vient de vous être envoyé. Pensez à vérifier vos courriers indésirables.
          </p>
        )}
        {state.status === "error" && <p className="mt-2 font-semibold text-danger-700">{state.message}</p>}
      </div>
    </Alert>
  );
}
