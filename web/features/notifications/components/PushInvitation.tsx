import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { BellRing } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { NOTIFICATION_SETTINGS_PATH, useNotificationSettings } from "../api.ts";
import { enablePush, pushSupport } from "../push.ts";
import { browserPushInviteContext, rememberPushInviteDismissed, shouldInviteToPush } from "../push-invite.ts";

type Step = "asking" | "enabling" | "enabled" | "later";

/**
 * Mounted where a new match is celebrated: invites the member to turn on notifications on this
 * device when shouldInviteToPush() says so. The browser's permission prompt only opens on
 * « Activer les notifications ».
 */
export function PushInvitation() {
  // Nothing to ask where the browser cannot, or where the question was answered: no request then.
  const [askable] = useState(() => pushSupport() && Notification.permission === "default");
  const settings = useNotificationSettings({ enabled: askable });
  const pushKey = settings.data?.pushKey ?? null;
  // Decided once, when the key is known: accepting changes the permission, and the answer must stay.
  const [invited, setInvited] = useState<boolean | null>(null);
  useEffect(() => {
    if (invited === null && settings.isSuccess)
      setInvited(shouldInviteToPush(browserPushInviteContext(pushKey)));
  }, [invited, settings.isSuccess, pushKey]);
  const [step, setStep] = useState<Step>("asking");
  const [error, setError] = useState<string | null>(null);
  const after = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (step === "later") after.current?.focus();
  }, [step]);

  if (!invited || !pushKey) return null;

  const enable = async () => {
    setStep("enabling");
    setError(null);
    try {
      await enablePush(pushKey);
      setStep("enabled");
    } catch (err) {
      // Refused or left unanswered: not asked again at the next match either.
      rememberPushInviteDismissed();
      setError(errorMessage(err));
      setStep("asking");
    }
  };
  const later = () => {
    rememberPushInviteDismissed();
    setStep("later");
  };

  if (step === "enabled")
    return (
      <Alert tone="success">
        Notifications activées sur cet appareil. Choisissez lesquelles recevoir dans{" "}
        <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold underline">
          votre profil
        </Link>
        .
      </Alert>
    );
  if (step === "later")
    return (
      <p ref={after} tabIndex={-1} className="text-sm text-ink-soft focus:outline-none">
        Vous pourrez activer les notifications à tout moment depuis{" "}
        <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold text-teal-800 underline">
          votre profil
        </Link>
        , rubrique {quoted("Mon compte")}.
      </p>
    );
  return (
    <section
      aria-labelledby="push-invitation-title"
      className="flex flex-col gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4 text-teal-900"
    >
      <h3 id="push-invitation-title" className="flex items-center gap-2 font-semibold">
        <BellRing className="size-5 shrink-0" aria-hidden="true" />
        Soyez prévenu(e) de vos nouveaux messages
      </h3>
      <p className="text-sm">
        Recevez une notification sur cet appareil quand votre match vous écrit, même lorsque Passerelle est
        fermé. Vous choisirez ce que vous recevez dans votre profil.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="sm"
          loading={step === "enabling"}
          loadingText="Activation…"
          onClick={() => void enable()}
        >
          Activer les notifications
        </Button>
        <Button variant="ghost" size="sm" disabled={step === "enabling"} onClick={later}>
          Plus tard
        </Button>
      </div>
    </section>
  );
}
