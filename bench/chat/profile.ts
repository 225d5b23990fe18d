// Reads the V8 profiles the probe writes and tells where the server's time or memory went:
//  - a CPU profile (.cpuprofile) of the sends: self time by origin (package, project folder, Node
//    core, WebAssembly, GC, idle) and by function, and inclusive time of the server's own functions;
//  - a sampling heap profile of the streams' opening, taken after a GC: the memory still held, by
//    the origin and the function that allocated it, and inclusive by server function.
// Stacks are synchronous only: what runs after an `await` is charged to whatever resumed it.
import { readFileSync } from "node:fs";
import path from "node:path";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

interface HeapNode {
  id: number;
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

export interface ProfileLine {
  name: string;
  /** Milliseconds (CPU) or bytes (heap). */
  amount: number;
  share: number;
}

export interface ProfileSummary {
  /** Milliseconds sampled (CPU) or bytes still held (heap). */
  total: number;
  byOrigin: ProfileLine[];
  bySelf: ProfileLine[];
  serverInclusive: ProfileLine[];
}

const LINES = 12;
const root = process.cwd();

/** Where a frame's code comes from: a package, a project folder, Node itself, or a V8 pseudo-frame. */
function origin(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("wasm://")) return "WebAssembly";
  if (url.startsWith("node:")) return "Node core";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const file = url.startsWith("file://") ? new URL(url).pathname : url;
  const rel = path.relative(root, file);
  return rel.startsWith("..") ? "(other)" : rel.split("/").slice(0, 2).join("/");
}

function frameName(frame: CallFrame): string {
  const fn = frame.functionName || "(anonymous)";
  if (!frame.url) return fn;
  const file = frame.url.startsWith("file://") ? new URL(frame.url).pathname : frame.url;
  const short = file.includes("node_modules/")
    ? file.slice(file.lastIndexOf("node_modules/") + "node_modules/".length)
    : path.relative(root, file) || file;
  // Code compiled on the fly (tsx) and minified bundles report line 1: no use printing it.
  return frame.lineNumber > 0 ? `${fn} ${short}:${frame.lineNumber + 1}` : `${fn} ${short}`;
}

/** Sums amounts charged to leaf frames, given each frame's parent. */
class Tally {
  private readonly self = new Map<string, number>();
  private readonly byOrigin = new Map<string, number>();
  private readonly inclusive = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly frames: Map<number, CallFrame>,
    private readonly parent: Map<number, number>,
  ) {}

  add(leaf: number, amount: number): void {
    const frame = this.frames.get(leaf);
    if (!frame || amount === 0) return;
    this.total += amount;
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + amount);
    bump(this.self, frameName(frame));
    bump(this.byOrigin, origin(frame));
    // Each project function of the stack once, however deep the recursion.
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = this.parent.get(id)) {
      const f = this.frames.get(id)!;
      if (!origin(f).startsWith("server/")) continue;
      const key = frameName(f);
      if (!seen.has(key)) bump(this.inclusive, key);
      seen.add(key);
    }
  }

  summary(scale: number): ProfileSummary {
    const top = (map: Map<string, number>) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, LINES)
        .map(([name, x]) => ({ name, amount: x * scale, share: x / this.total }));
    return {
      total: this.total * scale,
      byOrigin: top(this.byOrigin),
      bySelf: top(this.self),
      serverInclusive: top(this.inclusive),
    };
  }
}

/** A CPU profile: amounts in milliseconds. */
export function summarizeCpuProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const tally = new Tally(frames, parent);
  // timeDeltas[i] is the time before sample i: sample i lasted until sample i + 1.
  for (let i = 0; i < profile.samples.length; i++)
    tally.add(profile.samples[i]!, profile.timeDeltas[i + 1] ?? 0);
  return tally.summary(1 / 1000);
}

/** A sampling heap profile: amounts in bytes. */
export function summarizeHeapProfile(file: string): ProfileSummary {
  const head = (JSON.parse(readFileSync(file, "utf8")) as { head: HeapNode }).head;
  const frames = new Map<number, CallFrame>();
  const parent = new Map<number, number>();
  const nodes: HeapNode[] = [];
  for (const stack = [head]; stack.length > 0; ) {
    const node = stack.pop()!;
    frames.set(node.id, node.callFrame);
    nodes.push(node);
    for (const c of node.children) {
      parent.set(c.id, node.id);
      stack.push(c);
    }
  }
  const tally = new Tally(frames, parent);
  for (const node of nodes) tally.add(node.id, node.selfSize);
  return tally.summary(1);
}
