import type { ProfileDto } from "@domain/profile.ts";
import { type DiscretionSetting, useSetDiscretion } from "../api.ts";
import { PrivacyToggle } from "./PrivacyToggle.tsx";

interface ToggleProps {
  profile: ProfileDto;
  setting: DiscretionSetting;
  label: string;
  hint: string;
  saved: { on: string; off: string };
}

function DiscretionToggle({ profile, setting, label, hint, saved }: ToggleProps) {
  return (
    <PrivacyToggle
      id={`discretion-${setting}`}
      label={label}
      on={profile[setting]}
      save={useSetDiscretion(setting)}
      hint={hint}
      saved={saved}
    />
  );
}

const HIDDEN = {
  on: "Réglage enregistré : ces membres ne vous voient plus.",
  off: "Réglage enregistré : ces membres peuvent de nouveau vous voir.",
};

/**
 * « Discrétion » (issue 40): hidden from the members of one's country, city or origin, and
 * notifications that say nothing. The server enforces each in every list (members/discretion.ts);
 * the hints say who is concerned, with the places the profile gives.
 */
export function DiscretionSection({ profile }: { profile: ProfileDto }) {
  const origin = profile.originCountry || profile.country;
  const unknown = "Indiquez-le dans votre profil pour que ce réglage s’applique.";
  return (
    <div className="flex flex-col gap-6">
      <DiscretionToggle
        profile={profile}
        setting="hideFromCountry"
        label="Masquer mon profil aux membres qui vivent dans mon pays"
        hint={
          profile.country
            ? `Les membres qui vivent dans ce pays (${profile.country}) ne vous trouvent plus dans la recherche et ne voient plus votre profil ni vos visites. Ceux avec qui vous avez déjà un match gardent votre conversation.`
            : `Votre pays n’est pas indiqué. ${unknown}`
        }
        saved={HIDDEN}
      />
      <div className="border-t border-sand-200 pt-6">
        <DiscretionToggle
          profile={profile}
          setting="hideFromCity"
          label="Masquer mon profil aux membres qui vivent dans ma ville"
          hint={
            profile.city
              ? `Seulement les membres de ${profile.city} : ceux du reste du pays vous voient toujours.`
              : `Votre ville n’est pas indiquée. ${unknown}`
          }
          saved={HIDDEN}
        />
      </div>
      <div className="border-t border-sand-200 pt-6">
        <DiscretionToggle
          profile={profile}
          setting="hideFromOrigin"
          label="Masquer mon profil aux membres originaires de mon pays"
          hint={
            origin
              ? `Les membres originaires de ce pays (${origin}), où qu’ils vivent, ne vous trouvent plus.`
              : `Votre pays d’origine n’est pas indiqué. ${unknown}`
          }
          saved={HIDDEN}
        />
      </div>
      <div className="border-t border-sand-200 pt-6">
        <DiscretionToggle
          profile={profile}
          setting="blurPhotos"
          label="Flouter mes photos jusqu’à un J’aime réciproque"
          hint="Les membres que vous n’avez pas aimés en retour voient une petite image floutée, préparée par Passerelle : vos vraies photos ne leur sont jamais envoyées. Dans une conversation, vous pouvez les montrer à la personne de votre choix."
          saved={{
            on: "Réglage enregistré : vos photos sont floutées.",
            off: "Réglage enregistré : vos photos sont de nouveau visibles.",
          }}
        />
      </div>
      <div className="border-t border-sand-200 pt-6">
        <DiscretionToggle
          profile={profile}
          setting="neutralNotifications"
          label="Notifications discrètes"
          hint="Les notifications et les e-mails disent seulement « Nouveau message » ou « Nouvelle activité », sans nom ni extrait : rien ne se lit par-dessus votre épaule."
          saved={{
            on: "Réglage enregistré : vos notifications sont discrètes.",
            off: "Réglage enregistré : vos notifications nomment de nouveau vos matchs.",
          }}
        />
      </div>
    </div>
  );
}
