// The server's side of the ML worker (server/platform/ml/ml-worker.ts): one worker thread per process,
// started on first use, restarted after a crash or a stuck request. Callers get a promise per
// request; a request that cannot be served (queue full, worker down, timeout) rejects, and the
// features that depend on it answer 503 (fail closed: server/features/moderation, server/features/verification).
import { Worker } from "node:worker_threads";
import type { MlReply, MlRequest, MlResults } from "./protocol.ts";

export const ML_LIMITS = {
  /** Requests waiting or running at once; beyond, new ones are refused at once rather than queued. */
  MAX_PENDING: 64,
  /** A model's first load (reading and compiling the weights). */
  LOAD_TIMEOUT_MS: 120_000,
  /** One analysis, including its wait behind the queue. */
  RUN_TIMEOUT_MS: 60_000,
} as const;

export class MlUnavailableError extends Error {
  override name = "MlUnavailableError";
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export interface MlClientOptions {
  /** The worker's entry (tests start small workers of their own). */
  entry: URL;
  maxPending: number;
  loadTimeoutMs: number;
  runTimeoutMs: number;
}

export class MlClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly options: MlClientOptions;

  constructor(options: Partial<MlClientOptions> = {}) {
    this.options = {
      entry: new URL("./ml-worker.mjs", import.meta.url),
      maxPending: ML_LIMITS.MAX_PENDING,
      loadTimeoutMs: ML_LIMITS.LOAD_TIMEOUT_MS,
      runTimeoutMs: ML_LIMITS.RUN_TIMEOUT_MS,
      ...options,
    };
  }

  /** Sends a request; the pixels' buffer, if any, is transferred (the caller must not reuse it). */
  call<K extends MlRequest["op"]>(req: Extract<MlRequest, { op: K }>): Promise<MlResults[K]> {
    if (this.pending.size >= this.options.maxPending)
      return Promise.reject(new MlUnavailableError("ML worker: too many requests waiting"));
    const worker = this.start();
    const id = this.nextId++;
    const timeout = req.op === "load" ? this.options.loadTimeoutMs : this.options.runTimeoutMs;
    return new Promise<MlResults[K]>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A request this late means a stuck worker: start afresh rather than queue behind it.
        this.fail(new MlUnavailableError(`ML worker: "${req.op}" timed out after ${timeout} ms`));
      }, timeout);
      timer.unref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      // Keep the process alive while the worker has work (an idle worker must not hold it open).
      worker.ref();
      const transfer = "pixels" in req ? [req.pixels.buffer as ArrayBuffer] : [];
      worker.postMessage({ id, req }, transfer);
    });
  }

  /** Stops the worker; waiting requests reject. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(new MlUnavailableError("ML worker: closed"));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.entry);
    worker.unref();
    worker.on("message", (reply: MlReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      clearTimeout(p.timer);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) p.resolve(reply.result);
      else p.reject(new Error(reply.error));
    });
    worker.on("error", (err) => this.fail(new MlUnavailableError(`ML worker failed: ${err.message}`)));
    worker.on("exit", (code) => {
      if (this.worker === worker) this.fail(new MlUnavailableError(`ML worker exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  /** Rejects every waiting request and drops the worker; the next request starts a new one. */
  private fail(err: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
    if (worker) void worker.terminate();
  }
}

let shared: MlClient | null = null;

/** The process's ML worker. */
export function mlClient(): MlClient {
  shared ??= new MlClient();
  return shared;
}
