// A call ringing for this member (issue 38), over whatever page is open: who calls, audio or video,
// « Répondre » and « Refuser ». The phone vibrates and a soft tone plays while it rings (where the
// browser lets a page make sound).
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Phone, PhoneOff, Video } from "lucide-react";
import { useEffect, useRef } from "react";
import type { CallState } from "../call-store.ts";
import { callStore } from "../call-store.ts";
import { CALL_REMINDER, markReminded, reminded } from "../safety-reminder.ts";

/** A two-tone ring from the Web Audio API, every 2 s; stops when the component goes. */
function useRingTone(active: boolean) {
  useEffect(() => {
    if (!active || typeof AudioContext === "undefined") return;
    let ctx: AudioContext | null = null;
    try {
      ctx = new AudioContext();
    } catch {
      return;
    }
    const ring = () => {
      if (ctx?.state !== "running") return;
      for (const [i, freq] of [440, 480].entries()) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        gain.gain.value = 0.05;
        osc.frequency.value = freq;
        osc.connect(gain).connect(ctx.destination);
        osc.start(ctx.currentTime + i * 0.4);
        osc.stop(ctx.currentTime + i * 0.4 + 0.35);
      }
      navigator.vibrate?.([300, 200, 300]);
    };
    ring();
    const timer = setInterval(ring, 2000);
    return () => {
      clearInterval(timer);
      void ctx?.close();
    };
  }, [active]);
}

export function IncomingCall({ state }: { state: CallState }) {
  const root = useRef<HTMLDivElement>(null);
  const name = state.partner?.name ?? "Un de vos matchs";
  useRingTone(true);
  // « Répondre » takes the focus: Entrée answers, Tab reaches « Refuser ».
  useEffect(() => root.current?.querySelector<HTMLButtonElement>("[data-answer]")?.focus(), []);
  const firstCall = !reminded();
  return (
    <div
      ref={root}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="appel-entrant-titre"
      aria-describedby="appel-entrant-type"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md flex-col gap-3 rounded-2xl bg-teal-900 p-4 text-white shadow-xl md:top-20 md:bottom-auto"
    >
      <div className="flex items-center gap-3">
        <Avatar src={state.partner?.photo ?? undefined} name={name} alt="" size="md" />
        <div className="flex flex-col">
          <p id="appel-entrant-titre" className="text-lg font-bold">
            {name} vous appelle
          </p>
          <p id="appel-entrant-type" className="flex items-center gap-1 text-sm text-teal-100">
            {state.video ? (
              <Video className="size-4" aria-hidden="true" />
            ) : (
              <Phone className="size-4" aria-hidden="true" />
            )}
            {state.video ? "Appel vidéo" : "Appel vocal"}
          </p>
        </div>
      </div>
      {firstCall && (
        <ul className="list-disc pl-5 text-sm text-teal-50">
          {CALL_REMINDER.POINTS.slice(0, 2).map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Button variant="danger" className="flex-1" onClick={() => void callStore.decline()}>
          <PhoneOff className="size-5" aria-hidden="true" />
          Refuser
        </Button>
        <Button
          data-answer
          className="flex-1"
          onClick={() => {
            markReminded();
            void callStore.accept();
          }}
        >
          <Phone className="size-5" aria-hidden="true" />
          Répondre
        </Button>
      </div>
    </div>
  );
}
