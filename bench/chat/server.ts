// The API as the bench's child process: `node build/server/main.mjs` on a free port (started and
// stopped by the harness), with the probe (probe.ts) preloaded to read memory and load from inside,
// and its output read for error log entries.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { freePort, startServerProcess } from "../harness/server.ts";
import type { ProbeReply, ProbeRequest } from "./probe-protocol.ts";

export interface ServerOptions {
  dataDir: string;
  authSecret: string;
  /** Unset: the embedded database in `${dataDir}/db`. */
  databaseUrl?: string;
  label: string;
}

export interface ServerChild {
  label: string;
  /** Also PUBLIC_BASE_URL, hence the Origin header every request carries. */
  url: string;
  pid: number;
  /** VmRSS of the process, bytes, from /proc. */
  rss(): number;
  probe<R extends ProbeRequest>(request: R): Promise<Extract<ProbeReply, { kind: R["kind"] }>>;
  /** Error log entries since the last call. */
  takeErrors(): string[];
  stop(): Promise<void>;
}

/** Messages per minute and new conversations per day: out of the way of the bench. */
const NO_LIMIT = "100000000";

function vmRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

interface Output {
  /** The last lines printed, to explain a failed start. */
  tail(): string;
  /** Error log entries (pino level ≥ 50) since the last call, as "message: error message". */
  takeErrors(): string[];
}

/**
 * One line per kind of error: without a failed query's parameters (which differ every time; the
 * driver's own message follows them after the last ": "), blanks collapsed, at most 300 chars.
 */
function errorSummary(text: string): string {
  const params = text.indexOf("\nparams: ");
  const cause = text.lastIndexOf(": ");
  const kept = params >= 0 && cause > params ? text.slice(0, params) + text.slice(cause) : text;
  const line = kept.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Reads what a child prints (pino JSON lines at LOG_LEVEL=warn). */
function watchOutput(child: ChildProcess): Output {
  const lines: string[] = [];
  let errors: string[] = [];
  let partial = "";
  const keep = (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const complete = text.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete.filter(Boolean)) {
      lines.push(line);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) >= 50)
          errors.push(errorSummary(`${entry.msg ?? ""}: ${entry.err?.message ?? ""}`));
      } catch {
        // not a log entry
      }
    }
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return {
    tail: () => lines.join("\n"),
    takeErrors: () => {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}

export async function startServer(opts: ServerOptions): Promise<ServerChild> {
  let output: Output | undefined;
  // Replies come back in request order: one queue of resolvers.
  const waiting: ((reply: ProbeReply) => void)[] = [];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({
    // The compiled server (npm run build), as in production; tsx only loads the probe.
    entry: "build/server/main.mjs",
    nodeArgs: ["--expose-gc", "--import", "tsx", "--import", "./bench/chat/probe.ts"],
    port,
    env: {
      NODE_ENV: "development",
      PUBLIC_BASE_URL: url,
      DATA_DIR: opts.dataDir,
      AUTH_SECRET: opts.authSecret,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      MESSAGES_PER_MINUTE: NO_LIMIT,
      NEW_CONVERSATIONS_PER_DAY: NO_LIMIT,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    ready: "/api/health",
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    intervalMs: 50,
    onSpawn: (child) => {
      output = watchOutput(child);
      child.on("message", (reply: ProbeReply) => waiting.shift()?.(reply));
    },
    detail: () => `${opts.label}:\n${output?.tail() ?? ""}`,
  });
  const { child } = server;
  const pid = child.pid!;
  return {
    label: opts.label,
    url,
    pid,
    rss: () => vmRss(pid),
    probe: (request) =>
      new Promise((resolve, reject) => {
        waiting.push(resolve as (reply: ProbeReply) => void);
        if (!child.send(request)) reject(new Error(`${opts.label}: probe unreachable`));
      }),
    takeErrors: () => output!.takeErrors(),
    stop: server.stop,
  };
}
