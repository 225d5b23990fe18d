// One call's WebRTC connection (issue 38), in the browser: the microphone (and the camera for a
// video call, 320×240 at 15 frames/s, capped at 150 kbit/s), the session descriptions gathered whole
// before they are sent (no trickle: the server stores them, see calls.service.ts), a data channel for
// what each side shows (camera off, muted, video paused), and the fall back to audio when the
// bandwidth stays too low. Nothing is recorded, ever.
import { CALL_VIDEO, CALL_VIDEO_ECONOMY, type CallVideoProfile } from "@domain/calls.ts";
import type { IceConfigDto } from "@domain/responses/calls.ts";
import { economyActive } from "@web/lib/economy-mode.ts";

/** What one side tells the other over the data channel. */
export interface SideState {
  muted: boolean;
  cameraOff: boolean;
  /** Video stopped by itself: the connection is too weak for it. */
  videoPaused: boolean;
}

export interface PeerEvents {
  onRemoteStream(stream: MediaStream): void;
  onConnectionState(state: RTCPeerConnectionState): void;
  onRemoteState(state: SideState): void;
  /** The bandwidth rule paused (or the member resumed) this side's video. */
  onVideoPaused(paused: boolean): void;
}

/** How long a description may wait for its candidates (relayed ones take ~130 ms on loopback). */
const GATHER_MAX_MS = 4_000;

/** Why the microphone or camera could not be opened, in French. */
export function mediaErrorMessage(err: unknown, video: boolean): string {
  const name = err instanceof DOMException ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return video
      ? "Passerelle n’a pas accès à votre micro et à votre caméra. Autorisez-les dans les réglages du navigateur, puis réessayez."
      : "Passerelle n’a pas accès à votre micro. Autorisez-le dans les réglages du navigateur, puis réessayez.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return video
      ? "Aucun micro ou aucune caméra n’a été trouvé sur cet appareil."
      : "Aucun micro n’a été trouvé sur cet appareil.";
  if (name === "NotReadableError") return "Le micro ou la caméra est déjà utilisé par une autre application.";
  return "Impossible d’ouvrir le micro ou la caméra de cet appareil.";
}

export class CallPeer {
  readonly pc: RTCPeerConnection;
  private channel: RTCDataChannel | null = null;
  private readonly state: SideState = { muted: false, cameraOff: false, videoPaused: false };
  private facing: "user" | "environment" = "user";
  private monitor: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  private constructor(
    readonly local: MediaStream,
    readonly video: boolean,
    /** Standard, or lighter in economy mode (chosen when the call opens). */
    private readonly profile: CallVideoProfile,
    ice: IceConfigDto,
    private readonly events: PeerEvents,
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: ice.iceServers,
      iceTransportPolicy: ice.iceTransportPolicy,
      bundlePolicy: "max-bundle",
    });
    const remote = new MediaStream();
    this.pc.ontrack = (e) => {
      remote.addTrack(e.track);
      events.onRemoteStream(remote);
    };
    this.pc.onconnectionstatechange = () => {
      events.onConnectionState(this.pc.connectionState);
      if (this.pc.connectionState === "connected") this.watchBandwidth();
    };
    this.pc.ondatachannel = (e) => this.attachChannel(e.channel);
  }

  /** Opens the microphone (and the camera for a video call); throws getUserMedia's error. */
  static async open(ice: IceConfigDto, video: boolean, events: PeerEvents): Promise<CallPeer> {
    const profile = economyActive() ? CALL_VIDEO_ECONOMY : CALL_VIDEO;
    const local = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      video: video
        ? {
            width: { ideal: profile.WIDTH },
            height: { ideal: profile.HEIGHT },
            frameRate: { ideal: profile.FRAME_RATE, max: profile.FRAME_RATE },
            facingMode: "user",
          }
        : false,
    });
    return new CallPeer(local, video, profile, ice, events);
  }

  /** The caller's offer, with its candidates. */
  async offer(): Promise<string> {
    const [audio] = this.local.getAudioTracks();
    if (audio) this.pc.addTransceiver(audio, { direction: "sendrecv", streams: [this.local] });
    const [camera] = this.local.getVideoTracks();
    if (camera)
      this.pc.addTransceiver(camera, {
        direction: "sendrecv",
        streams: [this.local],
        sendEncodings: [{ maxBitrate: this.profile.MAX_BITRATE, maxFramerate: this.profile.FRAME_RATE }],
      });
    this.attachChannel(this.pc.createDataChannel("etat", { ordered: true }));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /** The callee's answer to `offer`, with its candidates. */
  async answer(offer: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offer });
    // The offer made the transceivers: this side's tracks go into them (transceivers added before
    // would have been others, receiving only).
    for (const t of this.pc.getTransceivers()) {
      const [track] =
        t.receiver.track.kind === "audio" ? this.local.getAudioTracks() : this.local.getVideoTracks();
      if (!track) continue;
      await t.sender.replaceTrack(track);
      t.sender.setStreams(this.local);
      t.direction = "sendrecv";
    }
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    const video = this.videoSender();
    if (video) {
      const params = video.getParameters();
      for (const e of params.encodings)
        Object.assign(e, { maxBitrate: this.profile.MAX_BITRATE, maxFramerate: this.profile.FRAME_RATE });
      await video.setParameters(params).catch(() => undefined);
    }
    return this.gathered();
  }

  /** The caller receives the answer: the connection starts. */
  async accept(answer: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: "answer", sdp: answer });
  }

  setMuted(muted: boolean): void {
    for (const t of this.local.getAudioTracks()) t.enabled = !muted;
    this.tell({ muted });
  }

  /** Camera off sends nothing at all (not black frames): the encoding is switched off. */
  async setCameraOff(off: boolean): Promise<void> {
    for (const t of this.local.getVideoTracks()) t.enabled = !off;
    await this.setVideoActive(!off && !this.state.videoPaused);
    this.tell({ cameraOff: off });
  }

  /** The member asks for video again after the bandwidth rule paused it. */
  async resumeVideo(): Promise<void> {
    this.tell({ videoPaused: false });
    await this.setVideoActive(!this.state.cameraOff);
    this.events.onVideoPaused(false);
    this.below = 0;
    this.samples = 0;
  }

  /** Front or back camera: a new track replaces the old one, without renegotiating. */
  async switchCamera(): Promise<void> {
    const sender = this.videoSender();
    if (!sender) return;
    this.facing = this.facing === "user" ? "environment" : "user";
    const fresh = await navigator.mediaDevices.getUserMedia({
      video: {
        width: { ideal: this.profile.WIDTH },
        height: { ideal: this.profile.HEIGHT },
        frameRate: { ideal: this.profile.FRAME_RATE, max: this.profile.FRAME_RATE },
        facingMode: this.facing,
      },
    });
    const [track] = fresh.getVideoTracks();
    if (!track) return;
    track.enabled = !this.state.cameraOff;
    for (const old of this.local.getVideoTracks()) {
      this.local.removeTrack(old);
      old.stop();
    }
    this.local.addTrack(track);
    await sender.replaceTrack(track);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.monitor);
    this.channel?.close();
    this.pc.close();
    for (const t of this.local.getTracks()) t.stop();
  }

  // The fall back to audio (docs/research/issue-38-calls.md §5): the sender's estimate of the
  // outgoing bandwidth, read every second once real traffic has been measured for WARMUP_SECONDS
  // (the first estimate is Chromium's default), under FLOOR_BPS for FLOOR_SAMPLES seconds in a row:
  // video stops, without renegotiating; the member may ask for it again.
  private samples = 0;
  private below = 0;
  private watchBandwidth(): void {
    if (!this.video || this.monitor) return;
    this.monitor = setInterval(() => void this.sampleBandwidth(), 1000);
  }

  private async sampleBandwidth(): Promise<void> {
    if (this.closed || this.state.videoPaused || this.state.cameraOff) return;
    this.samples++;
    if (this.samples <= CALL_VIDEO.WARMUP_SECONDS) return;
    const estimate = await this.outgoingEstimate();
    if (estimate === null) return;
    this.below = estimate < this.profile.FLOOR_BPS ? this.below + 1 : 0;
    if (this.below < CALL_VIDEO.FLOOR_SAMPLES) return;
    await this.setVideoActive(false);
    this.tell({ videoPaused: true });
    this.events.onVideoPaused(true);
  }

  /** The selected candidate pair's available outgoing bitrate, bits per second. */
  async outgoingEstimate(): Promise<number | null> {
    const stats = await this.pc.getStats();
    let estimate: number | null = null;
    stats.forEach((s) => {
      if (s.type === "candidate-pair" && s.nominated && s.state === "succeeded" && s.availableOutgoingBitrate)
        estimate = s.availableOutgoingBitrate as number;
    });
    return estimate;
  }

  private videoSender(): RTCRtpSender | undefined {
    return this.pc.getSenders().find((s) => s.track?.kind === "video");
  }

  private async setVideoActive(active: boolean): Promise<void> {
    const sender = this.videoSender();
    if (!sender) return;
    const params = sender.getParameters();
    const [encoding] = params.encodings;
    if (!encoding || encoding.active === active) return;
    encoding.active = active;
    await sender.setParameters(params);
  }

  private attachChannel(channel: RTCDataChannel): void {
    this.channel = channel;
    channel.onopen = () => this.tell({});
    channel.onmessage = (e) => {
      try {
        const s = JSON.parse(String(e.data)) as Partial<SideState>;
        this.events.onRemoteState({
          muted: s.muted === true,
          cameraOff: s.cameraOff === true,
          videoPaused: s.videoPaused === true,
        });
      } catch {
        // Not ours: ignored.
      }
    };
  }

  private tell(change: Partial<SideState>): void {
    Object.assign(this.state, change);
    if (this.channel?.readyState === "open") this.channel.send(JSON.stringify(this.state));
  }

  /** The local description once its candidates are gathered (or after GATHER_MAX_MS, with those found). */
  private async gathered(): Promise<string> {
    if (this.pc.iceGatheringState !== "complete")
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, GATHER_MAX_MS);
        const pc = this.pc;
        function done() {
          clearTimeout(timer);
          pc.removeEventListener("icegatheringstatechange", check);
          resolve();
        }
        function check() {
          if (pc.iceGatheringState === "complete") done();
        }
        pc.addEventListener("icegatheringstatechange", check);
      });
    return this.pc.localDescription?.sdp ?? "";
  }
}
