// What the server accepts as a voice recording (issue 37), read from the file itself, never from what
// the client says it is: a WebM or MP4 container, one audio track (Opus or AAC, mono or stereo), no
// video, the whole file, a duration within the limit and close to the one the recorder measured, a
// bit rate under the cap. Anything else is refused with a stable code before a byte is stored.
//
// mediabunny reads the containers: music-metadata, the usual choice, throws on the WebM Chromium's
// MediaRecorder writes (clusters of unknown size) and reads 0.02 s for its fragmented MP4
// (docs/research/issue-37-voice.md §2).
import type { ErrorCode } from "@domain/messages.ts";
import {
  VOICE_DECLARED_TOLERANCE_MS,
  VOICE_HEADER_ALLOWANCE,
  VOICE_MAX_BITS_PER_SECOND,
  VOICE_MAX_BYTES,
  VOICE_MIN_MS,
  VOICE_MSG,
  type VoiceType,
} from "@domain/voice.ts";
import { BufferSource, Input, MP4, WEBM } from "mediabunny";
import { AppError } from "../http/errors.ts";
import { mp4IsWhole, webmIsWhole } from "./container-end.ts";

export interface CheckedVoice {
  type: VoiceType;
  codec: "opus" | "aac";
  durationMs: number;
  bytes: number;
}

export interface VoiceLimits {
  maxMs: number;
  /** The French message for a recording over maxMs (a message and an introduction differ). */
  tooLong: string;
  /** What the recorder measured, in ms: a cut exactly between two blocks still reads as a shorter file. */
  declaredMs: number;
}

const refuse = (code: ErrorCode, message: string, status: 400 | 413 = 400) =>
  new AppError(status, code, message);

export async function checkVoice(bytes: Uint8Array, limits: VoiceLimits): Promise<CheckedVoice> {
  if (bytes.length === 0) throw refuse("VOICE_MISSING", VOICE_MSG.MISSING);
  if (bytes.length > VOICE_MAX_BYTES) throw refuse("VOICE_TOO_LARGE", VOICE_MSG.TOO_LARGE, 413);
  const input = new Input({ formats: [WEBM, MP4], source: new BufferSource(bytes) });
  try {
    let format: Awaited<ReturnType<Input["getFormat"]>>;
    try {
      format = await input.getFormat();
    } catch {
      throw refuse("VOICE_FORMAT", VOICE_MSG.FORMAT);
    }
    const type: VoiceType = format === WEBM ? "audio/webm" : "audio/mp4";
    if (!(type === "audio/webm" ? webmIsWhole(bytes) : mp4IsWhole(bytes)))
      throw refuse("VOICE_TRUNCATED", VOICE_MSG.TRUNCATED);
    const [videoTracks, audioTracks] = await Promise.all([input.getVideoTracks(), input.getAudioTracks()]);
    if (videoTracks.length > 0) throw refuse("VOICE_HAS_VIDEO", VOICE_MSG.HAS_VIDEO);
    const [track] = audioTracks;
    if (!track || audioTracks.length > 1) throw refuse("VOICE_NOT_AUDIO", VOICE_MSG.NOT_AUDIO);
    const codec = track.codec;
    if ((codec !== "opus" && codec !== "aac") || track.numberOfChannels < 1 || track.numberOfChannels > 2)
      throw refuse("VOICE_NOT_AUDIO", VOICE_MSG.NOT_AUDIO);
    const durationMs = Math.round((await input.computeDuration()) * 1000);
    if (durationMs > limits.maxMs) throw refuse("VOICE_TOO_LONG", limits.tooLong);
    if (durationMs < VOICE_MIN_MS) throw refuse("VOICE_TOO_SHORT", VOICE_MSG.TOO_SHORT);
    if (Math.abs(durationMs - limits.declaredMs) > VOICE_DECLARED_TOLERANCE_MS)
      throw refuse("VOICE_TRUNCATED", VOICE_MSG.TRUNCATED);
    const cap = (durationMs / 1000) * (VOICE_MAX_BITS_PER_SECOND[codec] / 8) + VOICE_HEADER_ALLOWANCE;
    if (bytes.length > cap) throw refuse("VOICE_BITRATE", VOICE_MSG.BITRATE);
    return { type, codec, durationMs, bytes: bytes.length };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A container that opens but breaks further in (a forged header, a corrupt block).
    throw refuse("VOICE_NOT_AUDIO", VOICE_MSG.NOT_AUDIO);
  } finally {
    input.dispose();
  }
}
