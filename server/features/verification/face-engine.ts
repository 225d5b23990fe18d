// Face analysis on our own servers (docs/decisions/0013-verified-profiles.md). The models
// (@vladmandic/human, server/platform/ml/models/human-model.ts) run in the ML worker thread
// (server/platform/ml/ml-worker.ts), so an analysis never holds the event loop; here the image is decoded and
// resized with sharp (libuv's pool) and its pixels sent there. Descriptors are compared here.
import { createHash } from "node:crypto";
import { memberImage } from "../../platform/images/index.ts";
import { type MlClient, mlClient } from "../../platform/ml/ml-client.ts";
import type { FaceFinding } from "../../platform/ml/protocol.ts";

export type { FaceFinding } from "../../platform/ml/protocol.ts";

export interface FaceAnalysis {
  width: number;
  height: number;
  faces: FaceFinding[];
}

/** Largest side an image is analysed at: enough for a face filling part of a selfie. */
const MAX_SIDE = 1024;

/**
 * How alike two descriptors are, 0 (different people) to 1 (the same image): Human's
 * match.similarity with its defaults (Euclidean distance × 25, mapped from 0.2–0.8 to 0–1, rounded
 * to hundredths); face-engine.test.ts checks that the two agree.
 */
export function similarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - (b[i] ?? 0);
    sum += d * d;
  }
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const norm = (1 - Math.sqrt(distance) / 100 - 0.2) / (0.8 - 0.2);
  return Math.round(100 * Math.max(Math.min(norm, 1), 0)) / 100;
}

/**
 * Analyses kept, by the SHA-256 of the image: the same bytes always give the same analysis, and the
 * same bytes come back — a member's profile photos (their keys name fixed contents) are analysed
 * again at every verification attempt and every re-check, about a third of a CPU-second each.
 * About 20 KB an entry (a face's descriptor is 1,024 numbers).
 */
const KEPT_ANALYSES = 64;

export class FaceEngine {
  /** Least recently used first (a Map keeps insertion order); pending analyses included. */
  private readonly kept = new Map<string, Promise<FaceAnalysis>>();

  constructor(private readonly ml: MlClient) {}

  /** The faces in an image (JPEG, PNG, WebP…), largest first. */
  async analyse(image: Buffer): Promise<FaceAnalysis> {
    const digest = createHash("sha256").update(image).digest("base64");
    let analysis = this.kept.get(digest);
    if (analysis) this.kept.delete(digest);
    else {
      analysis = this.analyseAnew(image);
      // A failed analysis (worker down, overloaded) is not kept: the next request tries again.
      analysis.catch(() => this.kept.get(digest) === analysis && this.kept.delete(digest));
    }
    this.kept.set(digest, analysis);
    if (this.kept.size > KEPT_ANALYSES) this.kept.delete(this.kept.keys().next().value!);
    // Each caller gets its own copy to read or change.
    return structuredClone(await analysis);
  }

  private async analyseAnew(image: Buffer): Promise<FaceAnalysis> {
    // Frames a member sent, or stored photos: under the one pixel limit (server/images).
    const { data, info } = await memberImage(image)
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A copy the worker can own: sharp's buffer may be a slice of a shared pool.
    const pixels = new Uint8Array(data);
    const faces = await this.ml.call({ op: "faces", pixels, width: info.width, height: info.height });
    return { width: info.width, height: info.height, faces };
  }

  similarity(a: readonly number[], b: readonly number[]): number {
    return similarity(a, b);
  }
}

let shared: Promise<FaceEngine> | null = null;

/** The process's engine, its models loaded in the ML worker (about a second, then kept in memory). */
export function faceEngine(): Promise<FaceEngine> {
  const ml = mlClient();
  shared ??= ml
    .call({ op: "load", model: "faces" })
    .then(() => new FaceEngine(ml))
    .catch((err) => {
      shared = null;
      throw err;
    });
  return shared;
}
