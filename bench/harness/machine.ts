// The machine a bench ran on, printed the same way by every bench: Node's version, the cores and
// their model, and the load averages at the start and at the end (a busy machine skews every figure).
import { cpus, loadavg } from "node:os";

const loads = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" / ");

export interface Machine {
  /** One sentence: Node, cores, the load average at the start and now. */
  line(): string;
}

/** Reads the load average now (the start); each `line()` reads it again (the end). */
export function watchMachine(): Machine {
  const start = loadavg();
  return {
    line: () =>
      `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "?"}); load average (1 / 5 / 15 min) ${loads(start)} at the start, ${loads(loadavg())} at the end — run it on an idle machine.`,
  };
}
