// The verification decision on faces composed from the library's sample photos: the same man
// following the gestures is verified; another person's profile photos refuse him; a photo of a
// photo held still, or tilted by hand, does not follow the gestures; no face, two faces.
import type { Gesture } from "@domain/verification.ts";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { face, OTHER_PEOPLE, printed, SAME_PERSON, tilted } from "../test/face-samples.ts";
import { type Decision, decide } from "./decide.ts";
import { type FaceAnalysis, type FaceEngine, type FaceFinding, faceEngine } from "./face-engine.ts";

describe("verification decision", () => {
  let engine: FaceEngine;
  let live: FaceAnalysis[];
  const profileOf = async (...regions: (typeof SAME_PERSON)[number][]): Promise<FaceFinding[]> =>
    Promise.all(regions.map(async (r) => (await engine.analyse(await face(r))).faces[0]!));
  const run = (
    frames: FaceAnalysis[],
    profileFaces: FaceFinding[],
    gestures: Gesture[] = ["tilt-left", "smile"],
  ) => decide({ gestures, frames, profileFaces, similarity: (a, b) => engine.similarity(a, b) });
  const reason = (d: Decision) => ("reason" in d ? d.reason : null);

  beforeAll(async () => {
    engine = await faceEngine();
    // The member: straight and neutral, then the head tilted to their left, then a smile.
    const neutral = await face(SAME_PERSON[1]!);
    live = [
      await engine.analyse(neutral),
      await engine.analyse(await tilted(neutral, 25)),
      await engine.analyse(await face(SAME_PERSON[5]!)),
    ];
  }, 120_000);

  it("verifies the person of the profile photos who follows the gestures", async () => {
    const d = run(live, await profileOf(SAME_PERSON[0]!, SAME_PERSON[3]!));
    expect(d.outcome).toBe("verified");
    expect(d.likeness).toBeGreaterThanOrEqual(0.68);
    expect(d.outcome === "verified" && d.descriptor).toHaveLength(1024);
  }, 60_000);

  it("refuses someone whose face is not the one of the profile photos", async () => {
    for (const other of OTHER_PEOPLE) {
      const d = run(live, await profileOf(other));
      expect(d.outcome, JSON.stringify(d)).toBe("refused");
      expect(reason(d)).toBe("NO_MATCH");
    }
  }, 120_000);

  it("refuses gestures done in another order, or not done", async () => {
    expect(reason(run(live, await profileOf(SAME_PERSON[0]!), ["smile", "tilt-left"]))).toBe(
      "CHALLENGE_NOT_FOLLOWED",
    );
    expect(reason(run(live, await profileOf(SAME_PERSON[0]!), ["tilt-right", "smile"]))).toBe(
      "CHALLENGE_NOT_FOLLOWED",
    );
  }, 60_000);

  it("refuses a photo of a photo, held still or tilted by hand", async () => {
    const photo = await printed(await face(SAME_PERSON[1]!));
    const still = await engine.analyse(photo);
    const profile = await profileOf(SAME_PERSON[0]!);
    expect(reason(run([still, still, still, still], profile))).toBe("CHALLENGE_NOT_FOLLOWED");
    // Tilting the print passes for a head tilt, but a print cannot smile.
    const tiltedPrint = await engine.analyse(await tilted(photo, 25));
    expect(reason(run([still, tiltedPrint, tiltedPrint, still], profile))).toBe("CHALLENGE_NOT_FOLLOWED");
  }, 60_000);

  it("refuses frames without a face, with two faces, or of two people", async () => {
    const blank = await engine.analyse(
      await sharp({ create: { width: 480, height: 480, channels: 3, background: "#777" } })
        .jpeg()
        .toBuffer(),
    );
    const profile = await profileOf(SAME_PERSON[0]!);
    expect(reason(run([live[0]!, blank, live[2]!], profile))).toBe("NO_FACE");
    const a = await face(SAME_PERSON[1]!);
    const b = await face(OTHER_PEOPLE[0]!);
    const pair = await sharp({ create: { width: 900, height: 460, channels: 3, background: "#808080" } })
      .composite([
        { input: a, left: 0, top: 0 },
        { input: await sharp(b).resize(426, 396).toBuffer(), left: 460, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    expect(reason(run([live[0]!, await engine.analyse(pair), live[2]!], profile))).toBe("SEVERAL_FACES");
    const someoneElse = await engine.analyse(await face(OTHER_PEOPLE[1]!));
    expect(reason(run([live[0]!, live[1]!, someoneElse], profile))).toBe("DIFFERENT_FACES");
    expect(reason(run(live, []))).toBe("NO_PROFILE_FACE");
  }, 60_000);
});
