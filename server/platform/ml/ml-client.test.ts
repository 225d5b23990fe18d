// The ML worker's client: answers come back to the right caller, a model error rejects only its own
// request, and a worker that crashes, hangs or is flooded is refused or replaced — never waited on
// for ever (the features then answer 503).
import { afterEach, describe, expect, it } from "vitest";
import { MlClient, MlUnavailableError } from "./ml-client.ts";

/** A worker of the test's own, from source: it gets { id, req } and answers through reply(). */
const workerFrom = (body: string) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(`import { parentPort } from "node:worker_threads";
const reply = (m) => parentPort.postMessage(m);
parentPort.on("message", ({ id, req }) => { ${body} });`)}`,
  );

describe("ML worker client", () => {
  const clients: MlClient[] = [];
  const client = (...args: ConstructorParameters<typeof MlClient>) => {
    const c = new MlClient(...args);
    clients.push(c);
    return c;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  it("routes each answer to its request, and a failed request does not fail the others", async () => {
    const ml = client({
      entry: workerFrom(`
        if (req.op === "nudity" && req.pixels.length === 0) reply({ id, ok: false, error: "empty image" });
        else setTimeout(() => reply({ id, ok: true, result: { explicit: req.pixels[0] / 100, suggestive: 0 } }), 10 - req.pixels[0]);`),
    });
    const results = await Promise.allSettled([
      ml.call({ op: "nudity", pixels: Uint8Array.of(1) }),
      ml.call({ op: "nudity", pixels: new Uint8Array(0) }),
      ml.call({ op: "nudity", pixels: Uint8Array.of(9) }),
    ]);
    expect(results[0]).toEqual({ status: "fulfilled", value: { explicit: 0.01, suggestive: 0 } });
    expect(results[1]).toMatchObject({ status: "rejected", reason: { message: "empty image" } });
    expect(results[2]).toEqual({ status: "fulfilled", value: { explicit: 0.09, suggestive: 0 } });
  });

  it("transfers the pixels to the worker instead of copying them", async () => {
    const ml = client({
      entry: workerFrom(`reply({ id, ok: true, result: { explicit: 0, suggestive: 0 } });`),
    });
    const pixels = new Uint8Array(224 * 224 * 3);
    await ml.call({ op: "nudity", pixels });
    expect(pixels.byteLength).toBe(0);
  });

  it("rejects the waiting requests of a worker that dies, and starts a new one for the next", async () => {
    const ml = client({
      entry: workerFrom(`if (req.op === "memory") process.exit(3); reply({ id, ok: true, result: null });`),
    });
    await expect(ml.call({ op: "memory" })).rejects.toBeInstanceOf(MlUnavailableError);
    await expect(ml.call({ op: "load", model: "faces" })).resolves.toBeNull();
  });

  it("gives up on a request the worker does not answer in time, and replaces the worker", async () => {
    const ml = client({
      runTimeoutMs: 200,
      entry: workerFrom(`if (req.op !== "faces") reply({ id, ok: true, result: null });`),
    });
    await expect(ml.call({ op: "faces", pixels: Uint8Array.of(0), width: 1, height: 1 })).rejects.toThrow(
      /timed out/,
    );
    await expect(ml.call({ op: "load", model: "nudity" })).resolves.toBeNull();
  });

  it("refuses new requests at once when too many are waiting", async () => {
    const ml = client({ maxPending: 3, entry: workerFrom(`/* never answers */`) });
    const waiting = Promise.allSettled([1, 2, 3].map(() => ml.call({ op: "memory" })));
    await expect(ml.call({ op: "memory" })).rejects.toThrow(/too many requests/);
    await ml.close();
    for (const w of await waiting)
      expect(w).toMatchObject({ status: "rejected", reason: { name: "MlUnavailableError" } });
  });
});
