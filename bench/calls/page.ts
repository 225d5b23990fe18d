// The bench's agent inside a member's page (bundled by esbuild in bench/calls/browser.ts and injected
// into every page of the member's context): the app's own CallPeer (web/features/calls/peer.ts,
// bundled as is: getUserMedia 320×240@15, transceivers, maxBitrate, data channel, candidates gathered
// before a description is sent) driven over the app's real signalling path, in the order of the app's
// call store (web/features/calls/call-store.ts) — without React and without clicks:
//   caller: GET …/calls/settings (fresh ICE servers) → CallPeer.open → offer → POST /api/matches/:id/calls
//           → the « call.answered » event → GET /api/calls/:id (the answer) → accept → connected;
//   callee: the « call.ringing » event → GET /api/calls/:id (the offer) → CallPeer.open → answer
//           → POST /api/calls/:id/accept → connected.
// Events arrive on the page's own EventSource on /api/events. The remote voice plays in an <audio>
// element (Chromium decodes remote audio only when it is played), the remote video in a <video>, the
// local preview in another (the live check's frames are taken from it, as LiveCheck.tsx does), and
// the page says it is still there every HEARTBEAT_SECONDS, as the app does. Times are
// performance.timeOrigin + performance.now(): one clock for every page of the browser.
import { CALL, LIVE_CHECK } from "@domain/calls.ts";
import type { CallDto, CallSettingsDto, CallViewDto } from "@domain/responses/calls.ts";
import { CallPeer } from "../../web/features/calls/peer.ts";

const now = () => performance.timeOrigin + performance.now();

interface Received {
  type: string;
  data: Record<string, unknown>;
  at: number;
}

const received: Received[] = [];
const waiting = new Set<() => void>();
const source = new EventSource("/api/events");
for (const type of ["ready", "call.ringing", "call.answered", "call.ended"])
  source.addEventListener(type, (e) => {
    received.push({ type, data: JSON.parse((e as MessageEvent<string>).data), at: now() });
    for (const wake of waiting) wake();
  });

/** The first event of `type` from index `from` on that `match` accepts (already received, or to come). */
function event(type: string, from: number, match: (data: Record<string, unknown>) => boolean, ms = 20_000) {
  return new Promise<Received>((resolve, reject) => {
    const look = () => {
      const found = received.slice(from).find((r) => r.type === type && match(r.data));
      if (!found) return false;
      waiting.delete(wake);
      clearTimeout(timer);
      resolve(found);
      return true;
    };
    const wake = () => void look();
    const timer = setTimeout(() => {
      waiting.delete(wake);
      reject(new Error(`no ${type} event within ${ms} ms`));
    }, ms);
    waiting.add(wake);
    look();
  });
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** When ICE gathering started and completed on a connection. */
interface Gathering {
  start: number;
  end: number;
}

function watchGathering(pc: RTCPeerConnection): Gathering {
  const g = { start: Number.NaN, end: Number.NaN };
  pc.addEventListener("icegatheringstatechange", () => {
    if (pc.iceGatheringState === "gathering") g.start = now();
    if (pc.iceGatheringState === "complete") g.end = now();
  });
  return g;
}

// The call in progress on this page.
let peer: CallPeer | null = null;
let callId: string | null = null;
let beat: ReturnType<typeof setInterval> | undefined;
let sinks: HTMLMediaElement[] = [];
let connected: Promise<number> = Promise.resolve(Number.NaN);
/** Whether the videos are shown (the remote one and the local preview); the voice is always played. */
let showVideo = true;

/** Opens the microphone and camera through CallPeer, with the app's media elements. */
async function open(ice: NonNullable<CallSettingsDto["ice"]>, video: boolean) {
  let reached!: (at: number) => void;
  let failed!: (err: Error) => void;
  connected = new Promise<number>((resolve, reject) => {
    reached = resolve;
    failed = reject;
  });
  const audio = document.createElement("audio");
  audio.autoplay = true;
  const remote = document.createElement("video");
  remote.autoplay = true;
  remote.muted = true;
  remote.playsInline = true;
  const preview = document.createElement("video");
  preview.autoplay = true;
  preview.muted = true;
  preview.playsInline = true;
  preview.id = "preview";
  sinks = showVideo ? [audio, remote, preview] : [audio];
  document.body.append(...sinks);
  const p = await CallPeer.open(ice, video, {
    onRemoteStream(stream) {
      audio.srcObject = stream;
      void audio.play().catch(() => undefined);
      if (video && showVideo) {
        remote.srcObject = stream;
        void remote.play().catch(() => undefined);
      }
    },
    onConnectionState(state) {
      if (state === "connected") reached(now());
      if (state === "failed") failed(new Error("connection failed"));
    },
    onRemoteState() {},
    onVideoPaused() {},
  });
  if (video && showVideo) {
    preview.srcObject = p.local;
    void preview.play().catch(() => undefined);
  }
  peer = p;
  return p;
}

function keepAlive(id: string) {
  callId = id;
  clearInterval(beat);
  beat = setInterval(
    () => void api("POST", `/api/calls/${id}/heartbeat`).catch(() => undefined),
    CALL.HEARTBEAT_SECONDS * 1000,
  );
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ]);

export interface CallerTimes {
  callId: string;
  /** Before the offer (transceivers, createOffer): the bench's « start ». */
  start: number;
  gather: Gathering;
  offered: number;
  /** POST /api/matches/:id/calls answered. */
  posted: number;
  /** « call.answered » received. */
  answeredEvent: number;
  /** GET /api/calls/:id (the answer) answered. */
  answerRead: number;
  /** setRemoteDescription(answer) done. */
  accepted: number;
  connected: number;
  offerBytes: number;
}

export interface CalleeTimes {
  /** « call.ringing » received. */
  ringing: number;
  /** GET /api/calls/:id (the offer) answered. */
  offerRead: number;
  /** CallPeer.open: getUserMedia done. */
  opened: number;
  gather: Gathering;
  answered: number;
  /** POST /api/calls/:id/accept answered. */
  acceptPosted: number;
  connected: number;
  answerBytes: number;
}

let incoming: Promise<CalleeTimes> | null = null;

const agent = {
  /**
   * Shows no video from now on (neither the remote one nor the preview): frames are still decoded
   * (Chromium decodes video without a sink), only not drawn. The voice is still played.
   */
  hideVideo(): void {
    showVideo = false;
  },

  /** The event stream is open. */
  ready: () => event("ready", 0, () => true).then(() => undefined),

  /** Calls the other member of `matchId`; resolves once this side is connected. */
  async call(matchId: string, video: boolean): Promise<CallerTimes> {
    const settings = await api<CallSettingsDto>("GET", `/api/matches/${matchId}/calls/settings`);
    if (!settings.ice) throw new Error("calls are not allowed in this conversation");
    const p = await open(settings.ice, video);
    const gather = watchGathering(p.pc);
    const from = received.length;
    const start = now();
    const offer = await p.offer();
    const offered = now();
    const call = await api<CallDto>("POST", `/api/matches/${matchId}/calls`, { video, offer });
    const posted = now();
    keepAlive(call.id);
    const answeredEvent = (await event("call.answered", from, (d) => d.callId === call.id)).at;
    const view = await api<CallViewDto>("GET", `/api/calls/${call.id}`);
    const answerRead = now();
    if (!view.call.answer) throw new Error(`no answer to read: ${view.call.state}`);
    await p.accept(view.call.answer);
    const accepted = now();
    return {
      callId: call.id,
      start,
      gather,
      offered,
      posted,
      answeredEvent,
      answerRead,
      accepted,
      connected: await within(connected, 20_000, "caller connected"),
      offerBytes: offer.length,
    };
  },

  /** Answers the next call that rings here, at once (a member who taps « Répondre » straight away). */
  arm(): void {
    const from = received.length;
    incoming = (async () => {
      const ring = await event("call.ringing", from, () => true);
      const id = (ring.data.call as CallDto).id;
      const view = await api<CallViewDto>("GET", `/api/calls/${id}`);
      const offerRead = now();
      if (!view.call.offer || !view.ice) throw new Error(`nothing to answer: ${view.call.state}`);
      const p = await open(view.ice, view.call.video);
      const opened = now();
      const gather = watchGathering(p.pc);
      const answer = await p.answer(view.call.offer);
      const answered = now();
      await api<CallDto>("POST", `/api/calls/${id}/accept`, { answer });
      const acceptPosted = now();
      keepAlive(id);
      return {
        ringing: ring.at,
        offerRead,
        opened,
        gather,
        answered,
        acceptPosted,
        connected: await within(connected, 20_000, "callee connected"),
        answerBytes: answer.length,
      };
    })();
    // Read by incoming(); a failure is reported there, not as an unhandled rejection.
    incoming.catch(() => undefined);
  },

  incoming(): Promise<CalleeTimes> {
    if (!incoming) throw new Error("not armed");
    return incoming;
  },

  /** Hangs up through the API (the caller's « Raccrocher »), then closes the connection. */
  async hangUp(): Promise<void> {
    const id = callId;
    agent.close();
    if (id) await api("POST", `/api/calls/${id}/end`, { reason: "hangup" });
  },

  /** Closes the connection and the media (the other side, after a hang-up). */
  close(): void {
    clearInterval(beat);
    peer?.close();
    peer = null;
    callId = null;
    for (const s of sinks) {
      s.srcObject = null;
      s.remove();
    }
    sinks = [];
  },

  /** What the connection received and sent so far, from getStats. */
  async stats() {
    if (!peer) return null;
    const all = new Map<string, Record<string, unknown>>();
    (await peer.pc.getStats()).forEach((s: Record<string, unknown>) => {
      all.set(String(s.id), s);
    });
    const values = [...all.values()];
    const num = (s: Record<string, unknown> | undefined, key: string) => Number(s?.[key] ?? 0);
    const transport = values.find((s) => s.type === "transport");
    const pair = all.get(String(transport?.selectedCandidatePairId));
    const local = pair && all.get(String(pair.localCandidateId));
    const remote = pair && all.get(String(pair.remoteCandidateId));
    const inbound = (kind: string) => values.find((s) => s.type === "inbound-rtp" && s.kind === kind);
    const outbound = (kind: string) => values.find((s) => s.type === "outbound-rtp" && s.kind === kind);
    const codec = (s: Record<string, unknown> | undefined) =>
      String(all.get(String(s?.codecId))?.mimeType ?? "").replace(/^\w+\//, "");
    const a = inbound("audio");
    const v = inbound("video");
    const ov = outbound("video");
    return {
      at: now(),
      state: peer.pc.connectionState,
      path: `${String(local?.candidateType ?? "?")}/${String(local?.relayProtocol ?? local?.protocol ?? "?")} → ${String(remote?.candidateType ?? "?")}`,
      transportReceived: num(transport, "bytesReceived"),
      transportSent: num(transport, "bytesSent"),
      audioBytes: num(a, "bytesReceived") + num(a, "headerBytesReceived"),
      audioCodec: codec(a),
      samplesReceived: num(a, "totalSamplesReceived"),
      concealedSamples: num(a, "concealedSamples"),
      audioEnergy: num(a, "totalAudioEnergy"),
      videoBytes: num(v, "bytesReceived") + num(v, "headerBytesReceived"),
      videoCodec: codec(v),
      framesDecoded: num(v, "framesDecoded"),
      frameWidth: num(v, "frameWidth"),
      frameHeight: num(v, "frameHeight"),
      sentFrameRate: num(ov, "framesPerSecond"),
      qualityLimitation: String(ov?.qualityLimitationReason ?? ""),
    };
  },

  /**
   * The live check's frames, as LiveCheck.tsx takes them: LIVE_CHECK.FRAMES frames of the local
   * preview drawn on a canvas and encoded as JPEG at 0.9, LIVE_CHECK.FRAME_INTERVAL_MS apart (base64).
   */
  async frames(): Promise<string[]> {
    const video = document.getElementById("preview") as HTMLVideoElement | null;
    if (!video) throw new Error("no preview");
    const out: string[] = [];
    for (let i = 0; i < LIVE_CHECK.FRAMES; i++) {
      const canvas = document.createElement("canvas");
      canvas.width = video.videoWidth || 320;
      canvas.height = video.videoHeight || 240;
      canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("capture"))), "image/jpeg", 0.9),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let j = 0; j < bytes.length; j += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(j, j + 0x8000));
      out.push(btoa(binary));
      if (i < LIVE_CHECK.FRAMES - 1) await new Promise((r) => setTimeout(r, LIVE_CHECK.FRAME_INTERVAL_MS));
    }
    return out;
  },
};

export type CallAgent = typeof agent;
export type MediaStats = NonNullable<Awaited<ReturnType<CallAgent["stats"]>>>;

(globalThis as unknown as { callBench: CallAgent }).callBench = agent;
