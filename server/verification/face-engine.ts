// Face analysis on our own servers (docs/decisions/0013-verified-profiles.md): @vladmandic/human on
// TensorFlow.js's WebAssembly backend, with the models that ship inside its npm package, read from
// disk — nothing is fetched, from a CDN or anywhere else. One engine per process, loaded on first
// use; analyses run one at a time (the WebAssembly backend is single-threaded anyway).
//
// Human's package "exports" map has no "./" entries, so its Node WebAssembly build is required by
// its file path; its models are read from the package through server/ml/tfjs.ts's file:// router.
import path from "node:path";
import sharp from "sharp";
import { require, type Tf, tfjs, WASM_DIR } from "../ml/tfjs.ts";

// Types only, from Human's declarations; the runtime module is required below.
type HumanModule = typeof import("@vladmandic/human");
type Human = InstanceType<HumanModule["Human"]>;

export interface FaceFinding {
  /** Detection confidence, 0 to 1. */
  score: number;
  /** [x, y, width, height] in pixels of the analysed image. */
  box: [number, number, number, number];
  /** The face's descriptor (1024 numbers): compared with similarity(). */
  embedding: number[];
  /** Anti-spoofing and liveness models' confidence that the face is real and live, 0 to 1. */
  real: number;
  live: number;
  /** Head rotation in radians: roll (tilt, positive clockwise in the image), yaw (turn), pitch. */
  roll: number;
  yaw: number;
  pitch: number;
  /** Confidence that the face smiles (the emotion model's « happy »), 0 to 1. */
  smile: number;
  /** Eyes closed in this frame, as Human's gestures say. */
  blink: boolean;
  /**
   * Mouth width over the distance between the outer eye corners, from the face mesh: it grows with
   * a smile and, unlike the emotion model, does not move when a picture is tilted or lit differently.
   */
  mouthWidth: number;
}

export interface FaceAnalysis {
  width: number;
  height: number;
  faces: FaceFinding[];
}

/** Largest side an image is analysed at: enough for a face filling part of a selfie. */
const MAX_SIDE = 1024;

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

export class FaceEngine {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly human: Human,
    private readonly tf: Tf,
  ) {}

  static async load(): Promise<FaceEngine> {
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
    return new FaceEngine(human, tf);
  }

  /** The faces in an image (JPEG, PNG, WebP…), largest first. */
  analyse(image: Buffer): Promise<FaceAnalysis> {
    const run = this.queue.then(() => this.run(image));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** How alike two descriptors are, 0 (different people) to 1 (the same image). */
  similarity(a: readonly number[], b: readonly number[]): number {
    return this.human.match.similarity(a as number[], b as number[]);
  }

  private async run(image: Buffer): Promise<FaceAnalysis> {
    const { data, info } = await sharp(image)
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const tensor = this.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
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
      faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      return { width: info.width, height: info.height, faces };
    } finally {
      tensor.dispose();
    }
  }
}

let shared: Promise<FaceEngine> | null = null;

/** The process's engine, loaded once (about a second; the models stay in memory). */
export function faceEngine(): Promise<FaceEngine> {
  shared ??= FaceEngine.load().catch((err) => {
    shared = null;
    throw err;
  });
  return shared;
}
