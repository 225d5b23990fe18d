// Records a voice message in the browser (issue 37): MediaRecorder at VOICE_BITS_PER_SECOND, Opus in
// WebM where the browser offers it, else MP4 (Opus in Chromium, AAC in older Safari). The levels an
// AnalyserNode reads every 100 ms become the waveform's peaks, sent with the file so that the
// recipient draws it without downloading the audio. Measured in docs/research/issue-37-voice.md.
import {
  encodePeaks,
  VOICE_BITS_PER_SECOND,
  VOICE_ECONOMY_BITS_PER_SECOND,
  VOICE_PEAK_MAX,
  VOICE_PEAKS,
} from "@domain/voice.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { economyActive } from "./economy-mode.ts";

const TYPES = ["audio/webm;codecs=opus", "audio/mp4;codecs=opus", "audio/mp4"];
/** Seconds before the limit when the recorder warns that it will stop. */
export const RECORDING_WARNING_SECONDS = 5;

export interface Recording {
  blob: Blob;
  /** The container's type, without codecs: what the upload says it sends. */
  type: string;
  durationMs: number;
  /** The waveform, encoded (domain/voice.ts encodePeaks). */
  peaks: string;
  url: string;
}

export type RecorderState =
  | { status: "idle" }
  | { status: "starting" }
  | { status: "recording"; elapsedMs: number; level: number }
  | { status: "recorded"; recording: Recording }
  | { status: "error"; message: string };

export const RECORDER_MSG = {
  DENIED:
    "Passerelle n’a pas accès à votre micro. Autorisez-le dans les réglages du navigateur, puis réessayez.",
  NO_MIC: "Aucun micro n’a été trouvé sur cet appareil.",
  UNSUPPORTED:
    "Ce navigateur ne permet pas d’enregistrer de message vocal. Essayez Chrome, Firefox ou Safari à jour.",
  FAILED: "L’enregistrement n’a pas pu démarrer. Réessayez.",
} as const;

export function recordingType(): string | null {
  if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) return null;
  return TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/** Down to VOICE_PEAKS bars, each the loudest level of its slice, scaled to 0–31 against the loudest. */
export function toPeaks(levels: readonly number[]): number[] {
  if (levels.length === 0) return [];
  const bars = Math.min(VOICE_PEAKS, levels.length);
  const loudest = Math.max(...levels, 0.01);
  return Array.from({ length: bars }, (_, i) => {
    const slice = levels.slice(
      Math.floor((i * levels.length) / bars),
      Math.floor(((i + 1) * levels.length) / bars),
    );
    return Math.round((Math.max(...slice, 0) / loudest) * VOICE_PEAK_MAX);
  });
}

/** Start, stop, cancel and reset a recording of at most `maxMs`; stops by itself at the limit. */
export function useVoiceRecorder(maxMs: number) {
  const [state, setState] = useState<RecorderState>({ status: "idle" });
  const session = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    context: AudioContext | null;
    timer: number;
    startedAt: number;
    levels: number[];
    cancelled: boolean;
  } | null>(null);
  const url = useRef<string | null>(null);
  /** Between a tap and the microphone's answer: a second tap must not open a second recording. */
  const starting = useRef(false);

  const release = useCallback(() => {
    const s = session.current;
    if (!s) return;
    window.clearInterval(s.timer);
    for (const track of s.stream.getTracks()) track.stop();
    void s.context?.close().catch(() => undefined);
    session.current = null;
  }, []);

  const forgetUrl = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);

  const stop = useCallback(() => {
    const s = session.current;
    if (s && s.recorder.state !== "inactive") s.recorder.stop();
  }, []);

  /** Ends any recording without keeping it, frees the microphone and the preview's blob. */
  const discard = useCallback(() => {
    const s = session.current;
    if (s) {
      s.cancelled = true;
      if (s.recorder.state !== "inactive") s.recorder.stop();
    }
    release();
    forgetUrl();
  }, [release, forgetUrl]);

  const cancel = useCallback(() => {
    discard();
    setState({ status: "idle" });
  }, [discard]);

  const start = useCallback(async () => {
    if (session.current || starting.current) return;
    const mimeType = recordingType();
    if (!mimeType) return setState({ status: "error", message: RECORDER_MSG.UNSUPPORTED });
    forgetUrl();
    setState({ status: "starting" });
    let stream: MediaStream;
    starting.current = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (err) {
      starting.current = false;
      const name = err instanceof DOMException ? err.name : "";
      const message =
        name === "NotAllowedError" || name === "SecurityError"
          ? RECORDER_MSG.DENIED
          : name === "NotFoundError" || name === "OverconstrainedError"
            ? RECORDER_MSG.NO_MIC
            : RECORDER_MSG.FAILED;
      return setState({ status: "error", message });
    }
    starting.current = false;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, {
        mimeType,
        audioBitsPerSecond: economyActive() ? VOICE_ECONOMY_BITS_PER_SECOND : VOICE_BITS_PER_SECOND,
      });
    } catch {
      for (const track of stream.getTracks()) track.stop();
      return setState({ status: "error", message: RECORDER_MSG.UNSUPPORTED });
    }
    // The levels, for the live meter and the waveform; a browser without Web Audio records without them.
    let analyser: AnalyserNode | null = null;
    let context: AudioContext | null = null;
    try {
      context = new AudioContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
    } catch {
      analyser = null;
    }
    const samples = new Float32Array(1024);
    const chunks: Blob[] = [];
    const s = {
      recorder,
      stream,
      context,
      timer: 0,
      startedAt: performance.now(),
      levels: [] as number[],
      cancelled: false,
    };
    session.current = s;
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstart = () => {
      s.startedAt = performance.now();
      setState({ status: "recording", elapsedMs: 0, level: 0 });
    };
    recorder.onstop = () => {
      const durationMs = Math.min(maxMs, Math.round(performance.now() - s.startedAt));
      release();
      if (s.cancelled) return;
      const type = recorder.mimeType.split(";")[0] || mimeType.split(";")[0]!;
      const blob = new Blob(chunks, { type });
      url.current = URL.createObjectURL(blob);
      setState({
        status: "recorded",
        recording: { blob, type, durationMs, peaks: encodePeaks(toPeaks(s.levels)), url: url.current },
      });
    };
    recorder.onerror = () => {
      release();
      setState({ status: "error", message: RECORDER_MSG.FAILED });
    };
    s.timer = window.setInterval(() => {
      const elapsedMs = performance.now() - s.startedAt;
      let level = 0;
      if (analyser) {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const v of samples) sum += v * v;
        level = Math.sqrt(sum / samples.length);
      }
      s.levels.push(level);
      if (elapsedMs >= maxMs) return stop();
      setState((st) => (st.status === "recording" ? { status: "recording", elapsedMs, level } : st));
    }, 100);
    recorder.start(1000);
  }, [maxMs, release, forgetUrl, stop]);

  // Leaving the screen ends the recording and frees the microphone.
  useEffect(() => discard, [discard]);

  return { state, start, stop, cancel, reset: cancel };
}
