// Messages between the server's threads and the ML worker (server/platform/ml/ml-worker.ts). Images travel as
// raw RGB pixels, already decoded and resized by sharp on the calling side (off the event loop, in
// libuv's pool), their buffers transferred rather than copied.

export type MlRequest =
  | { op: "load"; model: "faces" | "nudity" }
  | { op: "faces"; pixels: Uint8Array; width: number; height: number }
  | { op: "nudity"; pixels: Uint8Array }
  | { op: "memory" };

export interface MlMemory {
  /** TensorFlow.js's tensors and their bytes, in the worker. */
  tensors: number;
  bytes: number;
}

export interface MlResults {
  load: null;
  faces: FaceFinding[];
  nudity: NudityScores;
  memory: MlMemory;
}

export type MlReply<K extends keyof MlResults = keyof MlResults> =
  | { id: number; ok: true; result: MlResults[K] }
  | { id: number; ok: false; error: string };

/** The nudity model's probabilities for an image (server/features/moderation/photo-screen.ts). */
export interface NudityScores {
  explicit: number;
  suggestive: number;
}

/** The side of the square image the nudity model takes. */
export const NSFW_INPUT = 224;

/** One face the face models found (server/features/verification/face-engine.ts compares them). */
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
