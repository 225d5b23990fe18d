import type { ProfileDto } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useSetPresenceHidden } from "../api.ts";

/**
 * « Masquer mon activité » (issue 17), saved as soon as it changes. It works both ways: a member
 * who hides her activity no longer sees that of the others.
 */
export function PresencePrivacySection({ profile }: { profile: ProfileDto }) {
  const save = useSetPresenceHidden();
  const checked = save.isPending ? Boolean(save.variables) : profile.presenceHidden;
  const hintId = "presence-hidden-hint";
  return (
    <div className="flex flex-col gap-3">
      <Checkbox
        id="presence-hidden"
        label="Masquer mon activité"
        checked={checked}
        disabled={save.isPending}
        aria-describedby={hintId}
        onChange={(e) => save.mutate(e.target.checked)}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        Les autres ne verront plus quand vous êtes en ligne, et vous ne verrez plus l'activité des autres : ni
        sur les profils, ni dans la recherche ({quoted("En ligne récemment")}, tri par activité récente). Vous
        pouvez changer d'avis à tout moment.
      </p>
      <p role="status" className="text-sm font-medium text-ink-soft empty:hidden">
        {save.isPending
          ? "Enregistrement…"
          : save.isSuccess
            ? profile.presenceHidden
              ? "Réglage enregistré : votre activité est masquée."
              : "Réglage enregistré : votre activité est de nouveau visible."
            : null}
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
