// The call screen (issue 38), over every page while a call is under way: the other member's video
// (or their photo for a voice call or a camera turned off), this member's own preview, the timer, and
// the controls — mute, camera, switch camera, hang up — with report and block at hand. Its last
// screen says how the call ended.
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { useMemberSafety } from "@web/features/safety/index.ts";
import { Ban, Camera, CameraOff, Flag, Mic, MicOff, PhoneOff, SwitchCamera, VideoOff } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useCallSettings } from "../api.ts";
import { type CallState, callStore } from "../call-store.ts";
import { LiveCheck } from "./LiveCheck.tsx";

/** « 03:12 » since `from`, every second. */
function useTimer(from: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (from === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [from]);
  if (from === null) return "";
  const s = Math.max(0, Math.floor((now - from) / 1000));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A stream in a media element (srcObject is not an attribute React sets). */
function useStream<T extends HTMLMediaElement>(stream: MediaStream | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  return ref;
}

function Control({
  label,
  pressed,
  onClick,
  danger,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={cn(
        "inline-flex size-14 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white",
        danger
          ? "bg-danger-600 text-white hover:bg-danger-700"
          : pressed
            ? "bg-white text-teal-900"
            : "bg-white/15 text-white hover:bg-white/25",
      )}
    >
      {children}
    </button>
  );
}

function statusText(state: CallState, timer: string): string {
  switch (state.phase) {
    case "outgoing":
      return state.call ? "Ça sonne…" : "Préparation de l’appel…";
    case "connecting":
      return "Connexion…";
    case "active":
      return timer;
    default:
      return "";
  }
}

export function CallScreen({ state }: { state: CallState }) {
  const remoteVideo = useStream<HTMLVideoElement>(state.remote);
  const remoteAudio = useStream<HTMLAudioElement>(state.remote);
  const localVideo = useStream<HTMLVideoElement>(state.local);
  const timer = useTimer(state.connectedAt);
  const name = state.partner?.name ?? "Votre correspondant";
  const target = state.partner ? { userId: state.partner.userId, name } : null;
  const safety = useMemberSafety({ onBlocked: () => void callStore.hangUp() });
  const settings = useCallSettings(state.matchId ?? "", Boolean(state.matchId) && state.video);
  const hangUp = useRef<HTMLDivElement>(null);
  // « Raccrocher » takes the focus: the one control a member must always find at once.
  useEffect(
    () => hangUp.current?.querySelector<HTMLButtonElement>('button[aria-label="Raccrocher"]')?.focus(),
    [],
  );

  if (state.phase === "ended")
    return (
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="appel-fin"
        className="fixed inset-0 z-50 flex items-center justify-center bg-teal-900/95 p-6 text-white"
      >
        <div className="flex max-w-sm flex-col items-center gap-4 text-center">
          <Avatar src={state.partner?.photo ?? undefined} name={name} alt="" size="lg" />
          <p id="appel-fin" className="text-xl font-bold">
            {state.endedText}
          </p>
          <Button variant="secondary" onClick={() => callStore.dismiss()}>
            Fermer
          </Button>
        </div>
      </div>
    );

  const showRemoteVideo = state.video && state.remote && !state.them.cameraOff && !state.them.videoPaused;
  const liveCheckOffered =
    state.phase === "active" && state.video && !state.cameraOff && settings.data?.liveCheck === "offered";
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Appel avec ${name}`}
      className="fixed inset-0 z-50 flex flex-col bg-teal-900 text-white"
    >
      {/* The other member's voice: played by its own element, video or not. */}
      {/* biome-ignore lint/a11y/useMediaCaption: a live call has no captions to give */}
      <audio ref={remoteAudio} autoPlay data-remote-audio />
      <div className="relative flex-1 overflow-hidden">
        <video
          ref={remoteVideo}
          autoPlay
          playsInline
          muted
          data-remote-video
          className={cn("absolute inset-0 size-full object-cover", !showRemoteVideo && "hidden")}
        />
        {!showRemoteVideo && (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
            <Avatar src={state.partner?.photo ?? undefined} name={name} alt="" size="lg" />
            {state.video && state.them.cameraOff && (
              <p className="text-teal-100">{name} a coupé sa caméra.</p>
            )}
            {state.video && state.them.videoPaused && (
              <p className="text-teal-100">La vidéo est en pause : la connexion est trop faible.</p>
            )}
          </div>
        )}
        <div className="absolute inset-x-0 top-0 flex items-start justify-between gap-3 bg-gradient-to-b from-black/60 to-transparent p-4">
          <div>
            <h2 className="text-lg font-bold">{name}</h2>
            <p className="text-sm text-teal-100" aria-live="polite">
              {statusText(state, timer)}
              {state.them.muted && ` · ${name} a coupé son micro`}
            </p>
          </div>
          {target && (
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                className="text-white hover:bg-white/15"
                onClick={() => safety.report(target)}
              >
                <Flag className="size-4" aria-hidden="true" />
                Signaler
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-white hover:bg-white/15"
                onClick={() => safety.block(target)}
              >
                <Ban className="size-4" aria-hidden="true" />
                Bloquer
              </Button>
            </div>
          )}
        </div>
        {state.video && state.local && (
          <video
            ref={localVideo}
            autoPlay
            playsInline
            muted
            aria-label="Votre caméra"
            data-local-video
            className={cn(
              "absolute right-3 bottom-3 w-28 -scale-x-100 rounded-xl bg-black object-cover shadow-lg sm:w-40",
              state.cameraOff && "opacity-30",
            )}
          />
        )}
        <div className="pointer-events-none absolute inset-x-3 bottom-3 flex flex-col items-start gap-2">
          {state.videoPaused && (
            <div className="pointer-events-auto flex items-center gap-2 rounded-2xl bg-white/95 p-3 text-sm text-ink">
              <VideoOff className="size-4" aria-hidden="true" />
              Votre vidéo est en pause : la connexion est trop faible.
              <Button size="sm" variant="secondary" onClick={() => void callStore.resumeVideo()}>
                Réessayer la vidéo
              </Button>
            </div>
          )}
          {liveCheckOffered && state.call && (
            <LiveCheck callId={state.call.id} preview={() => localVideo.current} />
          )}
        </div>
      </div>
      <div
        ref={hangUp}
        className="flex items-center justify-center gap-4 bg-teal-900 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
      >
        <Control
          label={state.muted ? "Réactiver le micro" : "Couper le micro"}
          pressed={state.muted}
          onClick={() => callStore.toggleMute()}
        >
          {state.muted ? (
            <MicOff className="size-6" aria-hidden="true" />
          ) : (
            <Mic className="size-6" aria-hidden="true" />
          )}
        </Control>
        {state.video && (
          <>
            <Control
              label={state.cameraOff ? "Rallumer la caméra" : "Couper la caméra"}
              pressed={state.cameraOff}
              onClick={() => void callStore.toggleCamera()}
            >
              {state.cameraOff ? (
                <CameraOff className="size-6" aria-hidden="true" />
              ) : (
                <Camera className="size-6" aria-hidden="true" />
              )}
            </Control>
            <Control label="Changer de caméra" onClick={() => void callStore.switchCamera()}>
              <SwitchCamera className="size-6" aria-hidden="true" />
            </Control>
          </>
        )}
        <Control label="Raccrocher" danger onClick={() => void callStore.hangUp()}>
          <PhoneOff className="size-6" aria-hidden="true" />
        </Control>
      </div>
      {safety.dialogs}
    </div>
  );
}
