// Messages between the server's threads and the ML worker (server/ml/ml-worker.ts). Images travel as
// raw RGB pixels, already decoded and resized by sharp on the calling side (off the event loop, in
// libuv's pool), their buffers transferred rather than copied.
import type { NudityScores } from "../moderation/photo-screen.ts";
import type { FaceFinding } from "../verification/face-engine.ts";

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
