import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { formatDataAmount, useDataUsed } from "@web/lib/data-meter.ts";
import { type EconomySetting, setEconomySetting, useEconomyMode } from "@web/lib/economy-mode.ts";

const OPTIONS: readonly { value: EconomySetting; label: string }[] = [
  { value: "auto", label: "Automatique" },
  { value: "on", label: "Toujours" },
  { value: "off", label: "Jamais" },
];

function stateText(setting: EconomySetting, active: boolean, browserAsks: boolean): string {
  if (setting === "on") return "Le mode économie de données est activé sur cet appareil.";
  if (setting === "off") return "Le mode économie de données est désactivé sur cet appareil.";
  return active && browserAsks
    ? "Activé : votre téléphone économise les données ou votre connexion est lente."
    : "Désactivé pour le moment : votre connexion est rapide et l’économiseur de données de votre téléphone est éteint.";
}

/**
 * « Mode économie de données » and the data meter (issue 39), for this device only: a phone on a
 * bundle and a laptop on Wi-Fi need different choices.
 */
export function DataSavingSection() {
  const { setting, active, browserAsks } = useEconomyMode();
  const used = useDataUsed();
  return (
    <div className="flex flex-col gap-5">
      <RadioGroup
        name="economie-donnees"
        legend="Mode économie de données"
        options={OPTIONS}
        value={setting}
        onChange={setEconomySetting}
        hint="Une seule photo par profil (les autres d’un geste), rien de téléchargé à l’avance, des messages vocaux et des appels plus légers. « Automatique » l’active quand votre téléphone économise les données ou que la connexion est en 2G ou 3G."
      />
      <p role="status" className="text-sm font-medium text-ink">
        {stateText(setting, active, browserAsks)}
      </p>
      <p className="rounded-xl bg-sand-100 px-4 py-3 text-ink" data-testid="data-meter">
        Passerelle a utilisé {formatDataAmount(used)} sur cet appareil ce mois-ci.
      </p>
    </div>
  );
}
