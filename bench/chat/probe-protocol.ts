// Messages between the chat bench and the probe preloaded into its server children (probe.ts).

export type ProbeRequest =
  | { kind: "memory" }
  | { kind: "mark" }
  | { kind: "load" }
  /** Starts the CPU profiler, or the sampling heap profiler (memory still held at its stop). */
  | { kind: "profile-start"; profiler: "cpu" | "heap" }
  /** Stops that profiler and writes its profile (JSON) to `file`; a heap profile after a GC. */
  | { kind: "profile-stop"; profiler: "cpu" | "heap"; file: string };

export type ProbeReply =
  | { kind: "memory"; gc: boolean; rss: number; heapUsed: number; external: number }
  | { kind: "mark" }
  | {
      kind: "load";
      /** Event-loop delay since the mark, ms. */
      loopP50: number;
      loopP99: number;
      loopMax: number;
      /** CPU time of the process since the mark, as a share of one core. */
      cpuPercent: number;
      /** Garbage-collection pauses since the mark: how many, how many major, total and longest. */
      gcPauses: number;
      gcMajor: number;
      gcTotalMs: number;
      gcMaxMs: number;
    }
  | { kind: "profile-start" }
  | { kind: "profile-stop" };
