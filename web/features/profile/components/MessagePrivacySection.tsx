import type { ProfileDto } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useSetMessagesFromVerifiedOnly } from "../api.ts";
import { FirstMessageSetting } from "./FirstMessageSetting.tsx";
import { useSavedToggle } from "./PrivacyToggle.tsx";

/**
 * « Qui peut m'écrire en premier » (issue 34) and « Recevoir des messages uniquement de membres
 * vérifiés » (issue 16), each saved as soon as it changes.
 */
export function MessagePrivacySection({ profile }: { profile: ProfileDto }) {
  const save = useSetMessagesFromVerifiedOnly();
  const toggle = useSavedToggle(save, profile.messagesFromVerifiedOnly);
  return (
    <div className="flex flex-col gap-3">
      <FirstMessageSetting profile={profile} />
      <Checkbox
        id="messages-verified-only"
        label="Recevoir des messages uniquement de membres au profil vérifié"
        checked={toggle.checked}
        disabled={toggle.saving}
        onChange={(e) => toggle.change(e.target.checked)}
      />
      <p className="text-sm text-ink-soft">
        Les membres sans la mention {quoted("Profil vérifié")} ne pourront plus vous écrire, même dans vos
        matchs existants. Vous pouvez changer d’avis à tout moment.
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
