// The verification's steps in the page, once the member has consented: the camera, a challenge from
// the server, the frames taken on the schedule while the member follows the prompts (one burst, each
// frame's time kept), then the answer sent and its outcome. The camera is stopped as soon as the frames are taken, on any error,
// when the member cancels and when they leave the page.
import { CAPTURE, VERIFICATION_MSG, type VerificationStateDto } from "@domain/verification.ts";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { startChallenge, submitFrames, useStoreVerificationState } from "./api.ts";
import { CameraError, captureFrame, openCamera, stopCamera, videoReady } from "./camera.ts";
import { captureSteps, FIRST_FRAME_MS, runBurst } from "./capture-schedule.ts";
import { verificationKeys } from "./keys.ts";

/** What the member is asked, while the frames are taken. */
export interface Prompt {
  /** « Regardez la caméra », then each gesture's label. */
  text: string;
  /** 1 for the first frame, then 2, 3… for the gestures. */
  step: number;
  steps: number;
  /** When the countdown ends (performance.now() time): the first frame, or the end of a gesture's time. */
  countdownEndsAt: number;
  framesTaken: number;
  framesTotal: number;
}

export type Phase =
  | { name: "idle" }
  | { name: "starting" }
  | { name: "capturing"; prompt: Prompt }
  | { name: "sending" }
  | { name: "done"; state: VerificationStateDto }
  | ({ name: "error" } & Failure);

export interface Failure {
  title: string;
  message: string;
  /** Whether « Recommencer » may start again (not after the day's attempts are used up). */
  canRetry: boolean;
}

export const LOOK_PROMPT = "Regardez la caméra";

class Cancelled extends Error {}

function sleepUntil(time: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Cancelled());
    const timer = setTimeout(
      () => {
        signal.removeEventListener("abort", abort);
        resolve();
      },
      Math.max(0, time - performance.now()),
    );
    const abort = () => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    signal.addEventListener("abort", abort, { once: true });
  });
}

/** What went wrong, for the member: the title and message of the error step. */
function failure(err: unknown): Failure {
  if (err instanceof CameraError)
    return { title: "La caméra n’est pas disponible", message: err.message, canRetry: true };
  if (err instanceof ApiError) {
    if (err.code === "CHALLENGE_EXPIRED" || err.code === "CHALLENGE_NOT_FOUND")
      return { title: "Le temps est écoulé", message: VERIFICATION_MSG.CHALLENGE_EXPIRED, canRetry: true };
    if (err.code === "TOO_MANY_ATTEMPTS" || err.code === "ALREADY_VERIFIED" || err.code === "PENDING_REVIEW")
      return { title: "Vérification impossible pour le moment", message: err.message, canRetry: false };
  }
  return { title: "La vérification n’a pas abouti", message: errorMessage(err), canRetry: true };
}

export function useVerificationFlow(videoRef: RefObject<HTMLVideoElement | null>) {
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const streamRef = useRef<MediaStream | null>(null);
  const runRef = useRef<AbortController | null>(null);
  const store = useStoreVerificationState();
  const queryClient = useQueryClient();

  const stopStream = useCallback(() => {
    stopCamera(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, [videoRef]);

  /** Stops everything under way: the schedule, the camera. */
  const halt = useCallback(() => {
    runRef.current?.abort();
    runRef.current = null;
    stopStream();
  }, [stopStream]);

  // Leaving the page turns the camera off.
  useEffect(() => halt, [halt]);

  const start = useCallback(async () => {
    halt();
    const run = new AbortController();
    runRef.current = run;
    const { signal } = run;
    setPhase({ name: "starting" });
    try {
      const stream = await openCamera();
      if (signal.aborted) {
        stopCamera(stream);
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) throw new CameraError("La caméra n’a pas pu être affichée.");
      video.srcObject = stream;
      await videoReady(video, signal);
      const challenge = await startChallenge();
      if (signal.aborted) return;

      // The challenge cost an attempt: the count shown elsewhere is read again.
      void queryClient.invalidateQueries({ queryKey: verificationKeys.state });

      const steps = captureSteps(challenge.gestures.length);
      const framesTotal = steps.filter((s) => s.kind === "frame").length;
      const frames: Promise<Blob>[] = [];
      const promptOf = (text: string, step: number, countdownEndsAt: number): Prompt => ({
        text,
        step,
        steps: challenge.gestures.length + 1,
        countdownEndsAt,
        framesTaken: frames.length,
        framesTotal,
      });
      let prompt = null as Prompt | null;
      const begin = performance.now();
      // When each frame was taken, in milliseconds from the start: the server checks the cadence.
      const times = await runBurst(
        steps,
        { now: () => performance.now(), sleepUntil: (time) => sleepUntil(time, signal) },
        begin,
        (step, dueMs) => {
          if (step.kind === "look") {
            prompt = promptOf(LOOK_PROMPT, 1, begin + FIRST_FRAME_MS);
          } else if (step.kind === "gesture") {
            prompt = promptOf(
              challenge.gestures[step.index]?.label ?? "",
              step.index + 2,
              begin + dueMs + CAPTURE.GESTURE_SECONDS * 1000,
            );
          } else {
            frames.push(captureFrame(video));
            if (prompt) prompt = { ...prompt, framesTaken: frames.length };
          }
          if (prompt) setPhase({ name: "capturing", prompt });
        },
      );
      // Done with the camera. (A challenge answered too late is the server's 410: see failure().)
      stopStream();
      setPhase({ name: "sending" });
      const state = await submitFrames(challenge.id, await Promise.all(frames), times);
      if (signal.aborted) return;
      store(state);
      setPhase({ name: "done", state });
    } catch (err) {
      if (signal.aborted || err instanceof Cancelled) return;
      stopStream();
      // The day's attempts, or a decision taken meanwhile: the page reads where it stands again.
      if (err instanceof ApiError && [409, 429].includes(err.status))
        void queryClient.invalidateQueries({ queryKey: verificationKeys.state });
      setPhase({ name: "error", ...failure(err) });
    } finally {
      if (runRef.current === run) runRef.current = null;
    }
  }, [halt, stopStream, videoRef, store, queryClient]);

  /** Stops the camera and goes back to where the page started. */
  const cancel = useCallback(() => {
    halt();
    setPhase({ name: "idle" });
  }, [halt]);

  return { phase, start, cancel };
}
