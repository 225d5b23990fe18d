// « … est en train d'écrire » on both engines: the other member of the conversation hears it over
// the event stream, not more than once per interval, and nobody outside the conversation — nor a
// blocked member, nor one who takes messages from verified members only — ever does.
import { TYPING } from "@domain/messaging.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";
import { TypingRelay } from "./typing.service.ts";

describeEachEngine("typing indicator", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  async function matchedPair() {
    const her = await signUpMember(t, "female");
    const him = await signUpMember(t, "male");
    const [row] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO matches (user1_id, user2_id, status) VALUES (${her.userId}, ${him.userId}, 'accepted') RETURNING id`,
    );
    return { her, him, matchId: row!.id };
  }
  const typing = (cookie: string, matchId: string) =>
    t.request(`/api/matches/${matchId}/typing`, { method: "POST", cookie });

  it("tells the other member, once per interval, and nobody else", async () => {
    const { her, him, matchId } = await matchedPair();
    const herStream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    const hisStream = readEvents(await t.request("/api/events", { cookie: him.cookie }));
    await herStream.next("ready");
    await hisStream.next("ready");
    expect((await typing(him.cookie, matchId)).status).toBe(204);
    expect((await herStream.next("typing")).data).toEqual({ type: "typing", matchId, userId: him.userId });
    // Again at once: accepted, not relayed.
    expect((await typing(him.cookie, matchId)).status).toBe(204);
    expect((await herStream.drain(300)).filter((e) => e.event === "typing")).toEqual([]);
    // The typist does not hear himself.
    expect((await hisStream.drain(100)).filter((e) => e.event === "typing")).toEqual([]);
    await herStream.close();
    await hisStream.close();
  });

  it("relays again once the interval has passed", async () => {
    const { her, him, matchId } = await matchedPair();
    let clock = 1_000_000;
    const relay = new TypingRelay(() => clock);
    expect(await relay.recipient(db(), him.userId, matchId)).toBe(her.userId);
    clock += (TYPING.SEND_SECONDS - 1) * 1000;
    expect(await relay.recipient(db(), him.userId, matchId)).toBeNull();
    // Her own typing in the same conversation is another signal.
    expect(await relay.recipient(db(), her.userId, matchId)).toBe(him.userId);
    clock += 2000;
    expect(await relay.recipient(db(), him.userId, matchId)).toBe(her.userId);
  });

  it("refuses a stranger to the conversation, and a blocked conversation", async () => {
    const { her, him, matchId } = await matchedPair();
    const stranger = await signUpMember(t, "male");
    expect((await typing(stranger.cookie, matchId)).status).toBe(404);
    expect((await typing(him.cookie, "pas-un-identifiant")).status).toBe(404);
    await db().execute(
      sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${her.userId}, ${him.userId})`,
    );
    const res = await typing(him.cookie, matchId);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("CONVERSATION_CLOSED");
  });

  it("says nothing to a member who takes messages from verified members only", async () => {
    const { her, him, matchId } = await matchedPair();
    await db().execute(
      sql`UPDATE profiles SET messages_from_verified_only = true WHERE user_id = ${her.userId}`,
    );
    const herStream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    await herStream.next("ready");
    expect((await typing(him.cookie, matchId)).status).toBe(204);
    expect((await herStream.drain(300)).filter((e) => e.event === "typing")).toEqual([]);
    await herStream.close();
  });
});
