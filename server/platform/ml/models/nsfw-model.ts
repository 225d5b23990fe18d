// The nudity model, run inside the ML worker (server/platform/ml/ml-worker.ts): nsfwjs's MobileNetV2, bundled
// inside the package as JavaScript, on the shared TensorFlow.js WebAssembly backend.
import { NSFW_INPUT, type NudityScores } from "../protocol.ts";
import { require, type Tf, tfjs } from "../tfjs.ts";

type NsfwModule = typeof import("nsfwjs");
type Model = Awaited<ReturnType<NsfwModule["load"]>>;

export class NsfwModel {
  private constructor(
    private readonly model: Model,
    private readonly tf: Tf,
  ) {}

  static async load(): Promise<NsfwModel> {
    const tf = await tfjs();
    // The CommonJS build, so that it shares our tfjs-core (and its WebAssembly backend).
    const nsfw = require("nsfwjs") as NsfwModule;
    // nsfwjs announces the bundled model on the console at load; the server's log is pino's alone.
    const info = console.info;
    console.info = () => undefined;
    try {
      return new NsfwModel(await nsfw.load("MobileNetV2"), tf);
    } finally {
      console.info = info;
    }
  }

  /** The model's probabilities for an RGB image of NSFW_INPUT × NSFW_INPUT × 3 bytes. */
  async classify(pixels: Uint8Array): Promise<NudityScores> {
    const input = this.tf.tensor3d(pixels, [NSFW_INPUT, NSFW_INPUT, 3], "int32");
    try {
      const classes = await this.model.classify(input as never, 5);
      const p = (name: string) => classes.find((c) => c.className === name)?.probability ?? 0;
      return { explicit: p("Porn") + p("Hentai"), suggestive: p("Sexy") };
    } finally {
      input.dispose();
    }
  }
}
