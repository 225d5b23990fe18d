// A voice recording's player (issue 37): play and pause, a waveform that fills as it plays (drawn
// from the peaks the recorder sent, so nothing is downloaded before the member taps play), the
// duration, a slider to move in it and the speeds 1×, 1,5× and 2×. The audio is fetched only on the
// first tap (`preload="none"`): a conversation full of voice messages costs nothing until one is heard.
// One recording plays at a time across the page.
import { voiceClock, voiceDurationWords } from "@domain/voice.ts";
import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "./cn.ts";
import { Spinner } from "./Spinner.tsx";

const SPEEDS = [1, 1.5, 2] as const;
const speedLabel = (s: number) => `${String(s).replace(".", ",")}×`;

/** The player that sounds now: another one starting pauses it. */
let playing: HTMLAudioElement | null = null;

export interface VoicePlayerProps {
  src: string;
  /** The duration the server read in the file (MediaRecorder's WebM tells the browser none). */
  durationMs: number;
  /** 0–31 per bar, as recorded; none draws a plain bar. */
  peaks: readonly number[];
  /** What is played, for screen readers: « le message vocal de Awa ». */
  label: string;
  /** On a dark bubble (the member's own messages). */
  tone?: "light" | "dark";
  className?: string;
}

export function VoicePlayer({ src, durationMs, peaks, label, tone = "light", className }: VoicePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing" | "paused" | "error" | "unsupported">(
    "idle",
  );
  const [position, setPosition] = useState(0);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const total = durationMs / 1000;
  const progress = total > 0 ? Math.min(1, position / total) : 0;
  const dark = tone === "dark";

  useEffect(() => {
    const el = audio.current;
    return () => {
      if (el && playing === el) playing = null;
      el?.pause();
    };
  }, []);

  const toggle = async () => {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    if (playing && playing !== el) playing.pause();
    playing = el;
    el.playbackRate = speed;
    if (state === "idle" || state === "error") setState("loading");
    try {
      await el.play();
    } catch (err) {
      // A pause before the sound started is not a failure.
      if (!(err instanceof DOMException && err.name === "AbortError")) setState("error");
    }
  };

  const seek = (seconds: number) => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = seconds;
    setPosition(seconds);
  };

  const nextSpeed = () => {
    const next = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length]!;
    setSpeed(next);
    if (audio.current) audio.current.playbackRate = next;
  };

  const bars = peaks.length > 0 ? peaks : [];
  const clock =
    state === "idle" ? voiceClock(durationMs) : `${voiceClock(position * 1000)} / ${voiceClock(durationMs)}`;

  return (
    <div className={cn("flex min-w-0 items-center gap-2", className)}>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions to offer */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlaying={() => setState("playing")}
        onWaiting={() => setState("loading")}
        onPause={() => setState((s) => (s === "error" ? s : "paused"))}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onEnded={(e) => {
          setState("paused");
          setPosition(0);
          e.currentTarget.currentTime = 0;
        }}
        onError={(e) => {
          // Older Safari plays no Opus in WebM: say so rather than blame the connection.
          const unreadable =
            e.currentTarget.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED &&
            e.currentTarget.canPlayType('audio/webm; codecs="opus"') === "";
          setState(unreadable ? "unsupported" : "error");
        }}
      />
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={state === "playing" ? `Mettre en pause ${label}` : `Écouter ${label}`}
        data-voice-play=""
        className={cn(
          "inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-500",
          dark ? "bg-white text-teal-800 hover:bg-teal-50" : "bg-teal-700 text-white hover:bg-teal-800",
        )}
      >
        {state === "loading" ? (
          <Spinner label={null} className="size-5" />
        ) : state === "playing" ? (
          <Pause className="size-5" aria-hidden="true" />
        ) : (
          <Play className="size-5 translate-x-px" aria-hidden="true" />
        )}
      </button>
      <div className="relative flex h-11 min-w-24 flex-1 items-center">
        <div className="flex h-7 w-full items-center gap-px" aria-hidden="true">
          {bars.length === 0 ? (
            <div className={cn("h-1 w-full rounded-full", dark ? "bg-teal-500" : "bg-sand-300")}>
              <div
                className={cn("h-1 rounded-full", dark ? "bg-white" : "bg-teal-700")}
                style={{ width: `${progress * 100}%` }}
              />
            </div>
          ) : (
            bars.map((p, i) => (
              <span
                key={i}
                className={cn(
                  "flex-1 rounded-full",
                  (i + 0.5) / bars.length <= progress
                    ? dark
                      ? "bg-white"
                      : "bg-teal-700"
                    : dark
                      ? "bg-teal-400"
                      : "bg-sand-300",
                )}
                style={{ height: `${Math.max(12, (p / 31) * 100)}%` }}
              />
            ))
          )}
        </div>
        {/* The slider sits over the waveform: keyboard and screen readers move in the recording. */}
        <input
          type="range"
          min={0}
          max={Math.max(total, 0.1)}
          step={1}
          value={Math.min(position, total)}
          onChange={(e) => seek(Number(e.target.value))}
          aria-label={`Position dans ${label}`}
          aria-valuetext={`${voiceDurationWords(position * 1000)} sur ${voiceDurationWords(durationMs)}`}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
      </div>
      {state === "unsupported" ? (
        <span role="alert" className={cn("text-xs font-semibold", dark ? "text-white" : "text-danger-700")}>
          Ce navigateur ne sait pas lire les messages vocaux : mettez-le à jour.
        </span>
      ) : state === "error" ? (
        <span
          role="alert"
          className={cn("shrink-0 text-xs font-semibold", dark ? "text-white" : "text-danger-700")}
        >
          Lecture impossible
          <span className="sr-only"> : vérifiez votre connexion puis réessayez.</span>
        </span>
      ) : (
        <span className={cn("shrink-0 text-xs tabular-nums", dark ? "text-teal-100" : "text-ink-soft")}>
          <span aria-hidden="true">{clock}</span>
          <span className="sr-only">Durée : {voiceDurationWords(durationMs)}</span>
        </span>
      )}
      <button
        type="button"
        onClick={nextSpeed}
        aria-label={`Vitesse de lecture : ${speedLabel(speed)}`}
        className={cn(
          "min-h-11 min-w-11 shrink-0 rounded-full px-1 text-xs font-semibold tabular-nums focus-visible:outline-3 focus-visible:outline-teal-500",
          dark ? "text-white hover:bg-teal-600" : "text-teal-800 hover:bg-teal-50",
        )}
      >
        {speedLabel(speed)}
      </button>
    </div>
  );
}
