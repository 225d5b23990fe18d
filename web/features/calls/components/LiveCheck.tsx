// The live identity check during a first video call (issue 38 §4), with the member's consent: a
// gesture asked, then LIVE_CHECK.FRAMES frames of their own camera — what the other member sees —
// sent to our server, compared with their verified face, and never kept.
import { LIVE_CHECK } from "@domain/calls.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { BadgeCheck, ScanFace } from "lucide-react";
import { useState } from "react";
import { callApi } from "../api.ts";

type Step = "offer" | "gesture" | "checking" | "seen" | "mismatch" | "unclear" | "error" | "dismissed";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One frame of the local preview as a JPEG, at the size the camera sends (320×240). */
function frameOf(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || 320;
  canvas.height = video.videoHeight || 240;
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("capture"))), "image/jpeg", 0.9),
  );
}

export function LiveCheck({ callId, preview }: { callId: string; preview: () => HTMLVideoElement | null }) {
  const [step, setStep] = useState<Step>("offer");
  const [error, setError] = useState<string | null>(null);
  if (step === "dismissed") return null;

  const run = async () => {
    setStep("gesture");
    try {
      // Time to read the gesture and make it; the frames follow it, a little apart.
      await wait(1500);
      const frames: Blob[] = [];
      for (let i = 0; i < LIVE_CHECK.FRAMES; i++) {
        const video = preview();
        if (!video) throw new Error("Votre caméra n’est pas disponible.");
        frames.push(await frameOf(video));
        await wait(LIVE_CHECK.FRAME_INTERVAL_MS);
      }
      setStep("checking");
      const { result } = await callApi.liveCheck(callId, frames);
      setStep(result);
    } catch (err) {
      setError(errorMessage(err));
      setStep("error");
    }
  };

  const box =
    "pointer-events-auto flex max-w-sm flex-col gap-2 rounded-2xl bg-white/95 p-3 text-sm text-ink shadow-lg";
  const later = (
    <Button variant="ghost" size="sm" onClick={() => setStep("dismissed")}>
      {step === "offer" ? "Plus tard" : "Fermer"}
    </Button>
  );
  return (
    <section aria-label="Contrôle en appel" aria-live="polite" className={box}>
      {step === "offer" && (
        <>
          <p className="flex items-center gap-2 font-semibold text-teal-900">
            <ScanFace className="size-5" aria-hidden="true" />
            Obtenez le badge {quoted("Vu(e) en appel")}
          </p>
          <p>
            {LIVE_CHECK.FRAMES} images de votre caméra seront comparées à votre selfie de vérification, puis
            effacées. Votre correspondant ne voit rien de plus que l’appel.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void run()}>
              J’accepte, commencer
            </Button>
            {later}
          </div>
        </>
      )}
      {step === "gesture" && <p className="text-base font-semibold text-teal-900">{LIVE_CHECK.GESTURE}</p>}
      {step === "checking" && <p>Comparaison en cours…</p>}
      {step === "seen" && (
        <>
          <p className="flex items-center gap-2 font-semibold text-teal-900">
            <BadgeCheck className="size-5" aria-hidden="true" />
            C’est bien vous : votre profil porte maintenant le badge {quoted("Vu(e) en appel")}.
          </p>
          {later}
        </>
      )}
      {step === "unclear" && (
        <>
          <p>
            Votre visage n’était pas assez net. Placez-vous face à la caméra, bien éclairé(e), et réessayez.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void run()}>
              Réessayer
            </Button>
            {later}
          </div>
        </>
      )}
      {step === "mismatch" && (
        <>
          <p>
            Nous n’avons pas pu confirmer que c’est bien vous. L’appel continue ; un membre de l’équipe
            examinera votre vérification.
          </p>
          {later}
        </>
      )}
      {step === "error" && (
        <>
          <p>{error}</p>
          {later}
        </>
      )}
    </section>
  );
}
