import { type ShieldSettings, shieldSettingsSchema } from "@domain/shield/shield.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useState } from "react";
import { useSaveShieldSettings, useShieldSettings } from "../api.ts";

type NumberPath =
  | ["holdThreshold"]
  | ["newAccountDays"]
  | ["weights", keyof ShieldSettings["weights"]]
  | ["allowances", keyof ShieldSettings["allowances"]]
  | ["bursts", keyof ShieldSettings["bursts"]];

const GROUPS: { title: string; fields: { path: NumberPath; label: string }[] }[] = [
  {
    title: "Seuils",
    fields: [
      { path: ["holdThreshold"], label: "Score qui met un compte en attente" },
      { path: ["newAccountDays"], label: "Âge (jours) sous lequel une demande d’argent est retenue" },
    ],
  },
  {
    title: "Poids des signaux",
    fields: [
      { path: ["weights", "money_request"], label: "Demande d’argent" },
      { path: ["weights", "off_platform"], label: "Invitation à quitter Passerelle" },
      { path: ["weights", "duplicate_text"], label: "Même texte à plusieurs membres" },
      { path: ["weights", "burst_likes"], label: "Rafale de « J’aime »" },
      { path: ["weights", "burst_openers"], label: "Rafale de premiers messages" },
      { path: ["weights", "report"], label: "Signalement (selon l’auteur)" },
      { path: ["weights", "face_reuse"], label: "Visage d’un autre compte" },
      { path: ["weights", "country_mismatch"], label: "Connexions d’un autre pays que la résidence" },
      { path: ["weights", "hosting_network"], label: "Connexions par un hébergeur ou un VPN" },
      { path: ["weights", "new_account"], label: "Compte de moins d’une semaine (ajouté)" },
      { path: ["weights", "selfie_verified"], label: "Profil vérifié par selfie (retiré)" },
      { path: ["weights", "seen_on_call"], label: "Vu(e) en appel vidéo (retiré)" },
    ],
  },
  {
    title: "Nouvelles conversations par jour",
    fields: [
      { path: ["allowances", "unconfirmed"], label: "E-mail non confirmé" },
      { path: ["allowances", "email"], label: "E-mail confirmé" },
      { path: ["allowances", "selfie"], label: "Vérifié par selfie" },
    ],
  },
  {
    title: "Rafales",
    fields: [
      { path: ["bursts", "likesPerHour"], label: "« J’aime » en une heure" },
      { path: ["bursts", "openersPerHour"], label: "Premiers messages en une heure" },
      { path: ["bursts", "duplicateRecipients"], label: "Destinataires d’un même texte" },
    ],
  },
];

const read = (s: ShieldSettings, path: NumberPath): number =>
  path.length === 1 ? s[path[0]] : (s[path[0]] as Record<string, number>)[path[1]]!;

function write(s: ShieldSettings, path: NumberPath, value: number): ShieldSettings {
  if (path.length === 1) return { ...s, [path[0]]: value };
  return { ...s, [path[0]]: { ...s[path[0]], [path[1]]: value } };
}

/** The shield's thresholds, weights and allowances (issue 36), saved together and audited. */
export function ShieldSettingsForm() {
  const settings = useShieldSettings();
  if (settings.isError)
    return (
      <ErrorState
        title="Impossible de charger les réglages"
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.data) return <Skeleton className="h-64" />;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: ShieldSettings }) {
  const save = useSaveShieldSettings();
  const [draft, setDraft] = useState(initial);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        const parsed = shieldSettingsSchema.safeParse(draft);
        if (!parsed.success)
          return setError("Vérifiez les valeurs : des nombres positifs, dans les limites.");
        setError(null);
        save.mutate(parsed.data, {
          onSuccess: () => setSaved(true),
          onError: (err) => setError(errorMessage(err)),
        });
      }}
    >
      <Checkbox
        id="shield-enabled"
        label="Bouclier actif (désactivé, les messages passent comme avant)"
        checked={draft.enabled}
        onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
      />
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold text-ink">{group.title}</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.fields.map(({ path, label }) => {
              const id = `shield-${path.join("-")}`;
              return (
                <Field key={id} id={id} label={label}>
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      value={texts[id] ?? String(read(draft, path))}
                      onChange={(e) => {
                        setTexts({ ...texts, [id]: e.target.value });
                        const n = Number(e.target.value);
                        if (e.target.value !== "" && Number.isFinite(n)) setDraft(write(draft, path, n));
                      }}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        </fieldset>
      ))}
      {error && <Alert tone="error">{error}</Alert>}
      {saved && (
        <Alert tone="success">Réglages enregistrés : ils s’appliquent d’ici quelques secondes.</Alert>
      )}
      <Button type="submit" loading={save.isPending} className="w-fit">
        Enregistrer les réglages
      </Button>
    </form>
  );
}
