// The starting app: while the database opens, API requests wait for the full app rather than fail.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, createStartingApp } from "./app.ts";
import { BASE_URL, createTestApp, describeOnEngine, type TestApp } from "./test/harness.ts";

describeOnEngine("starting app", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("holds API requests until the full app is ready, then answers them", async () => {
    let open!: (app: App) => void;
    const ready = new Promise<App>((resolve) => {
      open = resolve;
    });
    const starting = createStartingApp(t.deps.config, t.deps.logger, ready);
    let settled = false;
    const pending = Promise.resolve(starting.request(`${BASE_URL}/api/health`)).then((res) => {
      settled = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);

    open(t.app);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    // Security headers are set on forwarded responses too.
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
