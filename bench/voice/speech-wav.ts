// A speech-like recording for Chromium's fake microphone (--use-file-for-fake-audio-capture): no
// text-to-speech on this machine, so a synthetic talker. Phrases of 4–12 syllables separated by
// pauses of 0.25–0.9 s; each syllable (3–5 a second) is a voiced vowel — a glottal pulse train,
// harmonics of a pitch that glides between 100 and 250 Hz along the phrase (falling at its end, as
// French intonation does), shaped by two formants of one of five vowels — opened and closed by a
// raised-cosine envelope, often preceded by a short consonant of filtered noise. Deterministic
// (seeded), 48 kHz 16-bit mono PCM, about −20 dBFS RMS while speaking.
import { mulberry32 as random } from "../../scripts/seed/random.ts";
import { wavFile as writeWav } from "../../server/test/voice.ts";

const RATE = 48_000;

/** Formants F1 / F2 (Hz) of a, é, i, o, ou, roughly as a French speaker says them. */
const VOWELS: readonly [number, number][] = [
  [750, 1300],
  [420, 2100],
  [300, 2300],
  [450, 850],
  [320, 750],
];

/** Gain of a harmonic at `f` Hz through a resonance at `fc` Hz of bandwidth `bw`. */
const resonance = (f: number, fc: number, bw: number) => 1 / Math.sqrt(1 + ((f - fc) / (bw / 2)) ** 2);

/** The samples (−1…1) of `seconds` of synthetic speech. */
export function speechSamples(seconds: number, seed = 37): Float32Array {
  const rnd = random(seed);
  const total = Math.round(seconds * RATE);
  const out = new Float32Array(total);
  let t = Math.round(0.3 * RATE);
  let phase = 0;
  let noiseState = 0;
  while (t < total) {
    const syllables = 4 + Math.floor(rnd() * 9);
    const base = 110 + rnd() * 90; // this phrase's register
    for (let s = 0; s < syllables && t < total; s++) {
      const rate = 3 + rnd() * 2; // syllables per second
      const length = Math.round(RATE / rate);
      const [f1, f2] = VOWELS[Math.floor(rnd() * VOWELS.length)]!;
      // Intonation: rises through the phrase, falls on its last syllable; ± jitter.
      const progressAt = s / syllables;
      const startPitch = Math.min(250, Math.max(100, base * (1 + 0.25 * progressAt) + (rnd() - 0.5) * 20));
      const endPitch =
        s === syllables - 1
          ? Math.max(100, startPitch * 0.75)
          : Math.min(250, startPitch * (0.95 + rnd() * 0.15));
      const loudness = 0.55 + rnd() * 0.45;
      // A consonant first, two syllables in three: 30–80 ms of noise, high (s, ch) or low (f, v).
      const consonant = rnd() < 0.67 ? Math.round((0.03 + rnd() * 0.05) * RATE) : 0;
      const bright = rnd() < 0.5;
      for (let i = 0; i < consonant && t + i < total; i++) {
        const white = rnd() * 2 - 1;
        // One-pole filter: high-passed for sibilants, low-passed for softer ones.
        noiseState = bright ? white - noiseState * 0.6 : noiseState * 0.7 + white * 0.3;
        const env = Math.sin((Math.PI * i) / consonant);
        out[t + i]! += 0.06 * loudness * env * noiseState;
      }
      t += consonant;
      const harmonics = Math.floor(4000 / 100);
      for (let i = 0; i < length && t + i < total; i++) {
        const x = i / length;
        const f0 = startPitch + (endPitch - startPitch) * x;
        phase += (2 * Math.PI * f0) / RATE;
        let v = 0;
        for (let h = 1; h <= harmonics; h++) {
          const f = h * f0;
          if (f > 4000) break;
          // Glottal source falls ~12 dB an octave; the vocal tract adds the two formants.
          const gain = (1 / h) * (0.15 + resonance(f, f1, 90) + 0.6 * resonance(f, f2, 120));
          v += gain * Math.sin(h * phase);
        }
        // Syllable envelope: raised cosine, a little shimmer.
        const env = 0.5 - 0.5 * Math.cos(2 * Math.PI * x);
        out[t + i]! += 0.11 * loudness * env * v * (1 + 0.05 * Math.sin(2 * Math.PI * 6 * (i / RATE)));
      }
      t += length;
      // A short gap between some syllables.
      if (rnd() < 0.3) t += Math.round((0.02 + rnd() * 0.06) * RATE);
    }
    t += Math.round((0.25 + rnd() * 0.65) * RATE); // the pause between phrases
  }
  // To −20 dBFS RMS while speaking, peaks kept under −1 dBFS.
  const { dbfs } = speechLevel(out);
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const gain = Math.min(10 ** ((-20 - dbfs) / 20), 0.89 / peak);
  for (let i = 0; i < total; i++) out[i]! *= gain;
  return out;
}

/** A 16-bit mono PCM WAV file of `samples` at 48 kHz (the tests' writer). */
export const wavFile = (samples: Float32Array): Uint8Array => writeWav(samples, RATE);

/** RMS of the non-silent stretches, in dBFS, and the share of time that is silent. */
export function speechLevel(samples: Float32Array): { dbfs: number; silent: number } {
  const block = RATE / 50;
  let sum = 0;
  let count = 0;
  let silent = 0;
  let blocks = 0;
  for (let i = 0; i + block <= samples.length; i += block) {
    let e = 0;
    for (let j = 0; j < block; j++) e += samples[i + j]! ** 2;
    blocks++;
    if (e / block < 1e-6) silent++;
    else {
      sum += e;
      count += block;
    }
  }
  return { dbfs: 10 * Math.log10(sum / Math.max(1, count)), silent: silent / Math.max(1, blocks) };
}
