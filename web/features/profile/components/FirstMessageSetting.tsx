// « Qui peut m'écrire en premier » (issue 34), saved as soon as it changes: offered during the
// onboarding and in « Vie privée ». The default is the specification's rule (SPEC §4: a J'aime opens
// the conversation); the other choice sends first messages from members not liked back to « Demandes ».
import type { ProfileDto } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { RadioCards } from "@web/components/ui/RadioCards.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useState } from "react";
import { useSetFirstMessagesFromLikedOnly } from "../api.ts";

type Choice = "matches" | "liked";

const OPTIONS = [
  {
    value: "matches",
    label: "Toute personne avec qui j’ai un match",
    description: "Un J’aime ouvre la conversation : la personne peut vous écrire tout de suite.",
  },
  {
    value: "liked",
    label: "Seulement les personnes que j’ai aimées en retour",
    description: `Les autres premiers messages attendent dans ${quoted("Demandes")} : vous les acceptez ou les refusez.`,
  },
] as const;

export function FirstMessageSetting({ profile }: { profile: ProfileDto }) {
  const save = useSetFirstMessagesFromLikedOnly();
  // The choice shows at once, in the same render as the click: the mutation's pending state comes a
  // tick later, and a controlled radio would meanwhile snap back (seen by a journey in CI). A
  // refusal puts back what is stored.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const on = chosen ?? profile.firstMessagesFromLikedOnly;
  return (
    <div className="flex flex-col gap-3">
      <RadioCards<Choice>
        name="first-message"
        legend="Qui peut m’écrire en premier"
        options={OPTIONS}
        value={on ? "liked" : "matches"}
        onChange={(choice) => {
          const value = choice === "liked";
          setChosen(value);
          save.mutate(value, { onError: () => setChosen(null) });
        }}
        hint="Enregistré dès que vous choisissez. Vous pouvez changer d’avis à tout moment."
      />
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
