// /notifications/unsubscribe?token=…: where the « Ne plus recevoir ces e-mails » link of the
// notification e-mails lands, signed in or not. Nothing happens on opening it (mail scanners follow
// links): the member confirms with the button.
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { AuthCard } from "@web/features/auth/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link, useSearchParams } from "react-router-dom";
import { NOTIFICATION_SETTINGS_PATH, useUnsubscribeFromEmails } from "./api.ts";

const settingsLink = (
  <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold underline">
    votre profil
  </Link>
);

function InvalidLink() {
  return (
    <Alert tone="error" title="Ce lien de désabonnement n’est pas valide">
      <p>
        Il a peut-être été coupé ou mal copié. Ouvrez-le à nouveau depuis l’e-mail reçu, ou choisissez les
        e-mails que vous recevez dans {settingsLink}.
      </p>
    </Alert>
  );
}

export default function UnsubscribePage() {
  usePageTitle("Se désabonner des e-mails");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const unsubscribe = useUnsubscribeFromEmails();
  const invalid = unsubscribe.error instanceof ApiError && unsubscribe.error.code === "INVALID_TOKEN";

  return (
    <AuthCard
      title="Se désabonner des e-mails de Passerelle"
      intro="Vous ne recevrez plus nos e-mails de notification : nouveaux matchs, messages, paiements et nouveautés. Les e-mails utiles à votre compte, comme la réinitialisation du mot de passe, continueront de vous parvenir."
    >
      <div aria-live="polite" className="flex flex-col gap-4">
        {!token || invalid ? (
          <InvalidLink />
        ) : unsubscribe.isSuccess ? (
          <Alert tone="success" title="C’est fait">
            <p>
              Vous ne recevrez plus d’e-mails de notification à l’adresse{" "}
              <EmailAddress email={unsubscribe.data.email} className="font-bold" />. Vous pouvez les réactiver
              dans {settingsLink}.
            </p>
          </Alert>
        ) : (
          <>
            {unsubscribe.isError && (
              <Alert tone="error" title="Le désabonnement n’a pas abouti">
                {errorMessage(unsubscribe.error)}
              </Alert>
            )}
            <Button
              size="lg"
              loading={unsubscribe.isPending}
              loadingText="Désabonnement…"
              onClick={() => unsubscribe.mutate(token)}
            >
              Me désabonner
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
