// The face models, run inside the ML worker (server/platform/ml/ml-worker.ts): @vladmandic/human on
// TensorFlow.js's WebAssembly backend, with the models that ship inside its npm package, read from
// disk — nothing is fetched, from a CDN or anywhere else.
//
// Human's package "exports" map has no "./" entries, so its Node WebAssembly build is required by
// its file path; its models are read from the package through server/platform/ml/tfjs.ts's file:// router.
import path from "node:path";
import type { FaceFinding } from "../protocol.ts";
import { require, type Tf, tfjs, WASM_DIR } from "../tfjs.ts";

// Types only, from Human's declarations; the runtime module is required below.
type HumanModule = typeof import("@vladmandic/human");
type Human = InstanceType<HumanModule["Human"]>;

const humanDist = path.dirname(require.resolve("@vladmandic/human"));
const MODELS = path.join(humanDist, "..", "models");

type Point = [number, number, number?];
const dist = (a: Point | undefined, b: Point | undefined) =>
  a && b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : Number.NaN;

/** Face mesh indices (MediaPipe's 468 points): mouth corners 61 and 291, outer eye corners 33 and 263. */
function mouthWidth(mesh: readonly Point[] | undefined): number {
  if (!mesh || mesh.length < 468) return 0;
  const ratio = dist(mesh[61], mesh[291]) / dist(mesh[33], mesh[263]);
  return Number.isFinite(ratio) ? ratio : 0;
}

export class HumanModel {
  private constructor(
    private readonly human: Human,
    private readonly tf: Tf,
  ) {}

  static async load(): Promise<HumanModel> {
    const tf = await tfjs();
    const { default: HumanClass } = require(path.join(humanDist, "human.node-wasm.js")) as {
      default: HumanModule["Human"];
    };
    const human = new HumanClass({
      backend: "wasm",
      wasmPath: WASM_DIR,
      modelBasePath: `file://${MODELS}/`,
      debug: false,
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { rotation: true, maxDetected: 3, minConfidence: 0.4, return: false },
        mesh: { enabled: true },
        iris: { enabled: true },
        description: { enabled: true },
        emotion: { enabled: true },
        antispoof: { enabled: true },
        liveness: { enabled: true },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      segmentation: { enabled: false },
      gesture: { enabled: true },
      filter: { enabled: false },
    });
    await human.load();
    return new HumanModel(human, tf);
  }

  /** The faces in an RGB image (height × width × 3 bytes), largest first. */
  async detect(pixels: Uint8Array, width: number, height: number): Promise<FaceFinding[]> {
    const tensor = this.tf.tensor3d(pixels, [height, width, 3], "int32");
    try {
      const result = await this.human.detect(tensor as never);
      const blinkOf = (i: number) =>
        result.gesture.some((g) => "face" in g && g.face === i && g.gesture.startsWith("blink"));
      const faces = result.face.map(
        (f, i): FaceFinding => ({
          score: f.score,
          box: f.box.map(Math.round) as FaceFinding["box"],
          embedding: f.embedding ? Array.from(f.embedding) : [],
          real: f.real ?? 0,
          live: f.live ?? 0,
          roll: f.rotation?.angle.roll ?? 0,
          yaw: f.rotation?.angle.yaw ?? 0,
          pitch: f.rotation?.angle.pitch ?? 0,
          smile: f.emotion?.find((e) => e.emotion === "happy")?.score ?? 0,
          blink: blinkOf(i),
          mouthWidth: mouthWidth(f.mesh),
        }),
      );
      return faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
    } finally {
      tensor.dispose();
    }
  }

  /** Human's own similarity, for the test that ours (face-engine.ts) computes the same. */
  similarity(a: readonly number[], b: readonly number[]): number {
    return this.human.match.similarity(a as number[], b as number[]);
  }
}
