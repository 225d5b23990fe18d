// The member's call (issue 38), one at a time, for the whole app: it outlives the page it started on
// (the call screen covers every page), follows the server's events (« call.ringing »,
// « call.answered », « call.ended »), says it is still there every HEARTBEAT_SECONDS, and closes its
// connection whenever the server, the network or the member ends it.
import { CALL, type CallOutcome } from "@domain/calls.ts";
import type { ConversationDto } from "@domain/messaging.ts";
import type { CallDto } from "@domain/responses/calls.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import type { StreamEvent } from "@web/lib/realtime.ts";
import { useSyncExternalStore } from "react";
import { callApi, fetchCallSettings } from "./api.ts";
import { CallPeer, mediaErrorMessage, type SideState } from "./peer.ts";

/**
 * How long the server lets this call ring: its own deadline, from two times of its clock (the
 * device's may be off); CALL.RING_SECONDS should a time be unreadable.
 */
export function ringMs(call: Pick<CallDto, "createdAt" | "ringExpiresAt">): number {
  const ms = Date.parse(call.ringExpiresAt) - Date.parse(call.createdAt);
  return Number.isFinite(ms) && ms > 0 ? ms : CALL.RING_SECONDS * 1000;
}

export type CallPhase =
  /** Nothing. */
  | "idle"
  /** Ours: the microphone opening, then ringing on the other side. */
  | "outgoing"
  /** Theirs, ringing here. */
  | "incoming"
  /** Answered: the two browsers connect. */
  | "connecting"
  | "active"
  /** Over: its screen says why until the member closes it. */
  | "ended";

/** Who is on the other end, as the conversation shows them. */
export interface CallPartner {
  userId: string;
  name: string;
  photo: string | null;
}

export interface CallState {
  phase: CallPhase;
  /** This member called, or is called. */
  role: "caller" | "callee";
  call: CallDto | null;
  matchId: string | null;
  partner: CallPartner | null;
  video: boolean;
  local: MediaStream | null;
  remote: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  /** The bandwidth rule paused this side's video. */
  videoPaused: boolean;
  them: SideState;
  /** When the two were connected (for the timer). */
  connectedAt: number | null;
  /** Why it ended, in French, on its last screen. */
  endedText: string | null;
}

const IDLE: CallState = {
  phase: "idle",
  role: "caller",
  call: null,
  matchId: null,
  partner: null,
  video: false,
  local: null,
  remote: null,
  muted: false,
  cameraOff: false,
  videoPaused: false,
  them: { muted: false, cameraOff: false, videoPaused: false },
  connectedAt: null,
  endedText: null,
};

/** How an ended call is told on its last screen. */
function endedText(outcome: CallOutcome | null, mine: boolean, connected: boolean): string {
  switch (outcome) {
    case "declined":
    case "missed":
      return mine ? "Pas de réponse pour le moment." : "Appel manqué.";
    case "cancelled":
      return mine ? "Appel annulé." : "Appel manqué.";
    case "failed":
      return "La connexion a été perdue.";
    case "ended_by_safety":
      return "Cet appel a été interrompu : la conversation est fermée.";
    default:
      return connected ? "Appel terminé." : "L’appel n’a pas pu être établi.";
  }
}

type Listener = () => void;

class CallStore {
  private state: CallState = IDLE;
  private readonly listeners = new Set<Listener>();
  private peer: CallPeer | null = null;
  private ringTimer: ReturnType<typeof setTimeout> | undefined;
  private beat: ReturnType<typeof setInterval> | undefined;
  /** Resolves who a match's other member is (from the conversation list). */
  partnerOf: (matchId: string) => Promise<CallPartner | null> = async () => null;

  get = () => this.state;

  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(change: Partial<CallState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }

  private busy(): boolean {
    return this.state.phase !== "idle" && this.state.phase !== "ended";
  }

  /** Calls the other member of `matchId`; a failure ends on a screen that says why. */
  async start(matchId: string, partner: CallPartner, video: boolean): Promise<void> {
    if (this.busy()) return;
    this.set({ ...IDLE, phase: "outgoing", role: "caller", matchId, partner, video });
    try {
      const settings = await fetchCallSettings(matchId);
      if (!settings.ice) return this.finish("Les appels ne sont pas activés dans cette conversation.");
      const peer = await CallPeer.open(settings.ice, video, this.peerEvents()).catch((err: unknown) => {
        throw new Error(mediaErrorMessage(err, video));
      });
      // Hung up while the microphone was opening.
      if (this.state.phase !== "outgoing") return peer.close();
      this.peer = peer;
      this.set({ local: peer.local });
      const offer = await peer.offer();
      if (this.state.phase !== "outgoing") return;
      const call = await callApi.start(matchId, video, offer);
      if (this.state.phase !== "outgoing")
        return void (await callApi.end(call.id, "hangup").catch(() => undefined));
      this.set({ call });
      this.keepAlive(call.id);
      // Answered before this page had the call's id (a quick callee): its event was kept aside.
      if (this.answeredEarly === call.id) void this.answered(call.id);
      // The caller gives up with the server (which sweeps a call whose caller is gone).
      this.ringTimer = setTimeout(
        () => void this.hangUp("hangup", "Pas de réponse pour le moment."),
        ringMs(call),
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === "CALL_CROSSED" && err.fields?.callId) {
        // They are calling us at the same moment: their call is the one.
        this.closePeer();
        const view = await callApi.get(err.fields.callId).catch(() => null);
        if (view && view.call.state === "ringing") return this.ring(view.call, partner);
      }
      this.finish(
        err instanceof ApiError ? err.message : err instanceof Error ? err.message : errorMessage(err),
      );
    }
  }

  /**
   * A call found ringing for this member when a page loads (opened from the push « … vous
   * appelle », or a reload): it rings here too, unless another call is under way.
   */
  ringing(call: CallDto, partner: CallPartner): void {
    if (this.busy() || call.state !== "ringing" || this.state.call?.id === call.id) return;
    this.ring(call, partner);
  }

  /** A call rings for this member (the event, or a crossed call). */
  private ring(call: CallDto, partner: CallPartner | null): void {
    this.set({
      ...IDLE,
      phase: "incoming",
      role: "callee",
      call,
      matchId: call.matchId,
      partner,
      video: call.video,
    });
  }

  async accept(): Promise<void> {
    const { call, phase } = this.state;
    if (!call || phase !== "incoming") return;
    this.set({ phase: "connecting" });
    try {
      const view = await callApi.get(call.id);
      if (view.call.state !== "ringing" || !view.call.offer || !view.ice)
        return this.finish("Cet appel ne sonne plus.");
      const peer = await CallPeer.open(view.ice, call.video, this.peerEvents()).catch((err: unknown) => {
        throw new Error(mediaErrorMessage(err, call.video));
      });
      if (this.state.phase !== "connecting") return peer.close();
      this.peer = peer;
      this.set({ local: peer.local });
      const answer = await peer.answer(view.call.offer);
      const accepted = await callApi.accept(call.id, answer);
      this.set({ call: accepted });
      this.keepAlive(call.id);
    } catch (err) {
      if (call) await callApi.end(call.id, "hangup").catch(() => undefined);
      this.finish(err instanceof Error ? err.message : errorMessage(err));
    }
  }

  /** Hangs up, declines or cancels, as the call stands; `text` says why on the last screen. */
  async hangUp(reason: "hangup" | "failed" = "hangup", text?: string): Promise<void> {
    const { call } = this.state;
    const mine = this.state.role === "caller";
    const connected = this.state.connectedAt !== null;
    this.closePeer();
    if (!call) return this.finish(null);
    const ended = await callApi.end(call.id, reason).catch(() => null);
    this.finish(
      text ?? endedText(ended?.outcome ?? (reason === "failed" ? "failed" : "ended"), mine, connected),
    );
  }

  /** A ringing call declined here: nothing more to show. */
  async decline(): Promise<void> {
    const { call } = this.state;
    this.reset();
    if (call) await callApi.end(call.id, "hangup").catch(() => undefined);
  }

  toggleMute(): void {
    const muted = !this.state.muted;
    this.peer?.setMuted(muted);
    this.set({ muted });
  }

  async toggleCamera(): Promise<void> {
    const cameraOff = !this.state.cameraOff;
    await this.peer?.setCameraOff(cameraOff);
    this.set({ cameraOff });
  }

  async switchCamera(): Promise<void> {
    await this.peer?.switchCamera().catch(() => undefined);
    if (this.peer) this.set({ local: this.peer.local });
  }

  async resumeVideo(): Promise<void> {
    await this.peer?.resumeVideo();
  }

  /** Closes the last screen of an ended call. */
  dismiss(): void {
    if (this.state.phase === "ended") this.reset();
  }

  /** The page is closing: the server hears it even as the page goes. */
  leave(): void {
    const { call } = this.state;
    if (call && this.busy()) callApi.endOnLeave(call.id);
    this.closePeer();
  }

  /** What the event stream says about calls, and about the conversation of the current one. */
  onEvent(event: StreamEvent): void {
    const { call } = this.state;
    switch (event.type) {
      case "call.ringing":
        if (this.busy()) return;
        this.ring(event.call, null);
        void this.partnerOf(event.call.matchId).then((partner) => {
          if (this.state.call?.id === event.call.id) this.set({ partner });
        });
        return;
      case "call.answered":
        if (this.state.phase === "outgoing" && !call) this.answeredEarly = event.callId;
        if (call?.id !== event.callId) return;
        // Taken on another of our devices: this one stops ringing.
        if (this.state.phase === "incoming") this.reset();
        else if (this.state.phase === "outgoing") void this.answered(event.callId);
        return;
      case "call.ended":
        if (call?.id !== event.callId) return;
        if (this.state.phase === "incoming") this.reset();
        else
          this.finish(
            endedText(event.outcome, this.state.role === "caller", this.state.connectedAt !== null),
          );
        return;
      case "resync":
        // The stream was lost for a while: what happened to the call meanwhile is asked.
        if (call && this.busy())
          void callApi.heartbeat(call.id).then(
            (c) => this.follow(c),
            () => undefined,
          );
        return;
      case "match.removed":
        if (this.state.matchId === event.matchId && this.busy()) {
          this.closePeer();
          this.finish(endedText("ended_by_safety", false, false));
        }
        return;
      default:
        return;
    }
  }

  /** The call as the server says it is (a heartbeat, after a lost stream): what an event would have said. */
  private follow(call: CallDto): void {
    if (this.state.call?.id !== call.id) return;
    if (call.state === "ended") {
      this.closePeer();
      this.finish(endedText(call.outcome, this.state.role === "caller", this.state.connectedAt !== null));
    } else if (call.state === "active" && this.state.phase === "outgoing") void this.answered(call.id);
  }

  /** A `call.answered` that arrived while this page's call had no id yet. */
  private answeredEarly: string | null = null;

  /** The callee answered: the caller reads the answer and the browsers connect. */
  private async answered(callId: string): Promise<void> {
    clearTimeout(this.ringTimer);
    this.set({ phase: "connecting" });
    try {
      const view = await callApi.get(callId);
      if (!view.call.answer) throw new Error("Cet appel ne peut plus être établi.");
      await this.peer?.accept(view.call.answer);
      this.set({ call: view.call });
    } catch (err) {
      await this.hangUp("failed");
      this.set({ endedText: err instanceof Error ? err.message : errorMessage(err) });
    }
  }

  private peerEvents() {
    return {
      onRemoteStream: (remote: MediaStream) => this.set({ remote }),
      onConnectionState: (s: RTCPeerConnectionState) => {
        if (s === "connected" && this.state.connectedAt === null)
          this.set({ phase: "active", connectedAt: Date.now() });
        if (s === "failed") void this.hangUp("failed");
      },
      onRemoteState: (them: SideState) => this.set({ them }),
      onVideoPaused: (videoPaused: boolean) => this.set({ videoPaused }),
    };
  }

  /** Tells the server this page is still in the call; a call the server ended closes here too. */
  private keepAlive(callId: string): void {
    clearInterval(this.beat);
    this.beat = setInterval(() => {
      void callApi.heartbeat(callId).then(
        // Ended (its event lost), or answered while the caller missed « call.answered »: followed.
        (call) => this.follow(call),
        (err: unknown) => {
          // Signed out or banned meanwhile: the call cannot go on from here.
          if (err instanceof ApiError && [401, 403, 404].includes(err.status)) {
            this.closePeer();
            this.finish("Cet appel a été interrompu.");
          }
        },
      );
    }, CALL.HEARTBEAT_SECONDS * 1000);
  }

  private closePeer(): void {
    clearTimeout(this.ringTimer);
    clearInterval(this.beat);
    this.peer?.close();
    this.peer = null;
  }

  private finish(text: string | null): void {
    this.closePeer();
    if (text === null) this.reset();
    else this.set({ phase: "ended", endedText: text, local: null, remote: null });
  }

  private reset(): void {
    this.closePeer();
    this.answeredEarly = null;
    this.set(IDLE);
  }
}

export const callStore = new CallStore();

/** The conversation list's idea of a match's other member. */
export function partnerFrom(c: ConversationDto): CallPartner {
  const { member } = c;
  return {
    userId: member.userId,
    name: `${member.firstName}${member.lastInitial ? ` ${member.lastInitial}` : ""}`,
    photo: member.photo?.thumbUrl ?? null,
  };
}

export function useCallState(): CallState {
  return useSyncExternalStore(callStore.subscribe, callStore.get, callStore.get);
}
