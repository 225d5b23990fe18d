import { VISITS } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useSetBrowseInvisibly } from "../api.ts";

/**
 * « Naviguer incognito » (issue 17), saved as soon as it changes: the profiles the member opens no
 * longer list her in their « Qui a vu mon profil ».
 */
export function BrowsePrivacySection({ profile }: { profile: ProfileDto }) {
  const save = useSetBrowseInvisibly();
  const checked = save.isPending ? Boolean(save.variables) : profile.browseInvisibly;
  const hintId = "browse-invisibly-hint";
  return (
    <div className="flex flex-col gap-3">
      <Checkbox
        id="browse-invisibly"
        label="Naviguer incognito"
        checked={checked}
        disabled={save.isPending}
        aria-describedby={hintId}
        onChange={(e) => save.mutate(e.target.checked)}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        Vos visites n'apparaîtront pas dans {quoted("Qui a vu mon profil")} des autres membres. Celles faites
        avant d'activer ce réglage y restent visibles jusqu'à {VISITS.DAYS} jours. Vous pouvez changer d'avis
        à tout moment.
      </p>
      <p role="status" className="text-sm font-medium text-ink-soft empty:hidden">
        {save.isPending
          ? "Enregistrement…"
          : save.isSuccess
            ? profile.browseInvisibly
              ? "Réglage enregistré : vous naviguez incognito."
              : "Réglage enregistré : vos visites sont de nouveau visibles."
            : null}
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
