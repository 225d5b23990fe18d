// Bouclier (issue 36) through the real API, on both engines: a money request from a new account is
// held behind the warning on her side and read only by choice; a genuine first message arrives at
// once; numbers are masked until both are verified; an account over the threshold goes on quiet
// hold (its first messages wait, unseen and untold) until an administrator releases it or a selfie
// verification succeeds; « vérification exigée » and the appeal; the daily allowance by trust level;
// the same text to many members; and a signal that cannot be computed never costs the message.
import { memberVerified } from "@domain/events.ts";
import type { ConversationDto, MessageDto, MessagePageDto } from "@domain/messaging.ts";
import type { ShieldFairnessDto, ShieldQueueDto, ShieldStandingDto } from "@domain/responses/shield.ts";
import { DEFAULT_SHIELD_SETTINGS, SHIELD_MSG, type ShieldSettings } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { faceDescriptors } from "../../platform/db/schema/index.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { checkFaceReuse } from "./face-reuse.ts";
import { shieldFailures } from "./failures.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;

const MONEY = "Envoie-moi 300 € par Western Union pour mon billet d’avion";

describeEachEngine("Bouclier", (engine) => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  const setSettings = async (change: Partial<ShieldSettings>) => {
    const res = await t.request("/api/admin/shield/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: { ...DEFAULT_SHIELD_SETTINGS, ...change },
    });
    expect(res.status).toBe(200);
  };
  beforeEach(() => setSettings({}));

  /** A match he opened by liking her (a first like opens the conversation). */
  const match = async (from: Member, to: Member) => {
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
  const sent = async (from: Member, matchId: string, content: string) => {
    const res = await send(from, matchId, content);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as MessageDto;
  };
  const page = async (m: Member, matchId: string) => {
    const res = await t.request(`/api/matches/${matchId}/messages`, { cookie: m.cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as MessagePageDto).data;
  };
  const conversation = async (m: Member, matchId: string) => {
    const res = await t.request("/api/conversations", { cookie: m.cookie });
    return ((await res.json()) as { data: ConversationDto[] }).data.find((c) => c.matchId === matchId);
  };
  const signals = async (userId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ kind: z.string() }),
        sql`SELECT kind FROM shield_signals WHERE user_id = ${userId} ORDER BY created_at`,
      )
    ).map((r) => r.kind);
  const status = async (userId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ status: z.string() }),
        sql`SELECT status FROM shield_accounts WHERE user_id = ${userId}`,
      )
    )[0]?.status ?? "none";
  const verify = (userId: string) =>
    db().execute(sql`UPDATE profiles SET verified_at = now() WHERE user_id = ${userId}`);
  const queue = async () => {
    const res = await t.request("/api/admin/shield", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as ShieldQueueDto;
  };
  const decide = (userId: string, decision: string) =>
    t.request(`/api/admin/shield/${userId}/decision`, {
      method: "POST",
      cookie: admin.cookie,
      json: { decision },
    });

  describe("a money request from a new, unverified account", () => {
    it("is held behind the warning on her side, and read only when she chooses to", async () => {
      const him = await signUpMember(t, "male", { firstName: "Steeve" });
      const her = await signUpMember(t, "female", { firstName: "Claire" });
      const matchId = await match(him, her);
      const message = await sent(him, matchId, MONEY);
      // He sees nothing different.
      expect(message).toMatchObject({ content: MONEY, held: false });
      // She sees the message held: no text, in the conversation, the list, or her notifications.
      expect((await page(her, matchId))[0]).toMatchObject({ id: message.id, held: true, content: "" });
      expect((await conversation(her, matchId))?.lastMessage?.content).toBe(SHIELD_MSG.HELD_TITLE);
      // She chooses to read it.
      const reveal = await t.request(`/api/matches/${matchId}/messages/${message.id}/reveal`, {
        method: "POST",
        cookie: her.cookie,
      });
      expect(reveal.status).toBe(200);
      expect(await reveal.json()).toMatchObject({ content: MONEY, held: false });
      expect((await page(her, matchId))[0]).toMatchObject({ content: MONEY, held: false });
      // He cannot reveal his own message, nor anyone someone else's conversation.
      const own = await t.request(`/api/matches/${matchId}/messages/${message.id}/reveal`, {
        method: "POST",
        cookie: him.cookie,
      });
      expect(own.status).toBe(404);
      expect(await signals(him.userId)).toEqual(["money_request"]);
    });

    it("puts the account on quiet hold: its next first messages wait, unseen, until a moderator releases them", async () => {
      const him = await signUpMember(t, "male", { firstName: "Brice" });
      const first = await signUpMember(t, "female", { firstName: "Nadia" });
      const second = await signUpMember(t, "female", { firstName: "Sophie" });
      await sent(him, await match(him, first), MONEY);
      // 45 (money) + 15 (first week) reach the threshold of 60.
      expect(await status(him.userId)).toBe("hold");
      const matchId = await match(him, second);
      const waiting = await sent(him, matchId, "Bonsoir Sophie, tu as un très beau sourire");
      expect(waiting.content).toBe("Bonsoir Sophie, tu as un très beau sourire");
      // She sees nothing: no message, nothing unread.
      expect(await page(second, matchId)).toEqual([]);
      expect(await conversation(second, matchId)).toMatchObject({ lastMessage: null, unread: 0 });
      // He sees his message as sent.
      expect((await page(him, matchId)).map((m) => m.id)).toEqual([waiting.id]);
      // A second message in that conversation waits too.
      await sent(him, matchId, "Tu es là ?");
      expect(await page(second, matchId)).toEqual([]);

      const held = (await queue()).data.find((a) => a.id === him.userId);
      expect(held).toMatchObject({ status: "hold", member: { name: "Brice Diallo" } });
      expect(held?.signals.map((s) => s.kind)).toEqual(["money_request"]);
      expect(held?.signals[0]?.detail).toContain("Western Union");
      expect(held?.heldMessages.map((m) => m.shield).sort()).toEqual(["held", "waiting", "waiting"]);

      const res = await decide(him.userId, "release");
      expect(res.status).toBe(200);
      expect((await page(second, matchId)).map((m) => m.content)).toEqual([
        "Tu es là ?",
        "Bonsoir Sophie, tu as un très beau sourire",
      ]);
      expect(await status(him.userId)).toBe("released");
      expect((await queue()).data.some((a) => a.id === him.userId)).toBe(false);
      const [audit] = await queryRows(
        db(),
        z.strictObject({ action: z.string() }),
        sql`SELECT action FROM admin_audit WHERE target_id = ${him.userId} ORDER BY created_at DESC LIMIT 1`,
      );
      expect(audit?.action).toBe("shield.release");
      // A release is not a pass for later: the score counts only what comes after it.
      const third = await signUpMember(t, "female");
      expect((await sent(him, await match(him, third), "Bonjour !")).content).toBe("Bonjour !");
      expect(await status(him.userId)).toBe("released");
    });

    it("a selfie verification ends the hold and delivers what waited", async () => {
      const him = await signUpMember(t, "male");
      const first = await signUpMember(t, "female");
      const second = await signUpMember(t, "female");
      await sent(him, await match(him, first), MONEY);
      const matchId = await match(him, second);
      await sent(him, matchId, "Bonjour, enchanté");
      expect(await page(second, matchId)).toEqual([]);
      await verify(him.userId);
      await t.deps.events.transaction(db(), (_tx, record) => record(memberVerified, { userId: him.userId }));
      expect((await page(second, matchId)).map((m) => m.content)).toEqual(["Bonjour, enchanté"]);
      expect(await status(him.userId)).toBe("clear");
    });
  });

  it("holds a verified member whose face is a banned account’s: the selfie does not lift it", async () => {
    const banned = await signUpMember(t, "male");
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const face = Array.from({ length: 1024 }, (_, i) => Math.sin(i) / 40);
    const other = face.map((v, i) => (i % 2 === 0 ? -v : v));
    await db().execute(sql`UPDATE "user" SET banned = true WHERE id = ${banned.userId}`);
    const stranger = await signUpMember(t, "female");
    await db()
      .insert(faceDescriptors)
      .values([
        { userId: banned.userId, descriptor: face },
        { userId: him.userId, descriptor: face },
        { userId: stranger.userId, descriptor: other },
      ]);
    await verify(him.userId);
    await t.deps.events.transaction(db(), (_tx, record) => record(memberVerified, { userId: him.userId }));
    // The verification queued the comparison; its worker's work, run here:
    const [queued] = await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'shield-face-check' AND data->>'userId' = ${him.userId}`,
    );
    expect(queued?.n).toBe(1);
    await checkFaceReuse(t.deps, him.userId);
    expect(await signals(him.userId)).toEqual(["face_reuse"]);
    expect(await status(him.userId)).toBe("hold");
    const matchId = await match(him, her);
    await sent(him, matchId, "Bonjour, enchanté");
    expect(await page(her, matchId)).toEqual([]);
    const row = (await queue()).data.find((a) => a.id === him.userId);
    expect(row?.signals[0]?.detail).toContain("compte banni");
  });

  it("weighs a report by its author’s record: upheld reports count for, dismissed ones against", async () => {
    const trusted = await signUpMember(t, "female");
    const careless = await signUpMember(t, "female");
    const others = await Promise.all([1, 2, 3].map(() => signUpMember(t, "male")));
    for (const o of others)
      await db().execute(sql`INSERT INTO reports (reporter_id, reported_id, reported_label, reason, status)
        VALUES (${trusted.userId}, ${o.userId}, 'x', 'scam', 'action_taken'),
          (${careless.userId}, ${o.userId}, 'x', 'scam', 'dismissed')`);
    const score = async (reporter: Member) => {
      const him = await signUpMember(t, "male");
      await db().execute(sql`INSERT INTO reports (reporter_id, reported_id, reported_label, reason)
        VALUES (${reporter.userId}, ${him.userId}, 'x', 'scam')`);
      // A first message is when the reports received are weighed.
      await sent(him, await match(him, await signUpMember(t, "female")), "Bonjour");
      const [row] = await queryRows(
        db(),
        z.strictObject({ score: z.number() }),
        sql`SELECT score FROM shield_accounts WHERE user_id = ${him.userId}`,
      );
      return row?.score;
    };
    // 15 for a first week, plus 20 × (1 + 2 × 3) / 2 capped at 2, or 20 × 1 / (2 + 3) floored at 0.25.
    expect(await score(trusted)).toBe(15 + 40);
    expect(await score(careless)).toBe(15 + 5);
  });

  it("delivers a genuine new member’s ordinary first message at once", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const matchId = await match(him, her);
    const text = "Bonjour Awa ! J’ai vu que tu aimes le thiéboudienne, moi aussi. Tu cuisines ?";
    const message = await sent(him, matchId, text);
    expect((await page(her, matchId))[0]).toMatchObject({ id: message.id, content: text, held: false });
    expect(await signals(him.userId)).toEqual([]); // Only a held message is revealed: a 409, and nothing written.
    const notHeld = await t.request(`/api/matches/${matchId}/messages/${message.id}/reveal`, {
      method: "POST",
      cookie: her.cookie,
    });
    expect(notHeld.status).toBe(409);
    expect(await notHeld.json()).toMatchObject({ error: { code: "MESSAGE_NOT_HELD" } });
    const [revealed] = await queryRows(
      db(),
      z.strictObject({ at: z.string().nullable() }),
      sql`SELECT revealed_at::text AS at FROM messages WHERE id = ${message.id}::uuid`,
    );
    expect(revealed?.at).toBeNull();
    // Money talked about without a request is delivered too.
    await sent(him, matchId, "Le billet pour Dakar coûte 700 € en ce moment, c’est cher !");
    expect((await page(her, matchId))[0]).toMatchObject({ held: false });
  });

  it("masks numbers and handles until both members are selfie-verified", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const matchId = await match(him, her);
    const text = "Écris-moi sur WhatsApp au +225 07 58 12 34 56";
    expect(await sent(him, matchId, text)).toMatchObject({ content: text, masked: true });
    expect((await page(her, matchId))[0]).toMatchObject({
      content: "Écris-moi sur WhatsApp au [masqué]",
      masked: true,
    });
    expect((await conversation(her, matchId))?.lastMessage?.content).toBe(
      "Écris-moi sur WhatsApp au [masqué]",
    );
    expect(await signals(him.userId)).toEqual(["off_platform"]);
    await verify(him.userId);
    await verify(her.userId);
    // Both verified: what was masked between them is shown (the verification's event does it).
    await t.deps.events.transaction(db(), (_tx, record) => record(memberVerified, { userId: her.userId }));
    expect((await page(her, matchId))[0]).toMatchObject({ content: text, masked: false });
    await sent(him, matchId, "Mon numéro : +225 07 58 12 34 56");
    expect((await page(her, matchId))[0]).toMatchObject({
      content: "Mon numéro : +225 07 58 12 34 56",
      masked: false,
    });
  });

  it("asks for a selfie verification when an administrator decides it, and takes an appeal", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const other = await signUpMember(t, "female");
    const matchId = await match(him, her);
    // Nothing to contest yet.
    const early = await t.request("/api/shield/appeal", {
      method: "POST",
      cookie: him.cookie,
      json: { message: "Pourquoi suis-je restreint ?" },
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: "APPEAL_NOT_RESTRICTED" } });
    await sent(him, matchId, MONEY);
    expect((await decide(him.userId, "require_verification")).status).toBe(200);
    // Existing conversations go on; a new one waits for the verification.
    await sent(him, matchId, "Pardon, oublie ce que j’ai dit");
    const refused = await send(him, await match(him, other), "Bonjour");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "SHIELD_VERIFICATION_REQUIRED", message: SHIELD_MSG.VERIFICATION_REQUIRED },
    });
    const standing = await t.request("/api/shield", { cookie: him.cookie });
    expect(await standing.json()).toMatchObject({
      verificationRequired: true,
      appealPending: false,
    } satisfies Partial<ShieldStandingDto>);
    const short = await t.request("/api/shield/appeal", {
      method: "POST",
      cookie: him.cookie,
      json: { message: "non" },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
    const appeal = (message: string) =>
      t.request("/api/shield/appeal", { method: "POST", cookie: him.cookie, json: { message } });
    expect((await appeal("Je suis sincère, je voulais juste savoir comment venir.")).status).toBe(200);
    expect((await appeal("Encore moi")).status).toBe(409);
    const row = (await queue()).data[0];
    expect(row).toMatchObject({
      id: him.userId,
      appeal: "Je suis sincère, je voulais juste savoir comment venir.",
    });
    // Banned from the queue: audited, out of the queue.
    expect((await decide(him.userId, "ban")).status).toBe(200);
    expect((await queue()).data.some((a) => a.id === him.userId)).toBe(false);
  });

  it("refuses what an administrator’s request does not say, in French", async () => {
    const him = await signUpMember(t, "male");
    const unknown = await decide(him.userId, "forgive");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
    // Not in the queue: nothing decided, and no ban (the ban and the decision share a transaction).
    expect((await decide(him.userId, "release")).status).toBe(404);
    const ban = await decide(him.userId, "ban");
    expect(ban.status).toBe(404);
    expect(await ban.json()).toMatchObject({ error: { code: "SHIELD_NOT_IN_QUEUE" } });
    const [account] = await queryRows(
      db(),
      z.strictObject({ banned: z.boolean().nullable() }),
      sql`SELECT banned FROM "user" WHERE id = ${him.userId}`,
    );
    expect(account?.banned).not.toBe(true);
    const settings = await t.request("/api/admin/shield/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: { ...DEFAULT_SHIELD_SETTINGS, holdThreshold: -3 },
    });
    expect(settings.status).toBe(400);
    // A member is no administrator.
    const member = await t.request("/api/admin/shield", { cookie: him.cookie });
    expect(member.status).toBe(403);
  });

  it("starts fewer new conversations a day before the e-mail is confirmed, more once verified", async () => {
    await setSettings({ allowances: { unconfirmed: 1, email: 2, selfie: 3 } });
    const him = await signUpMember(t, "male", {}, { emailVerified: false });
    const women = await Promise.all([1, 2, 3].map(() => signUpMember(t, "female")));
    const matches = [];
    for (const w of women) matches.push(await match(him, w));
    await sent(him, matches[0]!, "Bonjour");
    const second = await send(him, matches[1]!, "Bonjour");
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      error: { code: "NEW_CONVERSATIONS_LIMITED", message: SHIELD_MSG.ALLOWANCE_REACHED("unconfirmed") },
    });
    // Going on in a conversation already started is never limited by the allowance.
    await sent(him, matches[0]!, "Tu vas bien ?");
    await verify(him.userId);
    await sent(him, matches[1]!, "Bonjour");
    await sent(him, matches[2]!, "Bonjour");
  });

  it("sees the same text sent to many members", async () => {
    const him = await signUpMember(t, "male");
    await verify(him.userId); // a verified account: nothing else adds up
    const opener =
      "Bonjour ma belle, ton sourire m’a touché au plus profond de mon cœur, je suis ingénieur et je cherche une femme sincère";
    for (const name of ["Awa", "Marie", "Inès"]) {
      const her = await signUpMember(t, "female", { firstName: name });
      await sent(him, await match(him, her), `${opener}, ${name}`);
    }
    expect(await signals(him.userId)).toEqual(["duplicate_text"]);
  });

  it("never costs the message when a signal cannot be computed: counted and logged instead", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const matchId = await match(him, her);
    const before = shieldFailures.count;
    await db().execute(sql`ALTER TABLE message_fingerprints RENAME TO message_fingerprints_away`);
    try {
      const text =
        "Bonjour, je voulais te dire que ton profil m’a beaucoup plu, surtout ta passion pour la lecture";
      const message = await sent(him, matchId, text);
      expect((await page(her, matchId))[0]).toMatchObject({ id: message.id, content: text });
    } finally {
      await db().execute(sql`ALTER TABLE message_fingerprints_away RENAME TO message_fingerprints`);
    }
    expect(shieldFailures.count).toBe(before + 1);
    expect((await queue()).failures).toBeGreaterThanOrEqual(1);
  });

  it("shows who it restricts, by country of origin and of residence", async () => {
    const him = await signUpMember(t, "male", { country: "Belgique", originCountry: "Togo" });
    const her = await signUpMember(t, "female");
    await sent(him, await match(him, her), MONEY);
    const res = await t.request("/api/admin/shield/fairness", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const fairness = (await res.json()) as ShieldFairnessDto;
    const togo = fairness.byOrigin.find((r) => r.country === "Togo");
    expect(togo).toMatchObject({ members: 1, restricted: 1, share: 1 });
    expect(fairness.byResidence.find((r) => r.country === "Belgique")?.restricted).toBeGreaterThanOrEqual(1);
    expect(fairness.overall.restricted).toBeGreaterThanOrEqual(1);
  });

  it("can be switched off: messages go through as before", async () => {
    await setSettings({ enabled: false });
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const matchId = await match(him, her);
    await sent(him, matchId, MONEY);
    expect((await page(her, matchId))[0]).toMatchObject({ content: MONEY, held: false });
    expect(await signals(him.userId)).toEqual([]);
  });
});
