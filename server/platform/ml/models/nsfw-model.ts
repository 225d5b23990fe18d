// The nudity model, run inside the ML worker (server/platform/ml/ml-worker.ts): nsfwjs's MobileNetV2, bundled
// inside the package as JavaScript, on the shared TensorFlow.js WebAssembly backend.
import path from "node:path";
import { NSFW_INPUT, type NudityScores } from "../protocol.ts";
import { require, type Tf, tfjs } from "../tfjs.ts";

type NsfwModule = typeof import("nsfwjs");
type Model = Awaited<ReturnType<NsfwModule["load"]>>;

/**
 * The model's weights, as the package bundles them: a JavaScript module whose export is one
 * base64 string of 3.5 MB. nsfwjs imports it through TypeScript's `__importStar`, which copies every
 * property of the export — here every character of the string, each as a getter: about 5 of the
 * 5.5 CPU-seconds of a load. nsfwjs reads the same string from a global of this name when it is
 * there (its route for script tags), so the load hands it over that way.
 */
const WEIGHTS_GLOBAL = "group1_shard1of1";
const WEIGHTS_FILE = "../models/mobilenet_v2/group1-shard1of1.min.js";

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
    const global = globalThis as Record<string, unknown>;
    const weightsFile = path.join(path.dirname(require.resolve("nsfwjs")), WEIGHTS_FILE);
    global[WEIGHTS_GLOBAL] = require(weightsFile);
    try {
      return new NsfwModel(await nsfw.load("MobileNetV2"), tf);
    } finally {
      console.info = info;
      // The model holds its own copy of the weights: the string need not stay in memory.
      delete global[WEIGHTS_GLOBAL];
      delete require.cache[weightsFile];
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
