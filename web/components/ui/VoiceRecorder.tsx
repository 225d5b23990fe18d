// Recording a voice message or introduction (issue 37): the microphone button (tap to start and
// stop, or hold to talk and release to stop), then the recording's timer and level with « Annuler »
// and « Terminer », then a preview to listen to before « Envoyer » or « Supprimer ».
import { decodePeaks, voiceClock, voiceDurationWords } from "@domain/voice.ts";
import {
  RECORDING_WARNING_SECONDS,
  type Recording,
  type useVoiceRecorder,
} from "@web/lib/use-voice-recorder.ts";
import { Mic, Send, Square, Trash2, X } from "lucide-react";
import { useRef } from "react";
import { Button } from "./Button.tsx";
import { cn } from "./cn.ts";
import { Spinner } from "./Spinner.tsx";
import { VoicePlayer } from "./VoicePlayer.tsx";

type Recorder = ReturnType<typeof useVoiceRecorder>;

/** Held longer than this, the button records until it is released. */
const HOLD_MS = 400;

/** The microphone button: a tap starts (« Terminer » stops), a long press records until released. */
export function MicButton({
  recorder,
  label = "Enregistrer un message vocal",
  className,
  disabled,
}: {
  recorder: Recorder;
  label?: string;
  className?: string;
  disabled?: boolean;
}) {
  const byPointer = useRef(false);
  return (
    <button
      type="button"
      disabled={disabled}
      aria-label={label}
      title="Appuyez pour enregistrer, ou maintenez pour parler"
      data-voice-record=""
      onPointerDown={(e) => {
        if (e.button !== 0 || disabled) return;
        byPointer.current = true;
        const down = performance.now();
        // The button gives way to the recording panel: its release is heard on the window.
        window.addEventListener(
          "pointerup",
          () => {
            if (performance.now() - down >= HOLD_MS) recorder.stop();
          },
          { once: true },
        );
        void recorder.start();
      }}
      onClick={() => {
        // Keyboard (Entrée, Espace) and assistive technologies click without a pointer.
        if (byPointer.current) {
          byPointer.current = false;
          return;
        }
        void recorder.start();
      }}
      className={cn(
        "inline-flex size-12 shrink-0 touch-none items-center justify-center rounded-full bg-teal-700 text-white select-none hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-500 disabled:opacity-50",
        className,
      )}
    >
      <Mic className="size-5" aria-hidden="true" />
    </button>
  );
}

interface PanelProps {
  recorder: Recorder;
  maxMs: number;
  /** The recording is sent (or saved); the panel closes. */
  onSend: (recording: Recording) => void;
  sendLabel?: string;
  /** « votre message vocal », for the preview's controls. */
  previewLabel?: string;
}

/** The panel while recording and before sending; null when idle (the caller shows its own controls). */
export function VoiceRecorderPanel({
  recorder,
  maxMs,
  onSend,
  sendLabel = "Envoyer",
  previewLabel = "votre message vocal",
}: PanelProps) {
  const { state } = recorder;
  if (state.status === "idle") return null;
  if (state.status === "error")
    return (
      <div role="alert" className="flex items-center gap-2 p-3 text-sm text-danger-700">
        <p className="flex-1">{state.message}</p>
        <Button variant="ghost" size="sm" onClick={recorder.cancel}>
          Fermer
        </Button>
      </div>
    );
  if (state.status === "starting")
    return (
      <div className="flex min-h-16 items-center gap-2 p-3 text-teal-800">
        <Spinner label="Ouverture du micro…" />
        <span aria-hidden="true" className="text-sm">
          Ouverture du micro…
        </span>
      </div>
    );
  if (state.status === "recording") {
    const left = Math.ceil((maxMs - state.elapsedMs) / 1000);
    const warning = left <= RECORDING_WARNING_SECONDS;
    return (
      <div className="flex items-center gap-2 p-3 sm:gap-3" data-voice-recording="">
        <Button variant="ghost" size="icon" onClick={recorder.cancel} aria-label="Annuler l’enregistrement">
          <X className="size-5" aria-hidden="true" />
        </Button>
        <span className="size-3 shrink-0 animate-pulse rounded-full bg-danger-600" aria-hidden="true" />
        <span
          className="font-semibold whitespace-nowrap tabular-nums text-ink"
          role="timer"
          aria-label="Durée enregistrée"
        >
          {voiceClock(state.elapsedMs)}
          <span className="text-ink-soft"> / {voiceClock(maxMs)}</span>
        </span>
        <span className="h-2 min-w-10 flex-1 overflow-hidden rounded-full bg-sand-200" aria-hidden="true">
          <span
            className="block h-2 rounded-full bg-teal-600 transition-[width] duration-100"
            style={{ width: `${Math.min(100, Math.round(state.level * 400))}%` }}
          />
        </span>
        <span aria-live="polite" className={cn("text-xs", warning ? "text-danger-700" : "sr-only")}>
          {warning ? `Plus que ${left} s` : "Enregistrement en cours"}
        </span>
        <Button variant="primary" size="sm" onClick={recorder.stop}>
          <Square className="size-4 fill-current" aria-hidden="true" />
          Terminer
        </Button>
      </div>
    );
  }
  const { recording } = state;
  return (
    <div className="flex flex-wrap items-center gap-2 p-3" data-voice-preview="">
      <VoicePlayer
        src={recording.url}
        durationMs={recording.durationMs}
        peaks={decodePeaks(recording.peaks)}
        label={previewLabel}
        className="min-w-56 flex-1"
      />
      <p className="sr-only" aria-live="polite">
        Enregistrement terminé : {voiceDurationWords(recording.durationMs)}. Écoutez-le, puis envoyez-le ou
        supprimez-le.
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={recorder.cancel}>
          <Trash2 className="size-4" aria-hidden="true" />
          Supprimer
        </Button>
        <Button
          size="sm"
          onClick={() => {
            onSend(recording);
            recorder.reset();
          }}
        >
          <Send className="size-4" aria-hidden="true" />
          {sendLabel}
        </Button>
      </div>
    </div>
  );
}
