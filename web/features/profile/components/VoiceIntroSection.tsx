// « Ma présentation vocale » (issue 37): up to 30 seconds answering a prompt, heard from the member's
// card and profile. Record, listen, save; replace or remove it later.
import {
  VOICE_INTRO_MAX_MS,
  VOICE_INTRO_PROMPT_KEYS,
  VOICE_INTRO_PROMPTS,
  type VoiceIntroPrompt,
} from "@domain/voice.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { VoicePlayer } from "@web/components/ui/VoicePlayer.tsx";
import { MicButton, VoiceRecorderPanel } from "@web/components/ui/VoiceRecorder.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useVoiceRecorder } from "@web/lib/use-voice-recorder.ts";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useDeleteVoiceIntro, useMyVoiceIntro, useSaveVoiceIntro } from "../api.ts";

export function VoiceIntroSection() {
  const intro = useMyVoiceIntro();
  const save = useSaveVoiceIntro();
  const remove = useDeleteVoiceIntro();
  const recorder = useVoiceRecorder(VOICE_INTRO_MAX_MS);
  const [prompt, setPrompt] = useState<VoiceIntroPrompt>("looking_for");
  const [saved, setSaved] = useState(false);
  const promptId = useId();

  if (intro.isPending) return <Skeleton className="h-24" />;
  if (intro.isError)
    return (
      <Alert tone="error" title="Impossible de charger votre présentation vocale">
        {errorMessage(intro.error)}
      </Alert>
    );
  const current = intro.data;
  const idle = recorder.state.status === "idle";
  return (
    <div className="flex flex-col gap-4">
      {current && idle && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-teal-900">{quoted(VOICE_INTRO_PROMPTS[current.prompt])}</p>
          <div className="flex flex-wrap items-center gap-2">
            <VoicePlayer
              src="/api/profile/voice-intro/audio"
              durationMs={current.durationMs}
              peaks={current.peaks}
              label="votre présentation vocale"
              className="min-w-56 flex-1"
            />
            <Button
              variant="ghost"
              size="sm"
              loading={remove.isPending}
              loadingText="Suppression…"
              onClick={() => remove.mutate(undefined, { onSuccess: () => setSaved(false) })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Supprimer
            </Button>
          </div>
        </div>
      )}
      {saved && current && idle && <Alert tone="success">Votre présentation vocale est en ligne.</Alert>}
      {idle && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-56 flex-1 flex-col gap-1">
            <label htmlFor={promptId} className="text-sm font-semibold text-ink">
              {current ? "Enregistrer une nouvelle présentation, en réponse à" : "Vous répondez à"}
            </label>
            <Select
              id={promptId}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value as VoiceIntroPrompt)}
            >
              {VOICE_INTRO_PROMPT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {VOICE_INTRO_PROMPTS[key]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-center gap-2">
            <MicButton recorder={recorder} label="Enregistrer ma présentation vocale" />
            <span className="text-sm text-ink-soft">30 secondes au plus</span>
          </div>
        </div>
      )}
      <VoiceRecorderPanel
        recorder={recorder}
        maxMs={VOICE_INTRO_MAX_MS}
        sendLabel="Publier"
        previewLabel="votre présentation vocale"
        onSend={({ blob, type, durationMs, peaks }) =>
          save.mutate({ prompt, blob, type, durationMs, peaks }, { onSuccess: () => setSaved(true) })
        }
      />
      {save.isPending && (
        <p role="status" className="text-sm text-ink-soft">
          Envoi en cours…
        </p>
      )}
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      <p className="text-xs text-ink-soft">
        Votre voix est entendue par les membres qui peuvent voir votre profil, jamais par ceux que vous avez
        bloqués.
      </p>
    </div>
  );
}
