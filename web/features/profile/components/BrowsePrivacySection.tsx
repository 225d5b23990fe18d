import { VISITS } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { quoted } from "@web/lib/format.ts";
import { useSetBrowseInvisibly } from "../api.ts";
import { PrivacyToggle } from "./PrivacyToggle.tsx";

/**
 * « Naviguer incognito » (issue 17), saved as soon as it changes: the profiles the member opens no
 * longer list her in their « Qui a vu mon profil ».
 */
export function BrowsePrivacySection({ profile }: { profile: ProfileDto }) {
  return (
    <PrivacyToggle
      id="browse-invisibly"
      label="Naviguer incognito"
      on={profile.browseInvisibly}
      save={useSetBrowseInvisibly()}
      hint={
        <>
          Vos visites n’apparaîtront pas dans {quoted("Qui a vu mon profil")} des autres membres. Celles
          faites avant d’activer ce réglage y restent visibles jusqu’à {VISITS.DAYS} jours. Vous pouvez
          changer d’avis à tout moment.
        </>
      }
      saved={{
        on: "Réglage enregistré : vous naviguez incognito.",
        off: "Réglage enregistré : vos visites sont de nouveau visibles.",
      }}
    />
  );
}
