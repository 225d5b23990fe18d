// Web Push end to end: a member's browser subscription (played by the local push service of
// server/test/push-service.ts, which checks VAPID and decrypts like a browser), a message or a match
// queued as a job, the worker sending it, the payload arriving encrypted for that subscription.
import type { PushPayload } from "@domain/notifications.ts";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_LIMITS } from "@domain/notifications.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { z } from "zod";
import { startJobWorkers } from "../../job-workers.ts";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { type PushServiceHandle, startPushService } from "../../test/push-service.ts";
import { voiceFixture } from "../../test/voice.ts";
import { handleMessagePush, sendSubscriptionReminders } from "./handlers.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;
/** French typography's no-break spaces read as plain ones, for readable expectations. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describeOnEngine("web push", (engine) => {
  let t: TestApp;
  let service: PushServiceHandle;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(engine, { PUSH_SERVICE_ORIGINS: service.origin, PUSH_SERVICE_CA: service.ca });
    stopWorkers = await startJobWorkers(t.deps, { pollingSeconds: 0.5, maintenanceSeconds: 1 });
  });
  afterAll(async () => {
    await stopWorkers();
    await t.close();
    await service.close();
  });

  const subscribe = async (m: Member) => {
    const sub = service.subscribe({ applicationServerKey: t.deps.config.push.publicKey });
    const res = await t.request("/api/notifications/push", { method: "POST", cookie: m.cookie, json: sub });
    expect(res.status).toBe(201);
    return sub;
  };
  const like = async (from: Member, to: Member) => {
    const res = await t.request("/api/likes", {
      method: "POST",
      cookie: from.cookie,
      json: { likedId: to.userId, type: "like" },
    });
    return ((await res.json()) as { matchId: string }).matchId;
  };
  const send = (m: Member, matchId: string, content: string) =>
    t.request(`/api/matches/${matchId}/messages`, { method: "POST", cookie: m.cookie, json: { content } });
  const payloads = (endpoint: string) =>
    service.received.filter((r) => r.endpoint === endpoint).map((r) => JSON.parse(r.payload) as PushPayload);
  const savedSubscriptions = async (userId: string) =>
    (
      await queryRows(
        t.deps.database.db,
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${userId}`,
      )
    )[0]?.n ?? 0;

  it("refuses an endpoint that is not a known push service, and malformed keys, in French", async () => {
    const m = await signUpMember(t, "female");
    const foreign = await t.request("/api/notifications/push", {
      method: "POST",
      cookie: m.cookie,
      json: { ...service.subscribe(), endpoint: "https://attacker.example/push/1" },
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("PUSH_SERVICE_REFUSED");
    const badKeys = await t.request("/api/notifications/push", {
      method: "POST",
      cookie: m.cookie,
      json: { endpoint: `${service.origin}/push/x`, keys: { p256dh: "court", auth: "court" } },
    });
    expect(badKeys.status).toBe(400);
    expect(await savedSubscriptions(m.userId)).toBe(0);
    const anonymous = await t.request("/api/notifications/push", {
      method: "POST",
      json: service.subscribe(),
    });
    expect(anonymous.status).toBe(401);
  });

  it("tells the liked member of a J’aime, pushes a message to the right conversation, and a match once she likes back", async () => {
    const him = await signUpMember(t, "male", { firstName: "Moussa" });
    const her = await signUpMember(t, "female", { firstName: "Awa" });
    const hisPhone = await subscribe(him);
    const herPhone = await subscribe(her);
    const matchId = await like(him, her);
    const [match] = await service.waitFor(1, { endpoint: herPhone.endpoint });
    const matchPayload = JSON.parse(match!.payload) as PushPayload;
    expect(matchPayload.kind).toBe("match");
    // His J'aime opened the conversation; it is not a match of two people who like each other.
    expect(plain(matchPayload.title)).toBe("Moussa vous a envoyé un J’aime");
    expect(plain(matchPayload.body)).toBe(
      "Votre conversation est ouverte : répondez-lui, ou passez si ce n’est pas pour vous.",
    );
    expect(match!.vapidKey).toBe(t.deps.config.push.publicKey);

    expect((await send(her, matchId, "Bonsoir Moussa, ravie de ce match !")).status).toBe(201);
    const [message] = await service.waitFor(1, { endpoint: hisPhone.endpoint });
    expect(JSON.parse(message!.payload)).toEqual({
      kind: "message",
      title: "Awa",
      body: "Bonsoir Moussa, ravie de ce match !",
      url: `/messages?match=${matchId}`,
      tag: `conversation-${matchId}`,
      unread: 1,
    });
    expect(message!.headers.urgency).toBe("high");

    // She likes him back: now it is a match, and he is told.
    expect(await like(her, him)).toBe(matchId);
    const mutual = (await service.waitFor(2, { endpoint: hisPhone.endpoint }))[1];
    expect(JSON.parse(mutual!.payload)).toMatchObject({ kind: "match", url: `/messages?match=${matchId}` });
    const mutualPayload = JSON.parse(mutual!.payload) as PushPayload;
    expect(plain(mutualPayload.title)).toBe("C’est un match !");
    expect(plain(mutualPayload.body)).toBe("Awa a aimé votre profil en retour. Écrivez-lui !");
    // Liking again tells nobody anything more.
    await like(her, him);
    await expect(service.waitFor(3, { endpoint: hisPhone.endpoint, timeoutMs: 1500 })).rejects.toThrow();
  });

  it("groups the messages of one conversation: one push now, the next ones gathered later", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female", { firstName: "Fatou" });
    const phone = await subscribe(him);
    const matchId = await like(him, her);
    // pg-boss's grouping windows are slots of the database's clock (one every 60 s), not windows
    // sliding from the first message: three messages sent across a slot's end are two windows, so
    // two pushes. A busy machine once took long enough to cross one (CI, 30 novembre 2026); the
    // messages are sent once the slot has a margin left.
    await slotWithMarginLeft(t, NOTIFICATION_LIMITS.MESSAGE_PUSH_GROUP_SECONDS, 20);
    for (const text of ["Coucou", "Tu es là ?", "Je voulais te demander…"])
      expect((await send(her, matchId, text)).status).toBe(201);
    await service.waitFor(1, { endpoint: phone.endpoint });
    await new Promise((r) => setTimeout(r, 1500));
    expect(payloads(phone.endpoint)).toHaveLength(1);
    // The window's later messages wait as one job for the next slot, not one each.
    const [queued] = await queryRows(
      t.deps.database.db,
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'push-message'
        AND data->>'matchId' = ${matchId} AND state = 'created' AND start_after > now()`,
    );
    expect(queued?.n).toBe(1);
    // When that job runs, it says how many are unread.
    await handleMessagePush(t.deps, { recipientId: him.userId, matchId });
    const last = payloads(phone.endpoint).at(-1)!;
    expect(plain(last.body)).toBe("3 nouveaux messages · « Je voulais te demander… »");
  });

  it("says « Nouveau message » without a name or an excerpt to a member who chose discreet notifications", async () => {
    const him = await signUpMember(t, "male", { firstName: "Moussa" });
    const her = await signUpMember(t, "female", { firstName: "Awa" });
    const discreet = await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: her.cookie,
      json: { neutralNotifications: true },
    });
    expect(discreet.status).toBe(200);
    const herPhone = await subscribe(her);
    const matchId = await like(him, her);
    const [liked] = await service.waitFor(1, { endpoint: herPhone.endpoint });
    expect(JSON.parse(liked!.payload)).toEqual({
      kind: "match",
      title: "Passerelle",
      body: "Nouvelle activité",
      url: `/messages?match=${matchId}`,
      tag: `match-${matchId}`,
    });
    expect((await send(him, matchId, "Bonsoir Awa, je suis à Dakar la semaine prochaine")).status).toBe(201);
    const [, message] = await service.waitFor(2, { endpoint: herPhone.endpoint });
    expect(JSON.parse(message!.payload)).toEqual({
      kind: "message",
      title: "Passerelle",
      body: "Nouveau message",
      url: `/messages?match=${matchId}`,
      tag: `conversation-${matchId}`,
      unread: 1,
    });
  });

  it("tells a member that their match shared their card with a relative (issue 40)", async () => {
    const him = await signUpMember(t, "male", { firstName: "Moussa" });
    const her = await signUpMember(t, "female", { firstName: "Awa" });
    await like(him, her);
    const matchId = await like(her, him);
    const hisPhone = await subscribe(him);
    const shared = await t.request(`/api/matches/${matchId}/shares`, {
      method: "POST",
      cookie: her.cookie,
      json: { kind: "date", place: "Dakar" },
    });
    expect(shared.status).toBe(201);
    // Her like back's « C'est un match ! » may still reach his phone first: the share's push is the
    // one tagged for it.
    const payload = await vi.waitFor(
      () => {
        const told = payloads(hisPhone.endpoint).find((p) => p.tag === `shared-${matchId}`);
        if (!told) throw new Error("no push about the shared card yet");
        return told;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(plain(payload.title)).toBe("Awa a partagé votre profil avec un proche");
    expect(payload).toMatchObject({ kind: "match", url: `/messages?match=${matchId}` });
  });

  it("says « Message vocal (0:03) » for a voice message, never its file", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female", { firstName: "Awa" });
    const phone = await subscribe(him);
    const matchId = await like(him, her);
    const voice = await t.request(`/api/matches/${matchId}/voice-messages?durationMs=2940`, {
      method: "POST",
      cookie: her.cookie,
      headers: { "content-type": "audio/webm" },
      body: voiceFixture("beep-3s.webm") as Uint8Array<ArrayBuffer>,
    });
    expect(voice.status).toBe(201);
    await service.waitFor(1, { endpoint: phone.endpoint });
    expect(payloads(phone.endpoint)[0]).toMatchObject({
      kind: "message",
      title: "Awa",
      body: "Message vocal (0:03)",
    });
  });

  it("queues no job for a message whose recipient has no device and is on the site or unconfirmed", async () => {
    const him = await signUpMember(t, "male", {}, { emailVerified: false });
    const her = await signUpMember(t, "female");
    const matchId = await like(him, her);
    const jobs = async (queue: string, key: string, value: string) =>
      (
        await queryRows(
          t.deps.database.db,
          z.strictObject({ n: z.number() }),
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${queue} AND data->>${key} = ${value}`,
        )
      )[0]?.n ?? 0;
    const pushJobs = () => jobs("push-message", "matchId", matchId);
    const emailJobs = () => jobs("email-immediate", "userId", him.userId);
    // He was active a moment ago (his own requests), without a push subscription: nothing to tell him.
    expect((await send(her, matchId, "Bonjour !")).status).toBe(201);
    expect([await pushJobs(), await emailJobs()]).toEqual([0, 0]);
    // Away with an unconfirmed address: still nothing (no e-mail goes to an unconfirmed address).
    const awayLongAgo = sql`UPDATE profiles SET last_active_at = now() - interval '1 day' WHERE user_id = ${him.userId}`;
    await t.deps.database.db.execute(awayLongAgo);
    expect((await send(her, matchId, "Tu es là ?")).status).toBe(201);
    expect([await pushJobs(), await emailJobs()]).toEqual([0, 0]);
    // Away with a confirmed address: the job that e-mails him is queued, and no push job.
    await t.deps.database.db.execute(sql`UPDATE "user" SET email_verified = true WHERE id = ${him.userId}`);
    await t.deps.database.db.execute(awayLongAgo);
    expect((await send(her, matchId, "Je t’écris un e-mail alors")).status).toBe(201);
    expect([await pushJobs(), await emailJobs()]).toEqual([0, 1]);
    // On the site but with a device: the push job is queued.
    const other = await signUpMember(t, "female");
    const second = await like(him, other);
    await subscribe(him);
    expect((await send(other, second, "Salut")).status).toBe(201);
    expect(await jobs("push-message", "matchId", second)).toBe(1);
  });

  it("queues a message’s jobs with the message: a send that fails leaves no job behind", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    await subscribe(him);
    const matchId = await like(him, her);
    const pushJobs = async () =>
      (
        await queryRows(
          t.deps.database.db,
          z.strictObject({ n: z.number() }),
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'push-message' AND data->>'matchId' = ${matchId}`,
        )
      )[0]?.n ?? 0;
    // The job is the transaction's last write: a failure at commit (here, a deferred trigger on the
    // message refusing it) rolls back the message and its job together.
    const db = t.deps.database.db;
    await db.execute(sql`CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON messages
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`);
    try {
      expect((await send(her, matchId, "Bonjour !")).status).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_at_commit ON messages`);
      await db.execute(sql`DROP FUNCTION refuse_at_commit()`);
    }
    const [written] = await queryRows(
      db,
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM messages WHERE match_id = ${matchId}`,
    );
    expect([written?.n, await pushJobs()]).toEqual([0, 0]);
    expect((await send(her, matchId, "Bonjour !")).status).toBe(201);
    expect(await pushJobs()).toBe(1);
  });

  it("sends nothing about a blocked member, nothing against the preferences or in quiet hours", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const phone = await subscribe(him);
    const matchId = await like(him, her);
    expect((await send(her, matchId, "Premier message")).status).toBe(201);
    await service.waitFor(1, { endpoint: phone.endpoint });
    const before = payloads(phone.endpoint).length;

    const put = (prefs: object) =>
      t.request("/api/notifications/preferences", { method: "PUT", cookie: him.cookie, json: prefs });
    const off = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, messages: false },
    };
    expect((await put(off)).status).toBe(200);
    await handleMessagePush(t.deps, { recipientId: him.userId, matchId });
    const allDay = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      quietHours: { start: "00:00", end: "23:59" },
      timeZone: "Africa/Dakar",
    };
    expect((await put(allDay)).status).toBe(200);
    await handleMessagePush(t.deps, { recipientId: him.userId, matchId });
    expect((await put(DEFAULT_NOTIFICATION_PREFERENCES)).status).toBe(200);
    const block = await t.request("/api/blocks", {
      method: "POST",
      cookie: him.cookie,
      json: { userId: her.userId },
    });
    expect(block.status).toBeLessThan(300);
    await handleMessagePush(t.deps, { recipientId: him.userId, matchId });
    expect(payloads(phone.endpoint)).toHaveLength(before);
    // The same call with nothing in the way does push: the three refusals above were real ones.
    const other = await signUpMember(t, "female");
    const otherMatch = await like(him, other);
    expect((await send(other, otherMatch, "Bonjour")).status).toBe(201);
    await service.waitFor(before + 1, { endpoint: phone.endpoint });
  });

  it("deletes a subscription its push service says is gone (404 or 410)", async () => {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const phone = await subscribe(him);
    const laptop = await subscribe(him);
    service.expire(phone.endpoint, 410);
    service.expire(laptop.endpoint, 404);
    expect(await savedSubscriptions(him.userId)).toBe(2);
    const matchId = await like(her, him);
    expect((await send(her, matchId, "Bonjour")).status).toBe(201);
    for (let i = 0; i < 100 && (await savedSubscriptions(him.userId)) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await savedSubscriptions(him.userId)).toBe(0);
  });

  it("confirms a payment, and reminds once of a subscription ending within 3 days", async () => {
    const trial = await signUpMember(t, "female", { accountStatus: "trial" });
    const phone = await subscribe(trial);
    const checkout = (await (
      await t.request("/api/subscription/checkout", {
        method: "POST",
        cookie: trial.cookie,
        json: { plan: "1-mois" },
      })
    ).json()) as { id: string };
    const paid = await t.request(`/api/subscription/checkouts/${checkout.id}/confirm-demo`, {
      method: "POST",
      cookie: trial.cookie,
      json: { outcome: "paid" },
    });
    expect(paid.status).toBeLessThan(300);
    const [receipt] = await service.waitFor(1, { endpoint: phone.endpoint });
    const confirmed = JSON.parse(receipt!.payload) as PushPayload;
    expect(confirmed).toMatchObject({ kind: "payment", title: "Paiement confirmé", url: "/subscription" });
    expect(plain(confirmed.body)).toMatch(
      /^Votre abonnement Passerelle est actif jusqu’au \d{1,2}(er)? \S+ \d{4}\.$/,
    );

    const ending = await signUpMember(t, "male");
    const later = await signUpMember(t, "male");
    const endingPhone = await subscribe(ending);
    const laterPhone = await subscribe(later);
    await t.deps.database.db.execute(sql`UPDATE profiles SET subscription_ends_at = CASE user_id
        WHEN ${ending.userId} THEN now() + interval '2 days' ELSE now() + interval '10 days' END
      WHERE user_id IN (${ending.userId}, ${later.userId})`);
    expect(await sendSubscriptionReminders(t.deps)).toBeGreaterThanOrEqual(1);
    const [reminder] = await service.waitFor(1, { endpoint: endingPhone.endpoint });
    expect(JSON.parse(reminder!.payload)).toMatchObject({
      kind: "subscription",
      title: "Votre abonnement se termine bientôt",
      url: "/subscription",
    });
    // The next hour's run reminds nobody again; the member ending in 10 days was never reminded.
    await sendSubscriptionReminders(t.deps);
    await new Promise((r) => setTimeout(r, 300));
    expect(payloads(endingPhone.endpoint)).toHaveLength(1);
    expect(payloads(laterPhone.endpoint)).toHaveLength(0);
  });

  it("rings the callee’s phone while a call rings (« … vous appelle »), and a missed call is pushed as a message", async () => {
    const him = await signUpMember(t, "male", { firstName: "Kofi" });
    const her = await signUpMember(t, "female", { firstName: "Mariama" });
    const herPhone = await subscribe(her);
    const matchId = await like(him, her);
    await like(her, him);
    await service.waitFor(1, { endpoint: herPhone.endpoint });
    await t.deps.database.db.execute(
      sql`UPDATE matches SET user1_calls = true, user2_calls = true WHERE id = ${matchId}::uuid`,
    );
    const started = await t.request(`/api/matches/${matchId}/calls`, {
      method: "POST",
      cookie: him.cookie,
      json: { video: true, offer: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" },
    });
    expect(started.status).toBe(201);
    const { id: callId } = (await started.json()) as { id: string };
    const ring = (await service.waitFor(2, { endpoint: herPhone.endpoint }))[1]!;
    expect(JSON.parse(ring.payload)).toMatchObject({
      kind: "call",
      url: `/messages?match=${matchId}`,
      tag: `call-${callId}`,
    });
    expect(plain((JSON.parse(ring.payload) as PushPayload).title)).toBe("Kofi vous appelle");
    expect(ring.headers.urgency).toBe("high");
    expect(Number(ring.headers.ttl)).toBe(30);
    // He gives up: her phone hears of the missed call as of a message.
    await t.request(`/api/calls/${callId}/end`, {
      method: "POST",
      cookie: him.cookie,
      json: { reason: "hangup" },
    });
    const missed = (await service.waitFor(3, { endpoint: herPhone.endpoint }))[2]!;
    expect(JSON.parse(missed.payload)).toMatchObject({
      kind: "message",
      title: "Kofi",
      body: "Appel vidéo manqué",
    });
  });
});

/**
 * Waits, if need be, for the next slot of `seconds` of the database's clock (pg-boss's grouping
 * windows), so that at least `margin` seconds of the current slot are left when it returns.
 */
async function slotWithMarginLeft(t: TestApp, seconds: number, margin: number) {
  const left = async () => {
    const [row] = await queryRows(
      t.deps.database.db,
      z.strictObject({ left: z.number() }),
      sql`SELECT (${seconds} - mod(extract(epoch FROM clock_timestamp())::numeric, ${seconds}))::float8 AS left`,
    );
    return row!.left;
  };
  await vi.waitUntil(async () => (await left()) >= margin, { timeout: (seconds + 10) * 1000, interval: 500 });
}
