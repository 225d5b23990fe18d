// The face engine keeps its recent analyses by the image's bytes: the same bytes are analysed once,
// every caller gets its own copy, a failed analysis is tried again, and the memory is bounded. The
// worker here is the test's own (as in ml-client.test.ts): it numbers its answers, so each result
// says which request made it.
import { afterEach, describe, expect, it } from "vitest";
import { MlClient } from "../../platform/ml/ml-client.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { FaceEngine } from "./face-engine.ts";

/** Answers each "faces" request with one face whose score is the request's number; fails the ones listed. */
const numberingWorker = (failing: number[] = []) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(`import { parentPort } from "node:worker_threads";
let n = 0;
parentPort.on("message", ({ id }) => {
  n += 1;
  if (${JSON.stringify(failing)}.includes(n)) parentPort.postMessage({ id, ok: false, error: "model failed" });
  else parentPort.postMessage({ id, ok: true, result: [{ score: n, embedding: [n] }] });
});`)}`,
  );

describe("face engine: analyses kept by the image’s bytes", () => {
  const clients: MlClient[] = [];
  const engine = (failing?: number[]) => {
    const ml = new MlClient({ entry: numberingWorker(failing) });
    clients.push(ml);
    return new FaceEngine(ml);
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  const request = async (e: FaceEngine, image: Buffer) => (await e.analyse(image)).faces[0]!.score;

  it("analyses the same bytes once, and gives every caller a copy of its own", async () => {
    const e = engine();
    const [a, b] = [await makeImage("png"), await makeImage("png")];
    // Asked twice at once, then again: one analysis.
    const [first, second] = await Promise.all([e.analyse(a), e.analyse(a)]);
    expect(first.faces[0]!.score).toBe(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    first.faces[0]!.embedding.push(99);
    expect((await e.analyse(a)).faces[0]!.embedding).toEqual([1]);
    // Other bytes, another analysis.
    expect(await request(e, b)).toBe(2);
    expect(await request(e, a)).toBe(1);
  });

  it("does not keep a failed analysis: the next request tries again", async () => {
    const e = engine([1]);
    const image = await makeImage("png");
    await expect(e.analyse(image)).rejects.toThrow("model failed");
    expect(await request(e, image)).toBe(2);
    expect(await request(e, image)).toBe(2);
  });

  it("keeps the 64 most recently used", async () => {
    const e = engine();
    const images = await Promise.all(Array.from({ length: 65 }, () => makeImage("png", 16, 16)));
    for (const [i, image] of images.entries()) expect(await request(e, image)).toBe(i + 1);
    // The first was the least recently used of 65: gone. The last 64 are kept.
    expect(await request(e, images[1]!)).toBe(2);
    expect(await request(e, images[64]!)).toBe(65);
    expect(await request(e, images[0]!)).toBe(66);
  });
});
