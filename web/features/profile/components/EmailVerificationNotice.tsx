import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { useResendVerification } from "@web/features/auth/index.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { quoted } from "@web/lib/format.ts";

/**
 * Shown in /profile until the member follows the link sent at sign-up: other members then see
 * « E-mail vérifié » on their profile. The link can be sent again.
 */
export function EmailVerificationNotice() {
  const { data: session } = authClient.useSession();
  const { state, send } = useResendVerification();
  const user = session?.user;
  if (!user || user.emailVerified) return null;

  return (
    <Alert tone="info" title="Confirmez votre adresse e-mail" className="mb-6">
      <p>
        Nous vous avons envoyé un lien à <EmailAddress email={user.email} className="font-bold" />. Une fois
        votre adresse confirmée, les autres membres verront la mention {quoted("E-mail vérifié")} sur votre
        profil.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        loading={state.status === "sending"}
        loadingText="Envoi…"
        onClick={() => void send(user.email)}
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
