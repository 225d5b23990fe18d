// What Linux says about a process (/proc): its CPU time (utime + stime, in clock ticks) and that of
// its children it has reaped, its resident and proportional memory, and this process's descendants
// (Chromium's many processes, coturn, a PostgreSQL server's backends).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second (getconf CLK_TCK; 100 on Linux). */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, clock ticks. */
  ticks: number;
  /** cutime + cstime: the children it has waited for, clock ticks. */
  reapedTicks: number;
}

/** /proc/<pid>/stat: the name sits in parentheses and may hold spaces, so fields are counted after it. */
function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const f = text.slice(close + 2).split(" ");
    // After the name: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17), so index = field − 3.
    return {
      pid,
      ppid: Number(f[1]),
      comm,
      ticks: Number(f[11]) + Number(f[12]),
      reapedTicks: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return null;
  }
}

/** A process's name (its `comm`), "" once it is gone. */
export const processName = (pid: number): string => stat(pid)?.comm ?? "";

/** utime + stime of one process, in ticks (0 once it is gone). */
export const cpuTicks = (pid: number): number => stat(pid)?.ticks ?? 0;

/** cutime + cstime of one process: its children that have ended and been waited for, in ticks. */
export const reapedTicks = (pid: number): number => stat(pid)?.reapedTicks ?? 0;

/** Every live descendant of `root` (children, grandchildren…) whose name matches `name`. */
export function descendants(root: number, name?: RegExp): number[] {
  const all = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => stat(Number(d)))
    .filter((s): s is Stat => s !== null);
  const children = new Map<number, Stat[]>();
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (!name || name.test(c.comm)) out.push(c.pid);
      walk(c.pid);
    }
  };
  walk(root);
  return out;
}

/** Ticks of a set of processes, per pid: read at the start and the end of a window. */
export const ticksOf = (pids: readonly number[]): Map<number, number> =>
  new Map(pids.map((pid) => [pid, cpuTicks(pid)]));

/**
 * CPU time spent between two readings, in seconds: processes born meanwhile count from zero, those
 * that ended meanwhile lose their last share (none do while a window holds steady).
 */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += Math.max(0, t - (before.get(pid) ?? 0));
  return ticks / CLK_TCK;
}

/** A `kB` line of /proc/<pid>/status or smaps_rollup, in bytes (0 when unreadable). */
function kbLine(file: string, key: string): number {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(readFileSync(file, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory (VmRSS) of one process, bytes. */
export const rssBytes = (pid: number): number => kbLine(`/proc/${pid}/status`, "VmRSS");

/** Proportional set size (shared pages divided among their users), bytes: sums without double counting. */
export const pssBytes = (pid: number): number => kbLine(`/proc/${pid}/smaps_rollup`, "Pss");
