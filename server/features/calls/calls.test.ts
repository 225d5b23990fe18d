// Calls inside a match (issue 38) on both engines: who may call whom, the ring, the answer, the end
// and the entries they leave in the conversation, busy and crossed calls, the limits, and a block
// or a ban that ends a running call on the other member's page at once.
import { createHmac } from "node:crypto";
import { CALL } from "@domain/calls.ts";
import { memberBanned } from "@domain/events.ts";
import type { CallDto, CallSettingsDto, CallViewDto } from "@domain/responses/calls.ts";
import type { ConversationDto, MessagePageDto } from "@domain/responses/messaging.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeEachEngine, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";
import { endStaleCalls } from "./calls.service.ts";
import { turnCredentials } from "./turn.ts";

const OFFER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
const ANSWER = "v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
const TURN = { TURN_URLS: "turn:127.0.0.1:3478?transport=udp", TURN_SECRET: "secret-for-the-tests-0123" };

type Member = Awaited<ReturnType<typeof signUpMember>>;
const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** An accepted match between `a` and `b`, each with calls allowed (or not); returns its id. */
async function matchOn(t: TestApp, a: Member, b: Member, calls = true) {
  const [row] = await queryRows(
    t.deps.database.db,
    z.strictObject({ id: z.string() }),
    sql`INSERT INTO matches (user1_id, user2_id, status, user1_calls, user2_calls)
      VALUES (${a.userId}, ${b.userId}, 'accepted', ${calls}, ${calls}) RETURNING id`,
  );
  return row!.id;
}

/** Two new members, matched. */
async function pairOn(t: TestApp, calls = true) {
  const her = await signUpMember(t, "female");
  const him = await signUpMember(t, "male");
  return { her, him, matchId: await matchOn(t, her, him, calls) };
}

describeEachEngine("calls", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, TURN);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  const match = (a: Member, b: Member, calls = true) => matchOn(t, a, b, calls);
  const pair = (calls = true) => pairOn(t, calls);
  const post = (cookie: string, path: string, json?: unknown) =>
    t.request(path, { method: "POST", cookie, ...(json === undefined ? {} : { json }) });
  const call = (m: Member, matchId: string, video = false) =>
    post(m.cookie, `/api/matches/${matchId}/calls`, { video, offer: OFFER });
  const started = async (m: Member, matchId: string, video = false) => {
    const res = await call(m, matchId, video);
    expect(res.status).toBe(201);
    return (await res.json()) as CallDto;
  };
  const end = (m: Member, id: string, reason = "hangup") =>
    post(m.cookie, `/api/calls/${id}/end`, { reason });
  const messages = async (m: Member, matchId: string) =>
    (
      (await (
        await t.request(`/api/matches/${matchId}/messages`, { cookie: m.cookie })
      ).json()) as MessagePageDto
    ).data;
  const conversation = async (m: Member, matchId: string) =>
    (
      (await (await t.request("/api/conversations", { cookie: m.cookie })).json()) as {
        data: ConversationDto[];
      }
    ).data.find((c) => c.matchId === matchId)!;

  it("needs both members to allow calls in the conversation, each with their own switch", async () => {
    const { her, him, matchId } = await pair(false);
    const settings = async (m: Member) =>
      (await (
        await t.request(`/api/matches/${matchId}/calls/settings`, { cookie: m.cookie })
      ).json()) as CallSettingsDto;
    expect(await settings(him)).toMatchObject({ available: true, mine: false, theirs: false, ice: null });
    let res = await call(him, matchId);
    expect(res.status).toBe(403);
    expect(await code(res)).toBe("CALLS_OFF");
    res = await t.request(`/api/matches/${matchId}/calls/settings`, {
      method: "PUT",
      cookie: him.cookie,
      json: { allowed: true },
    });
    expect(await res.json()).toMatchObject({ mine: true, theirs: false });
    res = await call(him, matchId);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      "n’accepte pas les appels",
    );
    await t.request(`/api/matches/${matchId}/calls/settings`, {
      method: "PUT",
      cookie: her.cookie,
      json: { allowed: true },
    });
    const mine = await settings(him);
    expect(mine).toMatchObject({ mine: true, theirs: true, liveCheck: "not-verified", current: null });
    // Where to connect: our TURN server only, with credentials of the TURN REST API for this member.
    expect(mine.ice?.iceTransportPolicy).toBe("relay");
    const server = mine.ice!.iceServers[0]!;
    expect(server.urls).toEqual([TURN.TURN_URLS]);
    const [expiry, userId] = server.username!.split(":");
    expect(userId).toBe(him.userId);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(CALL.TURN_TTL_SECONDS - 5);
    expect(server.credential).toBe(
      createHmac("sha1", TURN.TURN_SECRET).update(server.username!).digest("base64"),
    );
    expect(turnCredentials(TURN.TURN_SECRET, "m", 1_000_000).username).toBe(
      `${1000 + CALL.TURN_TTL_SECONDS}:m`,
    );
    expect((await call(him, matchId)).status).toBe(201);
  });

  it("rings the callee, who reads the offer and answers; the caller reads the answer; hanging up leaves « Appel » in the conversation", async () => {
    const { her, him, matchId } = await pair();
    const herStream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    const hisStream = readEvents(await t.request("/api/events", { cookie: him.cookie }));
    await herStream.next("ready");
    await hisStream.next("ready");
    const ringing = await started(him, matchId, true);
    expect(ringing).toMatchObject({ state: "ringing", video: true, callerId: him.userId, offer: null });
    // It rings for CALL.RING_SECONDS by the server's clock: the caller's page gives up then.
    expect(Date.parse(ringing.ringExpiresAt) - Date.parse(ringing.createdAt)).toBe(CALL.RING_SECONDS * 1000);
    const rang = (await herStream.next("call.ringing")).data as { call: CallDto };
    expect(rang.call).toMatchObject({ id: ringing.id, matchId, offer: null });
    // The offer, to the callee only; nobody else learns the call exists.
    const view = (await (
      await t.request(`/api/calls/${ringing.id}`, { cookie: her.cookie })
    ).json()) as CallViewDto;
    expect(view.call.offer).toBe(OFFER);
    expect(view.ice?.iceServers[0]?.username).toMatch(new RegExp(`:${her.userId}$`));
    const stranger = await signUpMember(t, "female");
    expect((await t.request(`/api/calls/${ringing.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(stranger.cookie, `/api/calls/${ringing.id}/accept`, { answer: ANSWER })).status).toBe(
      404,
    );
    // The caller cannot take his own call.
    expect((await post(him.cookie, `/api/calls/${ringing.id}/accept`, { answer: ANSWER })).status).toBe(409);

    const accepted = await post(her.cookie, `/api/calls/${ringing.id}/accept`, { answer: ANSWER });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ state: "active", offer: null });
    expect((await hisStream.next("call.answered")).data).toEqual({
      type: "call.answered",
      callId: ringing.id,
      matchId,
    });
    const his = (await (
      await t.request(`/api/calls/${ringing.id}`, { cookie: him.cookie })
    ).json()) as CallViewDto;
    expect(his.call.answer).toBe(ANSWER);
    // A second device of hers is too late.
    const again = await post(her.cookie, `/api/calls/${ringing.id}/accept`, { answer: ANSWER });
    expect(again.status).toBe(409);
    expect(await code(again)).toBe("CALL_ANSWERED");

    const hungUp = await end(her, ringing.id);
    expect(await hungUp.json()).toMatchObject({ state: "ended", outcome: "ended" });
    expect((await hisStream.next("call.ended")).data).toMatchObject({ callId: ringing.id, outcome: "ended" });
    const entry = (await hisStream.next("message.created")).data as { message: { call: unknown } };
    expect(entry.message.call).toMatchObject({ outcome: "ended", video: true });
    // Both hang up at once: the second gets the call as it stands.
    expect(await (await end(him, ringing.id)).json()).toMatchObject({ state: "ended", outcome: "ended" });
    const [first] = await messages(her, matchId);
    expect(first).toMatchObject({
      senderId: him.userId,
      content: "",
      call: { outcome: "ended", video: true },
    });
    expect(first!.readAt).not.toBeNull();
    expect((await conversation(her, matchId)).lastMessage?.content).toBe("Appel vidéo");
    await herStream.close();
    await hisStream.close();
  });

  it("a declined call reads as unanswered to the caller; a call nobody took is « manqué », unread and pushed as a message", async () => {
    const { her, him, matchId } = await pair();
    const declined = await started(him, matchId);
    expect(await (await end(her, declined.id)).json()).toMatchObject({ outcome: "declined" });
    expect((await conversation(her, matchId)).lastMessage?.content).toBe("Appel vocal refusé");
    expect((await conversation(him, matchId)).lastMessage?.content).toBe("Appel vocal sans réponse");
    // Administrators read the entry as its callee does.
    const admin = await createAdmin(t);
    const listed = await t.request(`/api/admin/messages?matchId=${matchId}`, { cookie: admin.cookie });
    expect(((await listed.json()) as { data: { content: string }[] }).data.map((m) => m.content)).toEqual([
      "Appel vocal refusé",
    ]);

    const herStream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    await herStream.next("ready");
    const missed = await started(him, matchId);
    // Its ring is over and his page is gone: the sweep ends it.
    await db().execute(
      sql`UPDATE calls SET ring_expires_at = now() - interval '1 second' WHERE id = ${missed.id}::uuid`,
    );
    expect(await endStaleCalls(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await herStream.next("call.ended")).data).toMatchObject({ callId: missed.id, outcome: "missed" });
    const entry = (await herStream.next("message.created")).data as {
      message: { call: unknown; readAt: null };
    };
    expect(entry.message).toMatchObject({
      call: { outcome: "missed", video: false, durationMs: null },
      readAt: null,
    });
    const mine = await conversation(her, matchId);
    expect(mine.lastMessage?.content).toBe("Appel vocal manqué");
    expect(mine.unread).toBe(1);
    // Cancelled by the caller while it rang: « manqué » for her too.
    const cancelled = await started(him, matchId);
    expect(await (await end(him, cancelled.id)).json()).toMatchObject({ outcome: "cancelled" });
    expect((await conversation(her, matchId)).unread).toBe(2);
    await herStream.close();
  });

  it("one call at a time: a member in a call is busy, two members calling each other find the first call", async () => {
    const { her, him, matchId } = await pair();
    const other = await signUpMember(t, "male");
    const otherMatch = await match(her, other);
    const first = await started(him, matchId);
    const crossed = await call(her, matchId);
    expect(crossed.status).toBe(409);
    expect(await crossed.json()).toMatchObject({
      error: { code: "CALL_CROSSED", fields: { callId: first.id } },
    });
    const busy = await call(other, otherMatch);
    expect(busy.status).toBe(409);
    expect(await code(busy)).toBe("CALL_BUSY");
    // His second tab.
    expect(await code(await call(him, matchId))).toBe("CALL_SELF_BUSY");
    await end(him, first.id);
    expect((await call(other, otherMatch)).status).toBe(201);
  });

  it("after three calls in a row without an answer, waits until the other member writes", async () => {
    const { her, him, matchId } = await pair();
    for (let i = 0; i < CALL.UNANSWERED_IN_A_ROW; i++) await end(her, (await started(him, matchId)).id);
    const refused = await call(him, matchId);
    expect(refused.status).toBe(429);
    expect(await code(refused)).toBe("CALL_UNANSWERED");
    expect(
      (await post(her.cookie, `/api/matches/${matchId}/messages`, { content: "Rappelle plus tard" })).status,
    ).toBe(201);
    expect((await call(him, matchId)).status).toBe(201);
  });

  it("a block ends a running call at once, on the other member’s page", async () => {
    const { her, him, matchId } = await pair();
    const hisStream = readEvents(await t.request("/api/events", { cookie: him.cookie }));
    await hisStream.next("ready");
    const running = await started(her, matchId, true);
    await post(him.cookie, `/api/calls/${running.id}/accept`, { answer: ANSWER });
    expect((await post(her.cookie, "/api/blocks", { userId: him.userId })).status).toBeLessThan(300);
    expect((await hisStream.next("call.ended")).data).toMatchObject({
      callId: running.id,
      outcome: "ended_by_safety",
    });
    const heartbeat = await post(him.cookie, `/api/calls/${running.id}/heartbeat`);
    expect(await heartbeat.json()).toMatchObject({ state: "ended", outcome: "ended_by_safety" });
    // Nothing more from him: the conversation is closed.
    expect(await code(await call(him, matchId))).toBe("CONVERSATION_CLOSED");
    await hisStream.close();
  });

  it("a ban ends the banned member’s call on the other member’s page", async () => {
    const { her, him, matchId } = await pair();
    const herStream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    await herStream.next("ready");
    const running = await started(him, matchId);
    await post(her.cookie, `/api/calls/${running.id}/accept`, { answer: ANSWER });
    // As the administration's ban records it (features/admin users.service.ts banUser).
    await t.deps.events.transaction(db(), async (tx, record) => {
      await tx.execute(sql`UPDATE "user" SET banned = true WHERE id = ${him.userId}`);
      await record(memberBanned, { userId: him.userId });
    });
    expect((await herStream.next("call.ended")).data).toMatchObject({
      callId: running.id,
      outcome: "ended_by_safety",
    });
    await herStream.close();
  });

  it("ends a call whose pages went silent, counting its length until they last said they were there", async () => {
    const { her, him, matchId } = await pair();
    const running = await started(him, matchId);
    await post(her.cookie, `/api/calls/${running.id}/accept`, { answer: ANSWER });
    expect(await (await post(him.cookie, `/api/calls/${running.id}/heartbeat`)).json()).toMatchObject({
      state: "active",
    });
    await db().execute(sql`UPDATE calls SET answered_at = now() - interval '200 seconds',
        caller_seen_at = now() - interval '80 seconds', callee_seen_at = now() - interval '60 seconds'
      WHERE id = ${running.id}::uuid`);
    await endStaleCalls(t.deps);
    const [entry] = await messages(her, matchId);
    expect(entry?.call?.outcome).toBe("ended");
    expect(Math.round((entry?.call?.durationMs ?? 0) / 1000)).toBe(140);
  });

  describe("bad input", () => {
    it("answers 4xx with a stable code, and writes nothing", async () => {
      const { her, him, matchId } = await pair();
      const bad = async (json: unknown, status: number) => {
        const res = await post(him.cookie, `/api/matches/${matchId}/calls`, json);
        expect(res.status).toBe(status);
        return code(res);
      };
      expect(await bad({ video: true }, 400)).toBe("VALIDATION_ERROR");
      expect(await bad({ video: "oui", offer: OFFER }, 400)).toBe("VALIDATION_ERROR");
      expect(await bad({ video: false, offer: "<script>" }, 400)).toBe("VALIDATION_ERROR");
      expect(await bad({ video: false, offer: `v=0\r\n${"a".repeat(CALL.SDP_MAX_BYTES)}` }, 400)).toBe(
        "VALIDATION_ERROR",
      );
      expect(
        (await post(him.cookie, "/api/matches/pas-un-id/calls", { video: false, offer: OFFER })).status,
      ).toBe(404);
      expect((await t.request("/api/calls/pas-un-id", { cookie: him.cookie })).status).toBe(404);
      expect((await post(him.cookie, "/api/calls/pas-un-id/heartbeat")).status).toBe(404);
      const ringing = await started(him, matchId);
      expect((await post(her.cookie, `/api/calls/${ringing.id}/end`, { reason: "boom" })).status).toBe(400);
      expect((await post(her.cookie, `/api/calls/${ringing.id}/accept`, { answer: 42 })).status).toBe(400);
      const [count] = await queryRows(
        db(),
        z.strictObject({ n: z.number().int() }),
        sql`SELECT count(*)::int AS n FROM calls WHERE match_id = ${matchId}::uuid`,
      );
      expect(count?.n).toBe(1);
    });
  });
});

/** Two members of an app of its own, matched with calls allowed on both sides. */

describeEachEngine("calls without a TURN server", (engine) => {
  it("connect directly outside production", async () => {
    const t = await createTestApp(engine);
    try {
      const { him, matchId } = await pairOn(t);
      const settings = (await (
        await t.request(`/api/matches/${matchId}/calls/settings`, { cookie: him.cookie })
      ).json()) as CallSettingsDto;
      expect(settings).toMatchObject({ available: true, ice: { iceServers: [], iceTransportPolicy: "all" } });
    } finally {
      await t.close();
    }
  });
});

describeOnEngine("a ring time of its own (CALL_RING_SECONDS)", (engine) => {
  it("rings for that long, and the sweep finds the call missed once it is over", async () => {
    const t = await createTestApp(engine, { ...TURN, CALL_RING_SECONDS: "5" });
    try {
      const { him, matchId } = await pairOn(t);
      const res = await t.request(`/api/matches/${matchId}/calls`, {
        method: "POST",
        cookie: him.cookie,
        json: { video: false, offer: OFFER },
      });
      expect(res.status).toBe(201);
      const call = (await res.json()) as CallDto;
      expect(Date.parse(call.ringExpiresAt) - Date.parse(call.createdAt)).toBe(5_000);
      // Nobody answers: once the five seconds are over by the database's clock, a sweep ends it (this
      // one, or the job queued for the ring's end, whichever comes first).
      const view = async () =>
        ((await (await t.request(`/api/calls/${call.id}`, { cookie: him.cookie })).json()) as CallViewDto)
          .call;
      await expect
        .poll(
          async () => {
            await endStaleCalls(t.deps);
            return (await view()).state;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe("ended");
      expect(await view()).toMatchObject({ outcome: "missed" });
    } finally {
      await t.close();
    }
  });
});
