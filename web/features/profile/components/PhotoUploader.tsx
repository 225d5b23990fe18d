import { PHOTO_MAX_COUNT } from "@domain/constants.ts";
import type { PhotoSquare } from "@domain/photo-square.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { ProgressBar } from "@web/components/ui/ProgressBar.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { ImagePlus } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useUploadPhoto } from "../api.ts";
import { PHOTO_ACCEPT, type PhotoPreparer, type PreparedPhoto } from "../photo-preparation/prepare-photo.ts";
import { PhotoCropDialog } from "./PhotoCropDialog.tsx";

interface PhotoUploaderProps {
  count: number;
  prepare: PhotoPreparer;
  onUploaded: () => void;
}

type Phase =
  | { step: "idle" }
  | { step: "preparing"; percent: number }
  | { step: "framing"; prepared: PreparedPhoto; url: string }
  | { step: "sending"; percent: number };

const PHASE_LABELS = { preparing: "Préparation de la photo…", sending: "Envoi…" } as const;

const isAbort = (err: unknown) =>
  (err instanceof DOMException && err.name === "AbortError") ||
  (err instanceof ApiError && err.code === "ABORTED");

/**
 * « Ajouter une photo »: prepares the chosen file on the device (resized, turned upright, as JPEG),
 * lets the member frame its thumbnail, then sends it. One progress bar for both long steps, with a
 * cancel button; a refusal shows right under the button, scrolled into view.
 */
export function PhotoUploader({ count, prepare, onUploaded }: PhotoUploaderProps) {
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [error, setError] = useState<{ id: number; text: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useUploadPhoto();
  const toast = useToast();
  const full = count >= PHOTO_MAX_COUNT;
  const busy = phase.step !== "idle";

  const fail = (err: unknown) => setError((e) => ({ id: (e?.id ?? 0) + 1, text: errorMessage(err) }));
  const progress = (step: "preparing" | "sending") => (percent: number) =>
    setPhase((p) => (p.step === step ? { step, percent } : p));
  const freshSignal = () => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current.signal;
  };

  // Leaving the page stops the work under way.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (phase.step !== "framing") return;
    return () => URL.revokeObjectURL(phase.url);
  }, [phase]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ""; // allow choosing the same file again
    if (!file) return;
    setError(null);
    setPhase({ step: "preparing", percent: 0 });
    const signal = freshSignal();
    try {
      const prepared = await prepare(file, { signal, onProgress: progress("preparing") });
      setPhase({ step: "framing", prepared, url: URL.createObjectURL(prepared.file) });
    } catch (err) {
      setPhase({ step: "idle" });
      if (isAbort(err)) toast.show({ tone: "info", text: "Photo non envoyée." });
      else fail(err);
    }
  };

  const send = async (prepared: PreparedPhoto, square: PhotoSquare) => {
    setPhase({ step: "sending", percent: 0 });
    const signal = freshSignal();
    try {
      await upload.mutateAsync({ file: prepared.file, square, signal, onProgress: progress("sending") });
      onUploaded();
    } catch (err) {
      if (isAbort(err)) toast.show({ tone: "info", text: "Envoi annulé : la photo n’a pas été ajoutée." });
      else fail(err);
    } finally {
      setPhase({ step: "idle" });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonClasses("secondary"),
            "cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-500",
            (full || busy) && "cursor-not-allowed opacity-60",
          )}
        >
          <ImagePlus className="size-5" aria-hidden="true" />
          Ajouter une photo
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            disabled={full || busy}
            aria-describedby="photo-upload-hint"
            onChange={onChange}
          />
        </label>
        <p id="photo-upload-hint" className="text-sm text-ink-soft">
          {full
            ? `Vous avez atteint le maximum de ${PHOTO_MAX_COUNT} photos.`
            : `JPEG, PNG ou WebP : les grandes photos sont réduites sur votre appareil avant l’envoi. ${count}/${PHOTO_MAX_COUNT} photos.`}
        </p>
      </div>
      <p role="status" className="sr-only">
        {phase.step === "preparing" || phase.step === "sending" ? PHASE_LABELS[phase.step] : ""}
      </p>
      {(phase.step === "preparing" || phase.step === "sending") && (
        <div className="flex items-end gap-3">
          <ProgressBar className="flex-1" value={phase.percent} label={PHASE_LABELS[phase.step]} />
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            Annuler
          </Button>
        </div>
      )}
      {error && (
        <Alert tone="error" reveal key={error.id}>
          {error.text}
        </Alert>
      )}
      <PhotoCropDialog
        src={phase.step === "framing" ? phase.url : null}
        title="Cadrer votre photo"
        confirmLabel="Envoyer la photo"
        onCancel={() => setPhase({ step: "idle" })}
        onConfirm={(square) => phase.step === "framing" && void send(phase.prepared, square)}
      />
    </div>
  );
}
