// Messages: only the two members of an accepted match read and write, every
// refusal writes nothing, pages go back in time, limits hold under concurrency, events arrive.

import { MSG } from "@domain/messages.ts";
import type { ConversationDto, MessageDto, MessagePageDto, NavCountsDto } from "@domain/messaging.ts";
import { afterCursor, MESSAGE_MSG } from "@domain/messaging.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeEachEngine, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;

/** Pairs, sending, paging and counting through the API of the app `app()` returns. */
function messageHelpers(app: () => TestApp) {
  const db = () => app().deps.database.db;
  /** A man and a woman with an accepted match (he liked her). */
  async function pair(): Promise<{ him: Member; her: Member; matchId: string }> {
    const him = await signUpMember(app(), "male");
    const her = await signUpMember(app(), "female");
    const res = await app().request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    const { matchId } = (await res.json()) as { matchId: string };
    return { him, her, matchId };
  }
  const send = (cookie: string, matchId: string, content: unknown) =>
    app().request(`/api/matches/${matchId}/messages`, { method: "POST", cookie, json: { content } });
  const page = async (cookie: string, matchId: string, query = "") => {
    const res = await app().request(`/api/matches/${matchId}/messages${query}`, { cookie });
    return { status: res.status, body: (await res.json()) as MessagePageDto & { error?: { code: string } } };
  };
  const count = async (matchId: string) => {
    const [row] = await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM messages WHERE match_id = ${matchId}::uuid`,
    );
    return row?.n ?? 0;
  };
  const counts = async (cookie: string) =>
    (await (await app().request("/api/nav/counts", { cookie })).json()) as NavCountsDto;
  const conversations = async (cookie: string) =>
    ((await (await app().request("/api/conversations", { cookie })).json()) as { data: ConversationDto[] })
      .data;
  return { pair, send, page, count, counts, conversations };
}

describeOnEngine("messages API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MESSAGES_PER_MINUTE: "12", NEW_CONVERSATIONS_PER_DAY: "3" });
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const { pair, send, page, count, counts, conversations } = messageHelpers(() => t);

  it("refuses anonymous visitors everywhere", async () => {
    const { matchId } = await pair();
    for (const [path, method] of [
      [`/api/matches/${matchId}/messages`, "GET"],
      [`/api/matches/${matchId}/messages`, "POST"],
      [`/api/matches/${matchId}/read`, "POST"],
      ["/api/conversations", "GET"],
      ["/api/events", "GET"],
      ["/api/nav/counts", "GET"],
    ] as const) {
      const res = await t.request(path, { method, json: method === "POST" ? { content: "x" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await count(matchId)).toBe(0);
  });

  it("sends a trimmed message inside the match and lists it for both members", async () => {
    const { him, her, matchId } = await pair();
    const res = await send(him.cookie, matchId, "  Bonjour Aminata,\r\ncomment allez-vous ?  ");
    expect(res.status).toBe(201);
    const sent = (await res.json()) as MessageDto;
    expect(sent).toMatchObject({
      matchId,
      senderId: him.userId,
      content: "Bonjour Aminata,\ncomment allez-vous ?",
      readAt: null,
    });
    for (const cookie of [him.cookie, her.cookie]) {
      const r = await page(cookie, matchId);
      expect(r.status).toBe(200);
      expect(r.body.data.map((m) => m.id)).toEqual([sent.id]);
    }
  });

  it("lets a member receive messages only from verified members, with the badge in the conversation", async () => {
    const { him, her, matchId } = await pair();
    const privacy = (on: unknown) =>
      t.request("/api/profile/privacy", {
        method: "PUT",
        cookie: her.cookie,
        json: { messagesFromVerifiedOnly: on },
      });
    expect((await privacy("oui")).status).toBe(400);
    const on = await privacy(true);
    expect(((await on.json()) as { messagesFromVerifiedOnly: boolean }).messagesFromVerifiedOnly).toBe(true);
    const refused = await send(him.cookie, matchId, "Bonjour !");
    expect(refused.status).toBe(403);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("RECIPIENT_VERIFIED_ONLY");
    expect(error.message).toMatch(/ne reçoit de messages que de membres au profil vérifié/);
    expect(await count(matchId)).toBe(0);
    // She may still write to him; once he is verified, he may answer, and shows the badge.
    expect((await send(her.cookie, matchId, "Bonjour")).status).toBe(201);
    await db().execute(sql`UPDATE profiles SET verified_at = now() WHERE user_id = ${him.userId}`);
    expect((await send(him.cookie, matchId, "Bonjour !")).status).toBe(201);
    expect((await conversations(her.cookie)).find((c) => c.matchId === matchId)?.member.profileVerified).toBe(
      true,
    );
    expect((await privacy(false)).status).toBe(200);
  });

  it("refuses empty, too long and malformed messages in French, writing nothing", async () => {
    const { him, matchId } = await pair();
    const cases: [unknown, string][] = [
      ["", MESSAGE_MSG.EMPTY],
      ["   \n\t  ", MESSAGE_MSG.EMPTY],
      ["\u200b\u0000", MESSAGE_MSG.EMPTY],
      ["a".repeat(2001), MESSAGE_MSG.TOO_LONG],
      ["😀".repeat(2001), MESSAGE_MSG.TOO_LONG],
      [42, MESSAGE_MSG.NOT_TEXT],
      [null, MESSAGE_MSG.NOT_TEXT],
    ];
    for (const [content, message] of cases) {
      const res = await send(him.cookie, matchId, content);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const extra = await t.request(`/api/matches/${matchId}/messages`, {
      method: "POST",
      cookie: him.cookie,
      json: { content: "Salut", senderId: "someone-else" },
    });
    expect(extra.status).toBe(400);
    expect(await count(matchId)).toBe(0);
    // 2,000 emoji are 2,000 characters for the database: accepted.
    expect((await send(him.cookie, matchId, "😀".repeat(2000))).status).toBe(201);
  });

  it("answers 404 to strangers and invented ids, 403 once the match is removed, writing nothing", async () => {
    const { him, her, matchId } = await pair();
    const stranger = await signUpMember(t, "female");
    await send(him.cookie, matchId, "Premier message");
    for (const id of [matchId, "00000000-0000-4000-8000-000000000000", "n-importe-quoi"]) {
      expect((await send(stranger.cookie, id, "Je m’invite")).status).toBe(404);
      expect((await page(stranger.cookie, id)).status).toBe(404);
      const read = await t.request(`/api/matches/${id}/read`, { method: "POST", cookie: stranger.cookie });
      expect(read.status).toBe(404);
      expect(await read.json()).toEqual({ error: { code: "MATCH_NOT_FOUND", message: MSG.MATCH_NOT_FOUND } });
    }
    await t.request(`/api/matches/${matchId}`, { method: "DELETE", cookie: her.cookie });
    for (const cookie of [him.cookie, her.cookie]) {
      const res = await send(cookie, matchId, "Encore là ?");
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: "CONVERSATION_CLOSED", message: MESSAGE_MSG.CLOSED },
      });
      expect((await page(cookie, matchId)).status).toBe(403);
    }
    const [unread] = await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM messages WHERE match_id = ${matchId}::uuid AND read_at IS NOT NULL`,
    );
    expect(unread?.n).toBe(0);
    expect(await count(matchId)).toBe(1);
  });

  it("pages 50 at a time, newest first, then older pages with the cursor, and catches up with `after`", async () => {
    const { him, her, matchId } = await pair();
    await db().execute(sql`INSERT INTO messages (match_id, sender_id, content, created_at)
      SELECT ${matchId}::uuid, CASE WHEN i % 2 = 0 THEN ${him.userId} ELSE ${her.userId} END, 'Message ' || i,
        now() - (130 - i) * interval '1 minute'
      FROM generate_series(1, 120) AS i`);
    const p1 = await page(her.cookie, matchId);
    expect(p1.body.data).toHaveLength(50);
    expect(p1.body.data[0]?.content).toBe("Message 120");
    const p2 = await page(her.cookie, matchId, `?before=${encodeURIComponent(p1.body.nextCursor!)}`);
    const p3 = await page(her.cookie, matchId, `?before=${encodeURIComponent(p2.body.nextCursor!)}`);
    expect(p3.body.data).toHaveLength(20);
    expect(p3.body.nextCursor).toBeNull();
    const all = [...p1.body.data, ...p2.body.data, ...p3.body.data].map((m) => m.content);
    expect(all).toEqual(Array.from({ length: 120 }, (_, i) => `Message ${120 - i}`));

    const newest = p1.body.data[0]!;
    const a = (await (await send(him.cookie, matchId, "Nouveau 1")).json()) as MessageDto;
    const b = (await (await send(her.cookie, matchId, "Nouveau 2")).json()) as MessageDto;
    const caught = await page(her.cookie, matchId, `?after=${encodeURIComponent(afterCursor(newest))}`);
    expect(caught.body.data.map((m) => m.id).filter((id) => id !== newest.id)).toEqual([b.id, a.id]);
    expect((await page(her.cookie, matchId, "?before=x_y")).status).toBe(400);
    expect((await page(her.cookie, matchId, "?since=1")).status).toBe(400);
  });

  it("marks the other member’s messages read, and counts unread conversations and new matches", async () => {
    const { him, her, matchId } = await pair();
    // He liked her: the match is new for her, not for him.
    expect(await counts(her.cookie)).toEqual({ matches: 1, messages: 0 });
    expect(await counts(him.cookie)).toEqual({ matches: 0, messages: 0 });
    await send(him.cookie, matchId, "Un");
    await send(him.cookie, matchId, "Deux");
    await send(her.cookie, matchId, "Trois");
    const [conv] = await conversations(her.cookie);
    expect(conv).toMatchObject({
      matchId,
      unread: 2,
      isNew: false,
      lastMessage: { content: "Trois", senderId: her.userId },
    });
    expect(await counts(her.cookie)).toEqual({ matches: 0, messages: 1 });

    const res = await t.request(`/api/matches/${matchId}/read`, { method: "POST", cookie: her.cookie });
    expect(((await res.json()) as { readAt: string }).readAt).toBeTruthy();
    const msgs = (await page(him.cookie, matchId)).body.data;
    expect(msgs.find((m) => m.content === "Un")?.readAt).toBeTruthy();
    expect(msgs.find((m) => m.content === "Trois")?.readAt).toBeNull();
    expect(await counts(her.cookie)).toEqual({ matches: 0, messages: 0 });
    expect((await conversations(him.cookie))[0]).toMatchObject({ unread: 1 });
  });

  it("lists conversations by latest activity with a preview", async () => {
    const me = await signUpMember(t, "male");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const her = await signUpMember(t, "female", { firstName: `Fatou${i}` });
      const r = await t.request("/api/likes", {
        method: "POST",
        cookie: me.cookie,
        json: { likedId: her.userId, type: "like" },
      });
      ids.push(((await r.json()) as { matchId: string }).matchId);
    }
    await send(me.cookie, ids[0]!, `Un long message ${"très ".repeat(40)}long`);
    const list = await conversations(me.cookie);
    expect(list.map((c) => c.matchId)).toEqual([ids[0], ids[2], ids[1]]);
    expect(list[0]?.lastMessage?.content.endsWith("…")).toBe(true);
    expect([...(list[0]?.lastMessage?.content ?? "")].length).toBe(120);
    expect(list[1]?.lastMessage).toBeNull();
  });
});

// Limits under concurrent requests and the event bus (in-process on PGlite, LISTEN/NOTIFY on a
// server) depend on the engine: run on both.
describeEachEngine("messages API: spam limits and events", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MESSAGES_PER_MINUTE: "12", NEW_CONVERSATIONS_PER_DAY: "3" });
  });
  afterAll(() => t.close());

  const { pair, send, count } = messageHelpers(() => t);

  describe("spam limits", () => {
    it("refuses a 13th message within a minute, even when they race", async () => {
      const { him, matchId } = await pair();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => send(him.cookie, matchId, `Message ${i}`)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(12);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      const refused = results.find((r) => r.status === 429)!;
      expect(await refused.json()).toEqual({
        error: { code: "MESSAGE_RATE_LIMITED", message: MESSAGE_MSG.TOO_FAST },
      });
      expect(await count(matchId)).toBe(12);
    });

    it("lets a member start 3 conversations a day and go on with them", async () => {
      const me = await signUpMember(t, "female");
      const matchIds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const him = await signUpMember(t, "male");
        const r = await t.request("/api/likes", {
          method: "POST",
          cookie: me.cookie,
          json: { likedId: him.userId, type: "like" },
        });
        matchIds.push(((await r.json()) as { matchId: string }).matchId);
      }
      for (const id of matchIds.slice(0, 3))
        expect((await send(me.cookie, id, "Bonjour !")).status).toBe(201);
      const fourth = await send(me.cookie, matchIds[3]!, "Bonjour !");
      expect(fourth.status).toBe(429);
      expect(await fourth.json()).toEqual({
        // A member with a confirmed e-mail and no selfie yet (Bouclier's trust levels, issue 36).
        error: { code: "NEW_CONVERSATIONS_LIMITED", message: SHIELD_MSG.ALLOWANCE_REACHED("email") },
      });
      expect((await send(me.cookie, matchIds[0]!, "Je continue")).status).toBe(201);
      expect(await count(matchIds[3]!)).toBe(0);
    });
  });

  describe("real-time events", () => {
    it("delivers messages, read receipts and match changes to open streams", async () => {
      const him = await signUpMember(t, "male");
      const her = await signUpMember(t, "female");
      const hers = readEvents(await t.request("/api/events", { cookie: her.cookie }));
      const his = readEvents(await t.request("/api/events", { cookie: him.cookie }));
      await hers.next("ready");
      await his.next("ready");

      const like = await t.request("/api/likes", {
        method: "POST",
        cookie: him.cookie,
        json: { likedId: her.userId, type: "like" },
      });
      const { matchId } = (await like.json()) as { matchId: string };
      expect((await hers.next("match.accepted")).data).toEqual({ type: "match.accepted", matchId });

      const sent = (await (await send(him.cookie, matchId, "Bonsoir")).json()) as MessageDto;
      expect((await hers.next("message.created")).data).toEqual({ type: "message.created", message: sent });
      expect((await his.next("message.created")).data).toMatchObject({ message: { id: sent.id } });

      await t.request(`/api/matches/${matchId}/read`, { method: "POST", cookie: her.cookie });
      expect((await his.next("messages.read")).data).toMatchObject({
        type: "messages.read",
        matchId,
        readerId: her.userId,
      });

      await t.request(`/api/matches/${matchId}`, { method: "DELETE", cookie: her.cookie });
      expect((await his.next("match.removed")).data).toEqual({ type: "match.removed", matchId });

      // A stranger's stream hears nothing of it.
      const stranger = await signUpMember(t, "female");
      const theirs = readEvents(await t.request("/api/events", { cookie: stranger.cookie }));
      await theirs.next("ready");
      const other = await pair();
      await send(other.him.cookie, other.matchId, "Privé");
      expect((await theirs.drain(300)).map((e) => e.event)).toEqual([]);
      await Promise.all([hers.close(), his.close(), theirs.close()]);
    });

    it("forgets a stream when the client goes away", async () => {
      const me = await signUpMember(t, "male");
      const before = t.deps.hub.connections;
      const stream = readEvents(await t.request("/api/events", { cookie: me.cookie }));
      await stream.next("ready");
      expect(t.deps.hub.connections).toBe(before + 1);
      await stream.close();
      await expect.poll(() => t.deps.hub.connections, { timeout: 30_000 }).toBe(before);
    });
  });
});
