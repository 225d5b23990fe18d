// The two references bench/load.ts measures the app against, in the same run: the minimal node:http +
// pg server doing the same authenticated read (reference-server.ts, a child process), and a bare
// node:http server answering a fixed JSON body (in the bench's process: the stack's ceiling).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";

export const REFERENCE_PORT = 3241;

/** bench/load/reference-server.ts on the database of `env`, once it listens. */
export async function startReference(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/load/reference-server.ts"], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (const started = Date.now(); Date.now() - started < 30_000; ) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGTERM");
  throw new Error("the reference server did not start");
}

export async function bareServerRun(connections: number, duration: number): Promise<autocannon.Result> {
  const body = JSON.stringify({ id: "x", firstName: "Awa", interests: ["Voyages"] });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", () => r()));
  const port = (bare.address() as AddressInfo).port;
  try {
    return await autocannon({ url: `http://127.0.0.1:${port}/`, connections, duration });
  } finally {
    bare.close();
  }
}
