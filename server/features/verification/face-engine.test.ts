// The face engine on the sample faces that ship with the library: one face found per photo, the
// same man's photos alike, other people's not, and the head's tilt measured.
import { beforeAll, describe, expect, it } from "vitest";
import { face, OTHER_PEOPLE, SAME_PERSON, tilted } from "../../test/face-samples.ts";
import { type FaceEngine, type FaceFinding, faceEngine, similarity } from "./face-engine.ts";

describe("face engine (Human, WebAssembly, bundled models)", () => {
  let engine: FaceEngine;
  const one = async (image: Buffer): Promise<FaceFinding> => {
    const { faces } = await engine.analyse(image);
    expect(faces).toHaveLength(1);
    return faces[0]!;
  };
  beforeAll(async () => {
    engine = await faceEngine();
  });

  it("tells the same person from other people", async () => {
    const same = await Promise.all(SAME_PERSON.map(async (r) => (await one(await face(r))).embedding));
    const others = await Promise.all(OTHER_PEOPLE.map(async (r) => (await one(await face(r))).embedding));
    const pairs = (xs: number[][], ys: number[][]) =>
      xs.flatMap((x) => ys.map((y) => engine.similarity(x, y)));
    const samePairs = same.flatMap((x, i) => same.slice(i + 1).map((y) => engine.similarity(x, y)));
    const otherPairs = pairs(same, others);
    expect(Math.min(...samePairs)).toBeGreaterThan(Math.max(...otherPairs));
  });

  it("compares descriptors as Human’s own match.similarity does", async () => {
    // Human's source of it, shipped in its package (its built modules would load TensorFlow.js here);
    // imported by a path the type-checker does not follow (Human's sources are not strict).
    const source = "../../../node_modules/@vladmandic/human/src/face/match.ts";
    const human = (await import(/* @vite-ignore */ source)) as {
      similarity: (a: number[], b: number[]) => number;
    };
    const embeddings = await Promise.all(
      [...SAME_PERSON, ...OTHER_PEOPLE].map(async (r) => (await one(await face(r))).embedding),
    );
    const pairs = embeddings.flatMap((x) => embeddings.map((y) => [x, y] as const));
    for (const [x, y] of pairs) expect(similarity(x, y)).toBe(human.similarity(x, y));
    expect(new Set(pairs.map(([x, y]) => similarity(x, y))).size).toBeGreaterThan(3);
  });

  it("measures a tilted head’s roll, both ways", async () => {
    const straight = await face(SAME_PERSON[0]!);
    const left = await one(await tilted(straight, -20));
    const right = await one(await tilted(straight, 20));
    expect(left.roll).not.toBeCloseTo(right.roll, 1);
    expect(Math.abs(left.roll - right.roll)).toBeGreaterThan(0.4);
  });

  it("finds no face where there is none", async () => {
    const sharp = (await import("sharp")).default;
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    expect((await engine.analyse(blank)).faces).toEqual([]);
  });
});
