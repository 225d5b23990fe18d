import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { Prompt } from "./use-verification-flow.ts";

/** Seconds left before `endsAt` (a performance.now() time), counted down on screen. */
function useSecondsLeft(endsAt: number): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

function Countdown({ endsAt }: { endsAt: number }) {
  const left = useSecondsLeft(endsAt);
  // The prompt is announced; the seconds are only shown.
  return (
    <span
      aria-hidden="true"
      className={cn(
        "absolute top-3 right-3 inline-flex min-h-12 min-w-12 items-center justify-center rounded-full bg-brand-700 px-3 font-bold text-white tabular-nums shadow",
        left > 0 ? "text-2xl" : "text-base",
      )}
    >
      {left > 0 ? left : "Ne bougez plus"}
    </span>
  );
}

/**
 * The camera's picture, mirrored like a mirror (the frames themselves are not), a face guide, and
 * on it the prompt: big, announced by screen readers as it changes, with its countdown — on a phone
 * the member sees both without scrolling while looking at the camera.
 */
export function CaptureStage({
  videoRef,
  active,
  prompt,
  onCancel,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Shown while the camera is on; the video element stays in the page otherwise. */
  active: boolean;
  prompt: Prompt | null;
  onCancel: () => void;
}) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (active) section.current?.scrollIntoView({ block: "center" });
  }, [active]);
  return (
    <section ref={section} aria-labelledby="capture-title" hidden={!active} className="flex flex-col gap-4">
      <h2 id="capture-title" tabIndex={-1} className="sr-only">
        Vérification en cours
      </h2>
      <div className="relative mx-auto aspect-[3/4] w-full max-w-[min(24rem,48svh)] overflow-hidden rounded-3xl bg-teal-900 sm:aspect-[4/3] sm:max-w-lg">
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          aria-label="Aperçu de votre caméra"
          className="size-full object-cover"
          style={{ transform: "scaleX(-1)" }}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-[10%_16%_24%] rounded-[50%] border-4 border-white/70 sm:inset-[8%_30%_22%]"
        />
        {!prompt && (
          <div className="absolute inset-0 flex items-center justify-center bg-teal-900/60 text-white">
            <Spinner label="Ouverture de la caméra…" className="size-8" />
          </div>
        )}
        {prompt && <Countdown endsAt={prompt.countdownEndsAt} />}
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/60 to-transparent px-4 pt-10 pb-4 text-center text-white">
          {prompt && (
            <p className="text-sm font-semibold">
              Étape {prompt.step} sur {prompt.steps}
            </p>
          )}
          {/* The prompt, announced as soon as it changes. */}
          <p
            aria-live="assertive"
            aria-atomic="true"
            className="text-2xl leading-tight font-bold sm:text-3xl"
          >
            {prompt?.text ?? ""}
          </p>
        </div>
      </div>
      {prompt && (
        <p className="text-center text-sm text-ink-soft">
          Images prises : {prompt.framesTaken} sur {prompt.framesTotal}
        </p>
      )}
      <Button variant="secondary" className="self-center" onClick={onCancel}>
        Annuler et éteindre la caméra
      </Button>
    </section>
  );
}
