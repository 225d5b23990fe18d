// Message requests (issue 34): a member who lets only members she liked back write first receives
// the other first messages in « Demandes » — listed as requests, told to nobody outside the site,
// read without a receipt — until she accepts (likes back) or declines (removes the match). Off,
// the specification's rule holds. On both engines: the rule is one SQL expression read by several
// statements.
import type { ConversationDto } from "@domain/messaging.ts";
import type { ProfileDto } from "@domain/profile.ts";
import type { ReadReceiptDto } from "@domain/responses/messaging.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;

describeEachEngine("message requests", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  const like = async (from: Member, to: Member) => {
    const res = await t.request("/api/likes", {
      method: "POST",
      cookie: from.cookie,
      json: { likedId: to.userId, type: "like" },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { matchId: string }).matchId;
  };
  const send = (from: Member, matchId: string, content: string) =>
    t.request(`/api/matches/${matchId}/messages`, { method: "POST", cookie: from.cookie, json: { content } });
  const setting = (m: Member, body: unknown) =>
    t.request("/api/profile/privacy", { method: "PUT", cookie: m.cookie, json: body });
  const conversation = async (m: Member, matchId: string) => {
    const res = await t.request("/api/conversations", { cookie: m.cookie });
    return ((await res.json()) as { data: ConversationDto[] }).data.find((c) => c.matchId === matchId);
  };
  const unreadFor = async (matchId: string, senderId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM messages WHERE match_id = ${matchId}::uuid
          AND sender_id = ${senderId} AND read_at IS NULL`,
      )
    )[0]?.n ?? 0;
  const emailJobs = async (userId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email-immediate' AND data->>'userId' = ${userId}`,
      )
    )[0]?.n ?? 0;
  /** Away from the site with a confirmed address: a message would be e-mailed to her at once. */
  const away = (m: Member) =>
    db().execute(
      sql`UPDATE profiles SET last_active_at = now() - interval '1 day' WHERE user_id = ${m.userId}`,
    );

  /** He liked her; she lets only members she liked back write first (or not). */
  async function pair(requestsOn: boolean) {
    const him = await signUpMember(t, "male", { firstName: "Abdoulaye" });
    const her = await signUpMember(t, "female", { firstName: "Fatou" });
    if (requestsOn) {
      const res = await setting(her, { firstMessagesFromLikedOnly: true });
      expect(res.status).toBe(200);
      expect(((await res.json()) as ProfileDto).firstMessagesFromLikedOnly).toBe(true);
    }
    const matchId = await like(him, her);
    return { him, her, matchId };
  }

  it("keeps the specification’s rule by default: his first message opens the conversation and is told", async () => {
    const { him, her, matchId } = await pair(false);
    await away(her);
    const before = await emailJobs(her.userId); // the J'aime's
    expect((await send(him, matchId, "Bonjour Fatou")).status).toBe(201);
    expect(await conversation(her, matchId)).toMatchObject({ request: false, requestSent: false, unread: 1 });
    expect(await conversation(him, matchId)).toMatchObject({ request: false, requestSent: false });
    expect(await emailJobs(her.userId)).toBe(before + 1);
  });

  it("keeps his first messages in her « Demandes »: untold, unread, and said to him", async () => {
    const { him, her, matchId } = await pair(true);
    await away(her);
    const before = await emailJobs(her.userId); // the J'aime's
    expect((await send(him, matchId, "Bonjour Fatou")).status).toBe(201);
    expect((await send(him, matchId, "Tu as vu mon message ?")).status).toBe(201);
    expect(await conversation(her, matchId)).toMatchObject({
      request: true,
      requestSent: false,
      likedBy: "them",
      unread: 2,
      lastMessage: { content: "Tu as vu mon message ?" },
    });
    expect(await conversation(him, matchId)).toMatchObject({ request: false, requestSent: true });
    // No e-mail job (what her next e-mail says: server/features/notifications/email.test.ts).
    expect(await emailJobs(her.userId)).toBe(before);
    // She reads it without a receipt.
    const read = await t.request(`/api/matches/${matchId}/read`, { method: "POST", cookie: her.cookie });
    expect(read.status).toBe(200);
    expect(((await read.json()) as ReadReceiptDto).readAt).toBeNull();
    expect(await unreadFor(matchId, him.userId)).toBe(2);
  });

  it("accepting is liking back: a match for both, the messages read, both may write", async () => {
    const { him, her, matchId } = await pair(true);
    expect((await send(him, matchId, "Bonjour Fatou")).status).toBe(201);
    expect(await like(her, him)).toBe(matchId);
    expect(await conversation(her, matchId)).toMatchObject({ request: false, likedBy: "both" });
    expect(await conversation(him, matchId)).toMatchObject({ requestSent: false, likedBy: "both" });
    const read = await t.request(`/api/matches/${matchId}/read`, { method: "POST", cookie: her.cookie });
    expect(((await read.json()) as ReadReceiptDto).readAt).not.toBeNull();
    expect(await unreadFor(matchId, him.userId)).toBe(0);
    expect((await send(her, matchId, "Bonjour Abdoulaye")).status).toBe(201);
  });

  it("declining removes the match: gone from both lists, nobody can write", async () => {
    const { him, her, matchId } = await pair(true);
    expect((await send(him, matchId, "Bonjour Fatou")).status).toBe(201);
    const res = await t.request(`/api/matches/${matchId}`, { method: "DELETE", cookie: her.cookie });
    expect(res.status).toBeLessThan(300);
    expect(await conversation(her, matchId)).toBeUndefined();
    expect(await conversation(him, matchId)).toBeUndefined();
    expect((await send(him, matchId, "Encore moi")).status).toBe(403);
  });

  it("is no request when she wrote first, and is released when she turns the setting off", async () => {
    const first = await pair(true);
    expect((await send(first.her, first.matchId, "Merci pour le J’aime")).status).toBe(201);
    expect((await send(first.him, first.matchId, "Avec plaisir")).status).toBe(201);
    expect(await conversation(first.her, first.matchId)).toMatchObject({ request: false });
    expect(await conversation(first.him, first.matchId)).toMatchObject({ requestSent: false });

    const second = await pair(true);
    expect((await send(second.him, second.matchId, "Bonjour")).status).toBe(201);
    expect(await conversation(second.her, second.matchId)).toMatchObject({ request: true });
    expect((await setting(second.her, { firstMessagesFromLikedOnly: false })).status).toBe(200);
    expect(await conversation(second.her, second.matchId)).toMatchObject({ request: false });
    expect(await conversation(second.him, second.matchId)).toMatchObject({ requestSent: false });
  });

  it("refuses a setting that is not yes or no, in French, changing nothing", async () => {
    const her = await signUpMember(t, "female");
    const res = await setting(her, { firstMessagesFromLikedOnly: "oui" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("VALIDATION_ERROR");
    const profile = (await (await t.request("/api/profile", { cookie: her.cookie })).json()) as ProfileDto;
    expect(profile.firstMessagesFromLikedOnly).toBe(false);
  });
});
