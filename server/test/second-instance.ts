// A second API instance on the same PostgreSQL database as a test app: same settings, its own pool,
// event listener and streams — another process would have nothing more in common with the first.
import { createApp } from "../app.ts";
import { closeDeps, createDeps } from "../bootstrap.ts";
import type { AppDeps } from "../deps.ts";
import { createLogger } from "../platform/logger.ts";
import { BASE_URL, type TestApp } from "./harness.ts";

export interface SecondInstance {
  deps: AppDeps;
  /** A GET as the SPA sends it, on this instance. */
  get(path: string, cookie: string): Promise<Response>;
  close(): Promise<void>;
}

export async function secondInstance(first: TestApp): Promise<SecondInstance> {
  const deps = await createDeps(first.deps.config, createLogger("silent", false));
  const app = createApp(deps);
  return {
    deps,
    get: (path, cookie) =>
      Promise.resolve(app.request(`${BASE_URL}${path}`, { headers: { cookie, origin: BASE_URL } })),
    close: () => closeDeps(deps),
  };
}
