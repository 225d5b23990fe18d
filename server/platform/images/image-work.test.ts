// The image gate's rules, with work that ends when the test says so: nothing here depends on time
// but the wait limit, which is the only thing its own test exercises.
import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors.ts";
import { ImageWork, type ImageWorkLimits } from "./image-work.ts";

const LIMITS: ImageWorkLimits = {
  concurrency: 2,
  queued: 3,
  runningPerMember: 1,
  perMember: 2,
  waitMs: 60_000,
};

/** Work that runs until released, and says when it began. */
function held() {
  let release!: () => void;
  let began = false;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    work: async () => {
      began = true;
      await done;
      return "fait";
    },
    release,
    began: () => began,
  };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("ImageWork", () => {
  it("runs at most `concurrency` images at once; the rest wait their turn, in order", async () => {
    const gate = new ImageWork(LIMITS);
    const jobs = ["a", "b", "c"].map((member) => ({ member, ...held() }));
    const results = jobs.map((j) => gate.run(j.member, j.work));
    await settle();
    expect(jobs.map((j) => j.began())).toEqual([true, true, false]);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 1 });
    jobs[0]!.release();
    await settle();
    expect(jobs[2]!.began()).toBe(true);
    for (const j of jobs) j.release();
    expect(await Promise.all(results)).toEqual(["fait", "fait", "fait"]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, members: 0, started: 3 });
  });

  it("gives a member one turn at a time, so another member goes first", async () => {
    const gate = new ImageWork(LIMITS);
    const first = held();
    const second = held();
    const other = held();
    const runs = [gate.run("a", first.work), gate.run("a", second.work)];
    await settle();
    // A free slot, but member a already has a turn: a's second image waits.
    expect([first.began(), second.began()]).toEqual([true, false]);
    runs.push(gate.run("b", other.work));
    await settle();
    expect(other.began()).toBe(true);
    first.release();
    await settle();
    expect(second.began()).toBe(true);
    second.release();
    other.release();
    await Promise.all(runs);
  });

  it("refuses a member’s request beyond `perMember` with 429 RATE_LIMITED, others still pass", async () => {
    const gate = new ImageWork(LIMITS);
    const jobs = [held(), held()];
    const runs = jobs.map((j) => gate.run("a", j.work));
    const err = await refusal(gate.run("a", held().work));
    expect([err.status, err.code]).toEqual([429, "RATE_LIMITED"]);
    const other = held();
    const otherRun = gate.run("b", other.work);
    await settle();
    expect(other.began()).toBe(true);
    for (const j of [...jobs, other]) j.release();
    await Promise.all([...runs, otherRun]);
    // Once the member's images are done, they may send more.
    expect(await gate.run("a", async () => "encore")).toBe("encore");
  });

  it("refuses with 503 when every slot is busy and the queue is full", async () => {
    const gate = new ImageWork(LIMITS);
    const jobs = ["a", "b", "c", "d", "e"].map((member) => ({ member, ...held() }));
    const runs = jobs.map((j) => gate.run(j.member, j.work));
    await settle();
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 3 });
    const err = await refusal(gate.run("f", held().work));
    expect([err.status, err.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    for (const j of jobs) j.release();
    await Promise.all(runs);
  });

  it("refuses with 503 a request that waited longer than `waitMs`, and forgets it", async () => {
    const gate = new ImageWork({ ...LIMITS, waitMs: 20 });
    const a = held();
    const b = held();
    const runs = [gate.run("a", a.work), gate.run("b", b.work)];
    const late = held();
    const err = await refusal(gate.run("c", late.work));
    expect([err.status, err.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    expect(late.began()).toBe(false);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 0, members: 2 });
    a.release();
    b.release();
    await Promise.all(runs);
  });

  it("frees the turn when the work fails", async () => {
    const gate = new ImageWork({ ...LIMITS, concurrency: 1 });
    await expect(
      gate.run("a", async () => {
        throw new Error("décodage impossible");
      }),
    ).rejects.toThrow("décodage impossible");
    expect(await gate.run("a", async () => "ok")).toBe("ok");
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, members: 0 });
  });
});
