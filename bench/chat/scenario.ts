// One measured configuration: N members connected to one or more server instances; messages sent
// between matched pairs, every delivery timed and counted; the instances' memory before and after
// the streams opened; a plain GET /api/health baseline. The sends come in three phases:
//   capacity  closed loop, CAPACITY_IN_FLIGHT POSTs at a time: the most messages per second the
//             configuration absorbs (its saturation point), to read the other rates against;
//   rate      open loop at the requested rate (sends are not held back by slow answers);
//   relaxed   only when the requested rate is above half the capacity: open loop again at half the
//             capacity, so that latency can also be read away from saturation;
//   simultaneous  both members of a conversation send at the same moment (both typing), for
//             SIMULTANEOUS_PAIRS conversations, SIMULTANEOUS_AT_ONCE of them at a time.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { type ProfileSummary, summarizeCpuProfile, summarizeHeapProfile } from "./profile.ts";
import type { Member, Pair, Population } from "./seed.ts";
import type { ServerChild } from "./server.ts";
import { SseStream } from "./sse.ts";
import { type DeliveryCounts, DeliveryTracker, type Latencies, type Phase } from "./tracker.ts";

export interface ScenarioOptions {
  servers: ServerChild[];
  population: Population;
  connections: number;
  /** Timed messages of the `rate` phase, after `warmup` untimed ones. */
  messages: number;
  warmup: number;
  /** Messages per second of the `rate` phase. */
  rate: number;
  healthRequests: number;
  /** When set, each server's CPU is profiled during the `rate` phase and summarized. */
  profileDir?: string | undefined;
  log: (message: string) => void;
}

export interface InstanceFigures {
  label: string;
  streams: number;
  rssIdle: number;
  rssOpen: number;
  heapIdle: number;
  heapOpen: number;
  gc: boolean;
  /** During the `rate` phase. */
  cpuPercent: number;
  loopP50: number;
  loopP99: number;
  loopMax: number;
  gcPauses: number;
  gcMajor: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

export interface PhaseResult extends Latencies {
  phase: Exclude<Phase, "warm-up">;
  targetRate: number;
  /** Open loop: sends issued per second; closed loop: POSTs answered 201 per second. */
  achievedRate: number;
}

export interface ScenarioResult {
  instances: InstanceFigures[];
  connections: number;
  openMs: number;
  health: number[];
  /** Messages per second answered 201 in the closed loop. */
  capacity: number;
  phases: PhaseResult[];
  counts: DeliveryCounts;
  dropped: number;
  firstDrop: string | null;
  /** Error log entries of the servers from the streams' opening on, distinct ones with counts. */
  serverErrors: { label: string; message: string; count: number }[];
  /** The bench process's own event-loop delay during the `rate` phase (it times everything). */
  benchLoopP99: number;
  benchLoopMax: number;
  /** With `profileDir`: where each server's CPU time went during the `rate` phase. */
  cpuProfiles: { label: string; summary: ProfileSummary }[];
  /** With `profileDir`: what holds each server's memory added by the open streams. */
  heapProfiles: { label: string; summary: ProfileSummary }[];
}

const OPEN_CONCURRENCY = 50;
const MAX_IN_FLIGHT = 1_000;
const DRAIN_TIMEOUT_MS = 15_000;
/** After everything arrived: how long to keep listening for duplicates. */
const DUPLICATE_WATCH_MS = 1_000;
const WARM_STREAMS = 20;
const WARM_MESSAGES = 100;
const CAPACITY_IN_FLIGHT = 16;
const CAPACITY_MS = 10_000;
/** The relaxed phase runs at this share of the capacity, for at most RELAXED_MAX_S seconds. */
const RELAXED_SHARE = 0.5;
const RELAXED_MAX_S = 60;
const SIMULTANEOUS_PAIRS = 200;
const SIMULTANEOUS_AT_ONCE = 10;
/** Event-loop delay sampling; the histogram's values exceed the delay by this much. */
const LOOP_RESOLUTION_MS = 5;

/** Small seeded PRNG (mulberry32): the same run picks the same conversations. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Member i's instance: with two, the two members of a pair (2k, 2k+1) are on different ones. */
const serverOf = (servers: ServerChild[], member: number) => servers[member % servers.length]!;

function headers(server: ServerChild, member: Member): Record<string, string> {
  return { cookie: member.cookie, origin: server.url };
}

/** Opens the members' streams, `OPEN_CONCURRENCY` at a time; resolves when all are ready. */
async function openStreams(
  servers: ServerChild[],
  members: Member[],
  tracker: DeliveryTracker,
): Promise<Map<number, SseStream>> {
  const streams = new Map<number, SseStream>();
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const m = members[next++]!;
      const server = serverOf(servers, m.index);
      const s = new SseStream(`${server.url}/api/events`, headers(server, m), (e) =>
        tracker.onEvent(m.index, e),
      );
      streams.set(m.index, s);
      await s.open();
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  return streams;
}

function closeStreams(streams: Map<number, SseStream>): void {
  for (const s of streams.values()) s.close();
}

/** One message from a random member of a random pair, through that member's instance. */
class Sender {
  private readonly pick: () => number;

  constructor(
    private readonly servers: ServerChild[],
    private readonly population: Population,
    private readonly pairs: Pair[],
    private readonly tracker: DeliveryTracker,
    seed: number,
  ) {
    this.pick = random(seed);
  }

  /** Sends in `pair` (default: a random one) from member `sender` (default: either, at random). */
  async send(phase: Phase, pair = this.randomPair(), sender?: number): Promise<void> {
    const member = this.population.members[sender ?? (this.pick() < 0.5 ? pair.a : pair.b)]!;
    const server = serverOf(this.servers, member.index);
    const from = member.index;
    const r = this.tracker.begin({
      matchId: pair.matchId,
      from,
      to: from === pair.a ? pair.b : pair.a,
      phase,
    });
    const body = JSON.stringify({ content: this.tracker.content(r.seq) });
    r.start = performance.now();
    try {
      const res = await fetch(`${server.url}/api/matches/${pair.matchId}/messages`, {
        method: "POST",
        headers: { ...headers(server, member), "content-type": "application/json" },
        body,
      });
      const text = await res.text();
      r.postMs = performance.now() - r.start;
      if (res.status === 201) r.status = 201;
      else this.tracker.failed(r, res.status, text);
    } catch (err) {
      r.postMs = performance.now() - r.start;
      this.tracker.failed(r, 0, String(err));
    }
  }

  private randomPair(): Pair {
    return this.pairs[Math.floor(this.pick() * this.pairs.length)]!;
  }

  /** Both members of each of `count` random conversations at once, `atOnce` conversations at a time. */
  async simultaneous(count: number, atOnce: number): Promise<void> {
    const chosen = new Set<Pair>();
    while (chosen.size < Math.min(count, this.pairs.length)) chosen.add(this.randomPair());
    const queue = [...chosen];
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        for (let pair = queue.pop(); pair; pair = queue.pop())
          await Promise.all([
            this.send("simultaneous", pair, pair.a),
            this.send("simultaneous", pair, pair.b),
          ]);
      }),
    );
  }

  /** Open loop: `total` sends at `rate` per second; returns the rate at which they were issued. */
  async atRate(total: number, rate: number, phase: (i: number) => Phase): Promise<number> {
    const interval = 1000 / rate;
    const inFlight = new Set<Promise<void>>();
    const t0 = performance.now();
    let last = t0;
    for (let i = 0; i < total; i++) {
      const wait = t0 + i * interval - performance.now();
      if (wait > 0) await sleep(wait);
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
      const p = this.send(phase(i)).finally(() => inFlight.delete(p));
      inFlight.add(p);
      last = performance.now();
    }
    await Promise.all(inFlight);
    return total <= 1 ? rate : (total - 1) / ((last - t0) / 1000);
  }

  /** Closed loop: `inFlight` senders for `ms`; returns messages answered 201 per second. */
  async saturate(inFlight: number, ms: number): Promise<number> {
    const before = this.tracker.counts().sent;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (performance.now() - t0 < ms) await this.send("capacity");
      }),
    );
    return (this.tracker.counts().sent - before) / ((performance.now() - t0) / 1000);
  }
}

/** Waits until every delivery arrived (or a timeout), then a little longer for duplicates. */
async function drain(tracker: DeliveryTracker): Promise<void> {
  const started = performance.now();
  while (!tracker.settled() && performance.now() - started < DRAIN_TIMEOUT_MS) await sleep(20);
  await sleep(DUPLICATE_WATCH_MS);
}

async function memory(server: ServerChild): Promise<{ rss: number; heap: number; gc: boolean }> {
  const m = await server.probe({ kind: "memory" });
  await sleep(300);
  return { rss: server.rss(), heap: m.heapUsed, gc: m.gc };
}

async function healthBaseline(servers: ServerChild[], requests: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = -Math.min(100, requests); i < requests; i++) {
    const server = servers[Math.abs(i) % servers.length]!;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/health`, { headers: { origin: server.url } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/health: ${res.status}`);
    if (i >= 0) samples.push(performance.now() - started);
  }
  return samples;
}

/** Warm-up, so that code loaded and compiled on first use is not counted as per-stream memory. */
async function warmUp(servers: ServerChild[], population: Population, pairs: Pair[]): Promise<void> {
  const tracker = new DeliveryTracker(randomBytes(4).toString("hex"));
  const members = population.members.slice(0, WARM_STREAMS);
  const streams = await openStreams(servers, members, tracker);
  const sender = new Sender(servers, population, pairs.slice(0, WARM_STREAMS / 2), tracker, 1);
  await sender.atRate(WARM_MESSAGES, 100, () => "warm-up");
  await drain(tracker);
  closeStreams(streams);
  await healthBaseline(servers, 200);
  await sleep(1_000);
}

export async function runScenario(opts: ScenarioOptions): Promise<ScenarioResult> {
  const { servers, population, connections, log } = opts;
  if (connections > population.members.length || connections % 2 !== 0)
    throw new Error(`connections: an even number up to ${population.members.length}`);
  const members = population.members.slice(0, connections);
  const pairs = population.pairs.filter((p) => p.b < connections);

  log("warm-up…");
  await warmUp(servers, population, pairs);
  const idle = await Promise.all(servers.map(memory));
  for (const s of servers) s.takeErrors();

  const { profileDir } = opts;
  const profileFile = (s: ServerChild, kind: "cpu" | "heap") =>
    path.join(profileDir ?? "", `${s.label}-${connections}.${kind === "cpu" ? "cpuprofile" : "heapprofile"}`);
  const profile = async (kind: "cpu" | "heap", step: "start" | "stop") => {
    if (!profileDir) return;
    await Promise.all(
      servers.map((s) =>
        step === "start"
          ? s.probe({ kind: "profile-start", profiler: kind })
          : s.probe({ kind: "profile-stop", profiler: kind, file: profileFile(s, kind) }),
      ),
    );
  };

  log(`opening ${connections.toLocaleString("en")} streams…`);
  const tracker = new DeliveryTracker(randomBytes(4).toString("hex"));
  await profile("heap", "start");
  const openStarted = performance.now();
  const streams = await openStreams(servers, members, tracker);
  const openMs = performance.now() - openStarted;
  await sleep(1_000);
  const open = await Promise.all(servers.map(memory));
  await profile("heap", "stop");

  log("GET /api/health baseline…");
  const health = await healthBaseline(servers, opts.healthRequests);

  const sender = new Sender(servers, population, pairs, tracker, connections);
  log(`capacity: ${CAPACITY_IN_FLIGHT} POSTs in flight for ${CAPACITY_MS / 1000} s…`);
  const capacity = await sender.saturate(CAPACITY_IN_FLIGHT, CAPACITY_MS);
  await drain(tracker);
  const phases: PhaseResult[] = [
    { phase: "capacity", targetRate: Number.NaN, achievedRate: capacity, ...tracker.latencies("capacity") },
  ];

  log(
    `sending ${opts.warmup + opts.messages} messages at ${opts.rate}/s (capacity ${capacity.toFixed(0)}/s)…`,
  );
  await profile("cpu", "start");
  await Promise.all(servers.map((s) => s.probe({ kind: "mark" })));
  const benchLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  benchLoop.enable();
  const achieved = await sender.atRate(opts.warmup + opts.messages, opts.rate, (i) =>
    i < opts.warmup ? "warm-up" : "rate",
  );
  const load = await Promise.all(servers.map((s) => s.probe({ kind: "load" })));
  benchLoop.disable();
  await profile("cpu", "stop");
  await drain(tracker);
  phases.push({ phase: "rate", targetRate: opts.rate, achievedRate: achieved, ...tracker.latencies("rate") });

  const relaxed = Math.max(1, Math.floor(capacity * RELAXED_SHARE));
  if (relaxed < opts.rate) {
    const total = Math.min(opts.messages, relaxed * RELAXED_MAX_S);
    log(`relaxed: ${total} messages at ${relaxed}/s (half the capacity)…`);
    const rate = await sender.atRate(total, relaxed, () => "relaxed");
    await drain(tracker);
    phases.push({
      phase: "relaxed",
      targetRate: relaxed,
      achievedRate: rate,
      ...tracker.latencies("relaxed"),
    });
  }

  log(`simultaneous: both members of ${SIMULTANEOUS_PAIRS} conversations at once…`);
  await sender.simultaneous(SIMULTANEOUS_PAIRS, SIMULTANEOUS_AT_ONCE);
  await drain(tracker);
  phases.push({
    phase: "simultaneous",
    targetRate: Number.NaN,
    achievedRate: Number.NaN,
    ...tracker.latencies("simultaneous"),
  });

  const dropped = [...streams.values()].filter((s) => s.dropped !== null);
  closeStreams(streams);
  const serverErrors = servers.flatMap((s) => {
    const counts = new Map<string, number>();
    for (const e of s.takeErrors()) counts.set(e, (counts.get(e) ?? 0) + 1);
    return [...counts].map(([message, count]) => ({ label: s.label, message, count }));
  });
  return {
    instances: servers.map((s, i) => ({
      label: s.label,
      streams: members.filter((m) => serverOf(servers, m.index) === s).length,
      rssIdle: idle[i]!.rss,
      rssOpen: open[i]!.rss,
      heapIdle: idle[i]!.heap,
      heapOpen: open[i]!.heap,
      gc: idle[i]!.gc,
      cpuPercent: load[i]!.cpuPercent,
      loopP50: load[i]!.loopP50,
      loopP99: load[i]!.loopP99,
      loopMax: load[i]!.loopMax,
      gcPauses: load[i]!.gcPauses,
      gcMajor: load[i]!.gcMajor,
      gcTotalMs: load[i]!.gcTotalMs,
      gcMaxMs: load[i]!.gcMaxMs,
    })),
    connections,
    openMs,
    health,
    capacity,
    phases,
    counts: tracker.counts(),
    dropped: dropped.length,
    firstDrop: dropped[0]?.dropped ?? null,
    serverErrors,
    benchLoopP99: Math.max(0, benchLoop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
    benchLoopMax: Math.max(0, benchLoop.max / 1e6 - LOOP_RESOLUTION_MS),
    cpuProfiles: profileDir
      ? servers.map((s) => ({ label: s.label, summary: summarizeCpuProfile(profileFile(s, "cpu")) }))
      : [],
    heapProfiles: profileDir
      ? servers.map((s) => ({ label: s.label, summary: summarizeHeapProfile(profileFile(s, "heap")) }))
      : [],
  };
}
