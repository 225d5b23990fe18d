import type { ProfileDto } from "@domain/profile.ts";
import { quoted } from "@web/lib/format.ts";
import { useSetPresenceHidden } from "../api.ts";
import { PrivacyToggle } from "./PrivacyToggle.tsx";

/**
 * « Masquer mon activité » (issue 17), saved as soon as it changes. It works both ways: a member
 * who hides her activity no longer sees that of the others.
 */
export function PresencePrivacySection({ profile }: { profile: ProfileDto }) {
  return (
    <PrivacyToggle
      id="presence-hidden"
      label="Masquer mon activité"
      on={profile.presenceHidden}
      save={useSetPresenceHidden()}
      hint={
        <>
          Les autres ne verront plus quand vous êtes en ligne, et vous ne verrez plus l’activité des autres :
          ni sur les profils, ni dans la recherche ({quoted("En ligne récemment")}, tri par activité récente).
          Vous pouvez changer d’avis à tout moment.
        </>
      }
      saved={{
        on: "Réglage enregistré : votre activité est masquée.",
        off: "Réglage enregistré : votre activité est de nouveau visible.",
      }}
    />
  );
}
