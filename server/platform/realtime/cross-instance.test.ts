// Two API instances on one PostgreSQL server: a message sent through one reaches a member whose
// event stream is open on the other (LISTEN/NOTIFY). Runs when TEST_DATABASE_URL is set.
import type { MessageDto } from "@domain/messaging.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { type SecondInstance, secondInstance } from "../../test/second-instance.ts";
import { readEvents } from "../../test/sse.ts";

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances on one PostgreSQL server", () => {
  let first: TestApp;
  let second: SecondInstance;

  beforeAll(async () => {
    first = await createTestApp("postgres");
    second = await secondInstance(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const viaSecond = (path: string, cookie: string) => second.get(path, cookie);

  it("delivers a message sent through one instance to a stream open on the other, once", async () => {
    const him = await signUpMember(first, "male");
    const her = await signUpMember(first, "female");
    const like = await first.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    const { matchId } = (await like.json()) as { matchId: string };

    const stream = readEvents(await viaSecond("/api/events", her.cookie));
    await stream.next("ready");
    expect(second.deps.hub.connections).toBe(1);
    expect(first.deps.hub.connections).toBe(0);

    const res = await first.request(`/api/matches/${matchId}/messages`, {
      method: "POST",
      cookie: him.cookie,
      json: { content: "Bonjour depuis l’autre serveur" },
    });
    const sent = (await res.json()) as MessageDto;
    expect((await stream.next("message.created")).data).toEqual({ type: "message.created", message: sent });
    // A long message full of emoji is over NOTIFY's 8,000 bytes: it travels by reference.
    const long = await first.request(`/api/matches/${matchId}/messages`, {
      method: "POST",
      cookie: him.cookie,
      json: { content: "😀".repeat(2000) },
    });
    const big = (await long.json()) as MessageDto;
    expect((await stream.next("message.created")).data).toEqual({ type: "message.created", message: big });
    expect((await stream.drain(300)).filter((e) => e.event === "message.created")).toEqual([]);
    await stream.close();
  });
});
