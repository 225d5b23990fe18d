// coturn (Debian's turnserver 4.6.1) for the bench: the command line of e2e/playwright.config.ts on a
// free port of its own with a range of 400 relay ports, a random shared secret, `-v` (one line per
// session event, kept for a failure's message), ready once its port accepts a TCP connection, and
// stopped whatever happens (SIGTERM, then SIGKILL after 2 s): an undo step of cleanup.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { deferCleanup } from "../harness/cleanup.ts";
import { freePort } from "../harness/server.ts";

export interface Coturn {
  pid: number;
  port: number;
  secret: string;
  /** The app's TURN_URLS: UDP and TCP on the same port. */
  urls: string;
  relayPorts: [number, number];
  /** Milliseconds from the spawn to the first accepted TCP connection. */
  readyMs: number;
  /** The last lines it printed (for a failure's message). */
  tail(): string;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 2_000;
const READY_TIMEOUT_MS = 15_000;

/** Whether 127.0.0.1:`port` accepts a TCP connection now. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.setTimeout(500, () => done(false));
  });

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const late = await Promise.race([exited.then(() => false), sleep(STOP_GRACE_MS).then(() => true)]);
  if (late) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** Starts coturn with its pid file in `dir`; resolves once its port accepts TCP. */
export async function startCoturn(dir: string): Promise<Coturn> {
  const port = await freePort();
  const secret = randomBytes(24).toString("hex");
  // Below Linux's ephemeral range (32768–60999), so that no other socket of the machine holds them.
  const low = 20_000 + randomInt(0, 24) * 400;
  const relayPorts: [number, number] = [low, low + 399];
  const args = [
    "-n",
    "--log-file=stdout",
    "--simple-log",
    "-v",
    "--listening-ip=127.0.0.1",
    "--relay-ip=127.0.0.1",
    `--listening-port=${port}`,
    `--min-port=${relayPorts[0]}`,
    `--max-port=${relayPorts[1]}`,
    "--use-auth-secret",
    `--static-auth-secret=${secret}`,
    "--realm=passerelle.test",
    "--no-tls",
    "--no-dtls",
    "--no-cli",
    "--fingerprint",
    // Both ends of every call are on this machine. Never in production (docs/operations.md).
    "--allow-loopback-peers",
    `--pidfile=${path.join(dir, "turnserver.pid")}`,
    // As root, coturn would keep root's rights: it drops them to the package's own user.
    ...(process.getuid?.() === 0 ? ["--proc-user=turnserver", "--proc-group=turnserver"] : []),
  ];
  const started = performance.now();
  const child = spawn("/usr/bin/turnserver", args, { stdio: ["ignore", "pipe", "pipe"] });
  const stop = deferCleanup(() => stopChild(child));
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const tail = () => lines.slice(-20).join("\n");
  if (child.pid === undefined) {
    await stop();
    throw new Error("turnserver: could not start (apt-get install -y coturn)");
  }
  // Ready: its port accepts a TCP connection (coturn prints no line when it is).
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`turnserver exited during start-up:\n${tail()}`);
    }
    if (await accepts(port)) break;
    if (performance.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`turnserver: port ${port} not accepting after ${READY_TIMEOUT_MS} ms:\n${tail()}`);
    }
    await sleep(20);
  }
  return {
    pid: child.pid,
    port,
    secret,
    urls: `turn:127.0.0.1:${port}?transport=udp,turn:127.0.0.1:${port}?transport=tcp`,
    relayPorts,
    readyMs: performance.now() - started,
    tail,
    stop,
  };
}
