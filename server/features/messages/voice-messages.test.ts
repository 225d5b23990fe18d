// Voice messages (issue 37): a real Chromium recording goes through, is heard by the two members of
// the match only (byte ranges, private cache), counts in the sending limits and waits with its
// sender's hold like a text; every hostile file is refused with its code and leaves no row and no
// file; a retry with the same Idempotency-Key never makes a second message.
import { randomUUID } from "node:crypto";
import type { MessageDto, MessagePageDto } from "@domain/messaging.ts";
import { VOICE_MSG } from "@domain/voice.ts";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";
import { repeatedWebm, voiceFixture, wavSecond } from "../../test/voice.ts";
import { sweepOrphanFiles } from "../photos/index.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;

describeEachEngine("voice messages", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MESSAGES_PER_MINUTE: "4" });
  });
  afterAll(() => t.close());
  const rule = ruleIt(engine);
  const db = () => t.deps.database.db;

  async function pair(): Promise<{ him: Member; her: Member; matchId: string }> {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const res = await t.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    return { him, her, matchId: ((await res.json()) as { matchId: string }).matchId };
  }
  const upload = (
    cookie: string,
    matchId: string,
    bytes: Uint8Array,
    opts: { durationMs?: number; key?: string; type?: string } = {},
  ) =>
    t.request(`/api/matches/${matchId}/voice-messages?durationMs=${opts.durationMs ?? 2940}&peaks=0a1v`, {
      method: "POST",
      cookie,
      headers: {
        "content-type": opts.type ?? "audio/webm;codecs=opus",
        ...(opts.key ? { "idempotency-key": opts.key } : {}),
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const audio = (
    cookie: string | undefined,
    matchId: string,
    id: string,
    headers: Record<string, string> = {},
  ) => t.request(`/api/matches/${matchId}/messages/${id}/voice`, { ...(cookie && { cookie }), headers });
  const rows = async (matchId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM messages WHERE match_id = ${matchId}::uuid`,
      )
    )[0]!.n;
  const storedFiles = async () => {
    const keys: string[] = [];
    for await (const page of t.deps.voices.list()) keys.push(...page.map((e) => e.key));
    return keys;
  };
  const code = async (res: Response) =>
    ((await res.json()) as { error: { code: string; message: string } }).error;

  it("sends a recording the recipient hears in real time, by byte ranges, and nobody else", async () => {
    const { him, her, matchId } = await pair();
    const events = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    await events.next("ready");
    const webm = voiceFixture("beep-3s.webm");
    const res = await upload(him.cookie, matchId, webm);
    expect(res.status).toBe(201);
    const sent = (await res.json()) as MessageDto;
    expect(sent).toMatchObject({
      content: "",
      voice: { durationMs: expect.any(Number), peaks: [0, 10, 1, 31] },
    });
    expect(Math.abs(sent.voice!.durationMs - 2940)).toBeLessThan(200);
    // Live, like a text.
    expect((await events.next("message.created")).data).toEqual({ type: "message.created", message: sent });
    await events.close();

    const page = (await (
      await t.request(`/api/matches/${matchId}/messages`, { cookie: her.cookie })
    ).json()) as MessagePageDto;
    expect(page.data[0]).toMatchObject({ id: sent.id, voice: sent.voice });
    const list = (await (await t.request("/api/conversations", { cookie: her.cookie })).json()) as {
      data: { lastMessage: { content: string } }[];
    };
    expect(list.data[0]!.lastMessage.content).toBe("Message vocal (0:03)");

    const whole = await audio(her.cookie, matchId, sent.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/webm");
    expect(whole.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(webm);
    const etag = whole.headers.get("etag")!;
    const part = await audio(her.cookie, matchId, sent.id, { range: "bytes=100-" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-${webm.length - 1}/${webm.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(webm.slice(100));
    const tail = await audio(her.cookie, matchId, sent.id, { range: "bytes=-10" });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(webm.slice(-10));
    expect((await audio(her.cookie, matchId, sent.id, { range: "bytes=999999-" })).status).toBe(416);
    expect((await audio(her.cookie, matchId, sent.id, { "if-none-match": etag })).status).toBe(304);
    expect((await audio(him.cookie, matchId, sent.id)).status).toBe(200);

    // Nobody else: another member, a visitor, an invented id, a text message.
    const stranger = await signUpMember(t, "female");
    expect((await audio(stranger.cookie, matchId, sent.id)).status).toBe(404);
    expect((await audio(undefined, matchId, sent.id)).status).toBe(401);
    expect((await audio(her.cookie, matchId, randomUUID())).status).toBe(404);
    expect((await audio(her.cookie, matchId, "../../etc/passwd")).status).toBe(404);
    // Blocked: the conversation closes for both, and so does the recording.
    const block = await t.request("/api/blocks", {
      method: "POST",
      cookie: her.cookie,
      json: { userId: him.userId },
    });
    expect(block.status).toBe(201);
    expect((await audio(her.cookie, matchId, sent.id)).status).toBe(403);
    expect((await audio(him.cookie, matchId, sent.id)).status).toBe(403);
  });

  it("accepts MP4 as Chromium records it (Opus in fragmented MP4)", async () => {
    const { him, matchId } = await pair();
    const res = await upload(him.cookie, matchId, voiceFixture("beep-3s.mp4"), { type: "audio/mp4" });
    expect(res.status).toBe(201);
    const sent = (await res.json()) as MessageDto;
    expect((await audio(him.cookie, matchId, sent.id)).headers.get("content-type")).toBe("audio/mp4");
  });

  it("refuses what is not a whole, short, audio-only recording, and stores nothing", async () => {
    const { him, matchId } = await pair();
    const before = await storedFiles();
    const webm = voiceFixture("beep-3s.webm");
    const cases: [string, Uint8Array, number, number, string, string][] = [
      ["a WAV renamed .webm", wavSecond(), 1000, 400, "VOICE_FORMAT", VOICE_MSG.FORMAT],
      [
        "a 10-minute recording",
        await repeatedWebm(200),
        600_000,
        413,
        "VOICE_TOO_LARGE",
        VOICE_MSG.TOO_LARGE,
      ],
      [
        "10 minutes at a very low rate",
        await repeatedWebm(51, 4),
        600_000,
        400,
        "VOICE_TOO_LONG",
        VOICE_MSG.TOO_LONG_MESSAGE,
      ],
      [
        "a file with a video track",
        voiceFixture("camera-1s.webm"),
        1000,
        400,
        "VOICE_HAS_VIDEO",
        VOICE_MSG.HAS_VIDEO,
      ],
      [
        "a truncated file",
        webm.slice(0, webm.length - 700),
        2940,
        400,
        "VOICE_TRUNCATED",
        VOICE_MSG.TRUNCATED,
      ],
      // Whole, but much shorter than the recorder measured: cut between two blocks.
      ["a recording shorter than declared", webm, 6000, 400, "VOICE_TRUNCATED", VOICE_MSG.TRUNCATED],
      ["an empty body", new Uint8Array(0), 0, 400, "VOICE_MISSING", VOICE_MSG.MISSING],
      [
        "random bytes",
        crypto.getRandomValues(new Uint8Array(4000)),
        3000,
        400,
        "VOICE_FORMAT",
        VOICE_MSG.FORMAT,
      ],
    ];
    for (const [name, bytes, durationMs, status, errorCode, message] of cases) {
      const res = await upload(him.cookie, matchId, bytes, { durationMs });
      expect(res.status, name).toBe(status);
      expect(await code(res), name).toEqual({ code: errorCode, message });
    }
    const bad = await t.request(`/api/matches/${matchId}/voice-messages?durationMs=abc`, {
      method: "POST",
      cookie: him.cookie,
      body: webm as Uint8Array<ArrayBuffer>,
    });
    expect(bad.status).toBe(400);
    expect((await upload(him.cookie, matchId, webm, { key: "pas-un-uuid" })).status).toBe(400);
    expect(await rows(matchId)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  rule("never sends a message twice for one Idempotency-Key, even when retries race", async () => {
    const { him, matchId } = await pair();
    const key = randomUUID();
    const webm = voiceFixture("beep-3s.webm");
    const first = await upload(him.cookie, matchId, webm, { key });
    expect(first.status).toBe(201);
    const again = await upload(him.cookie, matchId, webm, { key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as MessageDto).id).toBe(((await first.json()) as MessageDto).id);
    const racing = randomUUID();
    const results = await Promise.all(
      [1, 2, 3].map(() => upload(him.cookie, matchId, webm, { key: racing })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await rows(matchId)).toBe(2);
    const [{ n }] = (await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM messages WHERE match_id = ${matchId}::uuid AND voice_key IS NOT NULL`,
    )) as [{ n: number }];
    expect(n).toBe(2);
    // Files of the losing retries are gone: one file per message.
    const keys = await queryRows(
      db(),
      z.strictObject({ key: z.string() }),
      sql`SELECT voice_key AS key FROM messages WHERE match_id = ${matchId}::uuid`,
    );
    const files = await storedFiles();
    expect(files.filter((f) => keys.some((k) => k.key === f))).toHaveLength(2);
    // The same key in another conversation is a mistake, not a retry.
    const other = await signUpMember(t, "female");
    const like = await t.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: other.userId, type: "like" },
    });
    const otherMatch = ((await like.json()) as { matchId: string }).matchId;
    const reused = await upload(him.cookie, otherMatch, webm, { key });
    expect(reused.status).toBe(409);
    expect((await code(reused)).code).toBe("IDEMPOTENCY_KEY_REUSED");
    // Text messages take the key too.
    const text = randomUUID();
    const send = () =>
      t.request(`/api/matches/${matchId}/messages`, {
        method: "POST",
        cookie: him.cookie,
        headers: { "idempotency-key": text },
        json: { content: "Tu as bien reçu ma note vocale ?" },
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(200);
    expect(await rows(matchId)).toBe(3);
  });

  rule("counts voice messages in the sending limits and refuses over them without a file", async () => {
    const { him, matchId } = await pair();
    for (let i = 0; i < 4; i++)
      expect((await upload(him.cookie, matchId, voiceFixture("beep-3s.webm"))).status).toBe(201);
    const before = await storedFiles();
    const over = await upload(him.cookie, matchId, voiceFixture("beep-3s.webm"));
    expect(over.status).toBe(429);
    expect((await code(over)).code).toBe("MESSAGE_RATE_LIMITED");
    const text = await t.request(`/api/matches/${matchId}/messages`, {
      method: "POST",
      cookie: him.cookie,
      json: { content: "Et un texte" },
    });
    expect(text.status).toBe(429);
    expect(await storedFiles()).toEqual(before);
  });

  rule("keeps the voice messages of a held sender from the recipient, like their texts", async () => {
    const { him, her, matchId } = await pair();
    await db().execute(
      sql`INSERT INTO shield_accounts (user_id, status, held_at) VALUES (${him.userId}, 'hold', now())`,
    );
    const res = await upload(him.cookie, matchId, voiceFixture("beep-3s.webm"));
    expect(res.status).toBe(201);
    const sent = (await res.json()) as MessageDto;
    const page = (await (
      await t.request(`/api/matches/${matchId}/messages`, { cookie: her.cookie })
    ).json()) as MessagePageDto;
    expect(page.data).toEqual([]);
    expect((await audio(her.cookie, matchId, sent.id)).status).toBe(404);
    expect((await audio(him.cookie, matchId, sent.id)).status).toBe(200);
  });

  rule(
    "lets an administrator hear a reported voice message, and erases files with the message and the account",
    async () => {
      const { him, her, matchId } = await pair();
      const sent = (await (
        await upload(him.cookie, matchId, voiceFixture("beep-3s.webm"))
      ).json()) as MessageDto;
      const report = await t.request("/api/reports", {
        method: "POST",
        cookie: her.cookie,
        json: { userId: him.userId, messageId: sent.id, reason: "harassment" },
      });
      expect(report.status).toBe(201);
      const admin = await createAdmin(t);
      const reports = (await (await t.request("/api/admin/reports", { cookie: admin.cookie })).json()) as {
        data: { id: string; messageExcerpt: string | null }[];
      };
      const mine = reports.data.find((r) => r.messageExcerpt === "Message vocal (0:03)");
      expect(mine).toBeDefined();
      const detail = (await (
        await t.request(`/api/admin/reports/${mine!.id}`, { cookie: admin.cookie })
      ).json()) as {
        context: { id: string; voiceMs: number | null; reported: boolean }[];
      };
      expect(detail.context).toContainEqual(
        expect.objectContaining({ id: sent.id, reported: true, voiceMs: sent.voice!.durationMs }),
      );
      const heard = await t.request(`/api/admin/messages/${sent.id}/voice`, { cookie: admin.cookie });
      expect(heard.status).toBe(200);
      expect(new Uint8Array(await heard.arrayBuffer())).toEqual(voiceFixture("beep-3s.webm"));
      expect((await t.request(`/api/admin/messages/${sent.id}/voice`, { cookie: her.cookie })).status).toBe(
        403,
      );

      const [{ key }] = (await queryRows(
        db(),
        z.strictObject({ key: z.string() }),
        sql`SELECT voice_key AS key FROM messages WHERE id = ${sent.id}::uuid`,
      )) as [{ key: string }];
      expect(await t.deps.voices.get(key)).not.toBeNull();
      expect(
        (await t.request(`/api/admin/messages/${sent.id}`, { method: "DELETE", cookie: admin.cookie }))
          .status,
      ).toBe(204);
      expect(await t.deps.voices.get(key)).toBeNull();

      // The export holds the member's own recordings; deleting the account erases every recording of its conversations.
      const mineAgain = (await (
        await upload(him.cookie, matchId, voiceFixture("beep-3s.webm"))
      ).json()) as MessageDto;
      const hers = (await (
        await upload(her.cookie, matchId, voiceFixture("beep-3s.mp4"), { type: "audio/mp4" })
      ).json()) as MessageDto;
      const zip = unzipSync(
        new Uint8Array(await (await t.request("/api/me/export", { cookie: him.cookie })).arrayBuffer()),
      );
      const data = JSON.parse(strFromU8(zip["donnees.json"]!)) as {
        messagesSent: { voice?: { file: string } }[];
      };
      const file = data.messagesSent.find((m) => m.voice)!.voice!.file;
      expect(zip[file]).toEqual(voiceFixture("beep-3s.webm"));
      expect(Object.keys(zip).filter((k) => k.startsWith("vocaux/"))).toHaveLength(1);
      const keys = (
        await queryRows(
          db(),
          z.strictObject({ key: z.string() }),
          sql`SELECT voice_key AS key FROM messages WHERE id IN (${mineAgain.id}::uuid, ${hers.id}::uuid)`,
        )
      ).map((r) => r.key);
      expect(keys).toHaveLength(2);
      const deleted = await t.request("/api/me/delete", {
        method: "POST",
        cookie: him.cookie,
        json: { password: "motdepasse-solide" },
      });
      expect(deleted.status).toBe(204);
      for (const k of keys) expect(await t.deps.voices.get(k)).toBeNull();
    },
  );

  it("sweeps voice files no row names once they are old, and keeps those a row names", async () => {
    const { him, matchId } = await pair();
    const sent = (await (
      await upload(him.cookie, matchId, voiceFixture("beep-3s.webm"))
    ).json()) as MessageDto;
    await t.deps.voices.put(`messages/${randomUUID()}.webm`, voiceFixture("beep-3s.webm"), "audio/webm");
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    const report = await sweepOrphanFiles(t.deps, { storage: "voices", now: later });
    expect(report.removed).toBeGreaterThanOrEqual(1);
    expect((await audio(him.cookie, matchId, sent.id)).status).toBe(200);
    const named = await queryRows(
      db(),
      z.strictObject({ key: z.string() }),
      sql`SELECT voice_key AS key FROM messages WHERE voice_key IS NOT NULL UNION SELECT voice_key FROM voice_intros`,
    );
    expect((await storedFiles()).sort()).toEqual(named.map((r) => r.key).sort());
  });
});
