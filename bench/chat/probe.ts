// Preloaded into the server child by the chat bench (`node --expose-gc --import tsx --import
// ./bench/chat/probe.ts build/server/main.mjs`), never by the app itself. It answers the bench over the
// IPC channel: memory after a garbage collection, the event-loop delay and CPU time of the process
// between two marks, and a CPU profile of a chosen period. The server code is untouched.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { ProbeReply, ProbeRequest } from "./probe-protocol.ts";

const RESOLUTION_MS = 5;
const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
let cpuMark = process.cpuUsage();
/** GC pauses (duration in ms, major or not) since the mark. */
let pauses: { ms: number; major: boolean }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    pauses.push({ ms: e.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
  }
}).observe({ entryTypes: ["gc"] });
let wallMark = performance.now();
const profilers: { cpu: Session | null; heap: Session | null } = { cpu: null, heap: null };

async function answer(request: ProbeRequest): Promise<ProbeReply> {
  switch (request.kind) {
    case "memory": {
      const gc = (globalThis as { gc?: () => void }).gc;
      // Two collections a little apart, so that weak references and finalizers settle.
      gc?.();
      await sleep(200);
      gc?.();
      const m = process.memoryUsage();
      return { kind: "memory", gc: gc !== undefined, rss: m.rss, heapUsed: m.heapUsed, external: m.external };
    }
    case "mark": {
      loop.reset();
      loop.enable();
      cpuMark = process.cpuUsage();
      wallMark = performance.now();
      pauses = [];
      return { kind: "mark" };
    }
    case "load": {
      loop.disable();
      const cpu = process.cpuUsage(cpuMark);
      const wallMs = performance.now() - wallMark;
      // The histogram holds the interval between timer ticks: the delay is what exceeds it.
      const toMs = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
      return {
        kind: "load",
        loopP50: toMs(loop.percentile(50)),
        loopP99: toMs(loop.percentile(99)),
        loopMax: toMs(loop.max),
        cpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
        gcPauses: pauses.length,
        gcMajor: pauses.filter((p) => p.major).length,
        gcTotalMs: pauses.reduce((t, p) => t + p.ms, 0),
        gcMaxMs: pauses.reduce((m, p) => Math.max(m, p.ms), 0),
      };
    }
    case "profile-start": {
      const session = new Session();
      session.connect();
      if (request.profiler === "cpu") {
        await session.post("Profiler.enable");
        await session.post("Profiler.start");
      } else {
        await session.post("HeapProfiler.enable");
        await session.post("HeapProfiler.startSampling", { samplingInterval: 4096 });
      }
      profilers[request.profiler] = session;
      return { kind: "profile-start" };
    }
    case "profile-stop": {
      const session = profilers[request.profiler];
      profilers[request.profiler] = null;
      if (session) {
        let profile: unknown;
        if (request.profiler === "cpu") profile = (await session.post("Profiler.stop")).profile;
        else {
          // Only what is still alive counts: collect first.
          await session.post("HeapProfiler.collectGarbage");
          profile = (await session.post("HeapProfiler.stopSampling")).profile;
        }
        writeFileSync(request.file, JSON.stringify(profile));
        session.disconnect();
      }
      return { kind: "profile-stop" };
    }
  }
}

if (process.send) {
  process.on("message", (request: ProbeRequest) => {
    void answer(request).then((reply) => process.send?.(reply));
  });
  // The bench went away without stopping us (killed): shut down as on Ctrl-C, not linger.
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
