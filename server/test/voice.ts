// Voice recordings for the tests (issue 37): real Chromium recordings committed under
// fixtures/voice/ (record.ts makes them), and the hostile files made from them here — a 10-minute
// recording, a cut one, a WAV under a .webm name.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  Input,
  Output,
  WEBM,
  WebMOutputFormat,
} from "mediabunny";

const FIXTURES = path.join(import.meta.dirname, "fixtures/voice");

/** beep-3s.webm (Opus in WebM, ≈ 2.9 s), beep-3s.mp4 (Opus in fragmented MP4), camera-1s.webm (VP8 + Opus). */
export function voiceFixture(name: "beep-3s.webm" | "beep-3s.mp4" | "camera-1s.webm"): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)));
}

/**
 * The beep recording's packets repeated `times` times, one after the other, in a whole WebM file;
 * `stretch` spreads the packets apart in time (a long file of few bytes, like a very low bit rate).
 */
export async function repeatedWebm(times: number, stretch = 1): Promise<Uint8Array> {
  const input = new Input({ formats: [WEBM], source: new BufferSource(voiceFixture("beep-3s.webm")) });
  const track = (await input.getPrimaryAudioTrack())!;
  const decoderConfig = (await track.getDecoderConfig())!;
  const packets = [];
  for await (const p of new EncodedPacketSink(track).packets()) packets.push(p);
  const span = ((await input.computeDuration()) + 0.06) * stretch;
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const source = new EncodedAudioPacketSource("opus");
  output.addAudioTrack(source);
  await output.start();
  for (let i = 0; i < times; i++)
    for (const [n, p] of packets.entries())
      await source.add(
        p.clone({ timestamp: p.timestamp * stretch + i * span }),
        i === 0 && n === 0 ? { decoderConfig } : undefined,
      );
  await output.finalize();
  return new Uint8Array(output.target.buffer!);
}

/** A 16-bit mono PCM WAV file of `samples` (−1 to 1) at `rate` Hz. */
export function wavFile(samples: Float32Array, rate = 48_000): Uint8Array {
  const data = samples.length * 2;
  const b = Buffer.alloc(44 + data);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++)
    b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  return new Uint8Array(b);
}

/** A second of a 440 Hz tone in a WAV file. */
export function wavSecond(): Uint8Array {
  const rate = 48_000;
  return wavFile(
    Float32Array.from({ length: rate }, (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / rate)),
    rate,
  );
}
