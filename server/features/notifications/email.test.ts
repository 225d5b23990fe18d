// E-mail notifications: immediate ones for a member who is away, daily digests in the outbox, with
// one-click unsubscribe; never to an unverified address or a banned member, never about a blocked one.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@domain/notifications.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { profiles, user } from "../../platform/db/schema/index.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { setBanned, signUpMember } from "../../test/members.ts";
import { deliverOutbox } from "./email-outbox.ts";
import { handleDelivery, handleDigestBatch, handleImmediateEmail, planDigests } from "./handlers.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;
/** French typography's no-break spaces read as plain ones, for readable expectations. */
const plain = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, " ");
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

describeOnEngine("e-mail notifications", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const member = async (gender: "male" | "female", firstName: string, verified = true) => {
    const m = await signUpMember(t, gender, { firstName });
    await db().update(user).set({ emailVerified: verified }).where(eq(user.id, m.userId));
    return m;
  };
  const like = async (from: Member, to: Member) =>
    (
      (await (
        await t.request("/api/likes", {
          method: "POST",
          cookie: from.cookie,
          json: { likedId: to.userId, type: "like" },
        })
      ).json()) as { matchId: string }
    ).matchId;
  const send = (m: Member, matchId: string, content: string) =>
    t.request(`/api/matches/${matchId}/messages`, { method: "POST", cookie: m.cookie, json: { content } });
  const setRhythm = (m: Member, emailRhythm: string) =>
    t.request("/api/notifications/preferences", {
      method: "PUT",
      cookie: m.cookie,
      json: { ...DEFAULT_NOTIFICATION_PREFERENCES, emailRhythm },
    });
  const mailsTo = async (to: string): Promise<OutboxMail[]> => {
    const dir = path.join(t.dataDir, "outbox");
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
    const all = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as OutboxMail),
    );
    return all.filter((m) => m.to === to);
  };
  const outboxRows = async (userId: string) =>
    queryRows(
      db(),
      z.strictObject({ kind: z.string(), sent: z.boolean() }),
      sql`SELECT kind, sent_at IS NOT NULL AS sent FROM email_outbox WHERE user_id = ${userId}`,
    );

  it("e-mails a member who is away at once, with the message and a one-click unsubscribe", async () => {
    const him = await member("male", "Jean");
    const her = await member("female", "Aminata");
    const matchId = await like(her, him);
    expect((await send(her, matchId, "Bonjour Jean, je suis à Lyon en décembre.")).status).toBe(201);
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-1");
    const [mail] = await mailsTo(him.email);
    expect(mail?.subject).toBe("Aminata vous a écrit sur Passerelle");
    expect(plain(mail?.text)).toContain(
      "Aminata vous a écrit : « Bonjour Jean, je suis à Lyon en décembre. »",
    );
    expect(plain(mail?.text)).toContain(`/messages?match=${matchId}`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(.+)>$/.exec(mail?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(oneClick).toContain("/api/notifications/unsubscribe?token=");

    // Nothing new: the same job again sends nothing (what was told is covered).
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-2");
    expect(await mailsTo(him.email)).toHaveLength(1);

    // A mail client's one-click POST (RFC 8058): a form body, no Origin, no session.
    const url = new URL(oneClick);
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const prefs = await (await t.request("/api/notifications/preferences", { cookie: him.cookie })).json();
    expect((prefs as { preferences: { emailRhythm: string } }).preferences.emailRhythm).toBe("never");
    expect((await send(her, matchId, "Tu as vu mon message ?")).status).toBe(201);
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-3");
    expect(await mailsTo(him.email)).toHaveLength(1);
  });

  it("says only « Nouveau message » to a member who chose discreet notifications", async () => {
    const him = await member("male", "Jean");
    const her = await member("female", "Aminata");
    // Set in the database: a request of his would make him « connected », and then not e-mailed.
    await db().update(profiles).set({ neutralNotifications: true }).where(eq(profiles.userId, him.userId));
    const matchId = await like(her, him);
    expect((await send(her, matchId, "Bonjour Jean, je suis à Lyon en décembre.")).status).toBe(201);
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-neutral");
    const [mail] = await mailsTo(him.email);
    expect(mail?.subject).toBe("Nouveau message");
    expect(plain(mail?.text)).toContain("Nouveau message.");
    expect(plain(mail?.text)).toContain(`/messages?match=${matchId}`);
    expect(mail?.text).not.toContain("Aminata");
    expect(mail?.text).not.toContain("Lyon");
  });

  it("refuses a forged unsubscribe token in French", async () => {
    const res = await t.request("/api/notifications/unsubscribe", {
      method: "POST",
      json: { token: "bWVtYnJl.faux" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "INVALID_TOKEN", message: "Ce lien de désabonnement est invalide" },
    });
  });

  it("sends nothing to an unverified address, a banned member, a connected one, or about a blocked member", async () => {
    const unverified = await member("male", "Paul", false);
    const banned = await member("male", "Luc");
    const connected = await member("male", "Marc");
    const blocker = await member("male", "Yves");
    for (const m of [unverified, banned, connected, blocker]) {
      const her = await member("female", "Khady");
      const matchId = await like(her, m);
      expect((await send(her, matchId, "Bonjour")).status).toBe(201);
      if (m === blocker) {
        const res = await t.request("/api/blocks", {
          method: "POST",
          cookie: m.cookie,
          json: { userId: her.userId },
        });
        expect(res.status).toBeLessThan(300);
      }
    }
    await setBanned(db(), banned.userId, true);
    await db().execute(sql`UPDATE profiles SET last_active_at = now() WHERE user_id = ${connected.userId}`);
    for (const m of [unverified, banned, connected, blocker])
      await handleImmediateEmail(t.deps, { userId: m.userId }, `job-${m.userId}`);
    for (const m of [unverified, banned, connected, blocker]) {
      expect(await mailsTo(m.email), m.email).toHaveLength(0);
      expect(await outboxRows(m.userId)).toHaveLength(0);
    }
    // The connected one, once away, is told: the refusals above were not a broken sender.
    await db().execute(
      sql`UPDATE profiles SET last_active_at = now() - interval '1 hour' WHERE user_id = ${connected.userId}`,
    );
    await handleImmediateEmail(t.deps, { userId: connected.userId }, "job-connected");
    expect(await mailsTo(connected.email)).toHaveLength(1);
  });

  it("builds the daily digest into the outbox once per day, with matches and messages", async () => {
    const him = await member("male", "Olivier");
    const her = await member("female", "Mariama");
    const other = await member("female", "Rokhaya");
    expect((await setRhythm(him, "daily")).status).toBe(200);
    const m1 = await like(her, him);
    await like(other, him);
    expect((await send(her, m1, "Premier message")).status).toBe(201);
    expect((await send(her, m1, "Deuxième message")).status).toBe(201);
    // An immediate job for a « daily » member sends nothing: the digest will.
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-daily");
    expect(await outboxRows(him.userId)).toHaveLength(0);

    const at = new Date("2026-11-24T07:00:00Z");
    const planned = await planDigests(t.deps, at);
    expect(planned).toBeGreaterThanOrEqual(1);
    const batch = { userIds: [him.userId], kind: "daily" as const, periodKey: "2026-11-24" };
    expect(await handleDigestBatch(t.deps, batch)).toBe(1);
    // The same batch again (a retry, a second plan): nothing more.
    expect(await handleDigestBatch(t.deps, batch)).toBe(0);
    const rows = await outboxRows(him.userId);
    expect(rows).toEqual([{ kind: "daily", sent: false }]);
    const [{ id } = { id: "" }] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`SELECT id FROM email_outbox WHERE user_id = ${him.userId}`,
    );
    await deliverOutbox(t.deps, [id]);
    await deliverOutbox(t.deps, [id]);
    const mails = await mailsTo(him.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Votre résumé Passerelle du \d{1,2}(er)? \S+ \d{4}$/);
    expect(plain(mails[0]?.text)).toContain("Mariama vous a écrit 2 messages : « Deuxième message »");
    // Rokhaya's J'aime opened a conversation: said as such, not as a match.
    expect(plain(mails[0]?.text)).toContain(
      "Rokhaya vous a envoyé un J’aime : votre conversation est ouverte.",
    );
    expect(plain(mails[0]?.text)).not.toContain("C’est un match");
  });

  it("says a J’aime received as such, and « C’est un match » only once the member liked back", async () => {
    const him = await member("male", "Abdoulaye");
    const her = await member("female", "Fatou");
    await like(her, him);
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-like");
    const [toHim] = await mailsTo(him.email);
    expect(plain(toHim?.subject)).toBe("Fatou vous a envoyé un J’aime sur Passerelle");
    expect(plain(toHim?.text)).toContain("Fatou vous a envoyé un J’aime : votre conversation est ouverte.");
    expect(plain(toHim?.text)).not.toMatch(/C’est un match|Nouveau match|vous plaît/i);
    // She made the match: nothing for her.
    await handleImmediateEmail(t.deps, { userId: her.userId }, "job-her-1");
    expect(await mailsTo(her.email)).toHaveLength(0);

    // She goes away; he likes her back: now she is told, and it is a match.
    await db().execute(
      sql`UPDATE profiles SET last_active_at = now() - interval '1 hour' WHERE user_id = ${her.userId}`,
    );
    await like(him, her);
    await handleImmediateEmail(t.deps, { userId: her.userId }, "job-her-2");
    const [toHer] = await mailsTo(her.email);
    expect(plain(toHer?.subject)).toBe("C’est un match avec Abdoulaye !");
    expect(plain(toHer?.text)).toContain("C’est un match : Abdoulaye a aimé votre profil en retour.");
    // And he, who liked back on screen, gets nothing more.
    await handleImmediateEmail(t.deps, { userId: him.userId }, "job-him-2");
    expect(await mailsTo(him.email)).toHaveLength(1);
  });

  it("tells a message request (issue 34) as the J’aime it came with, never its words", async () => {
    const him = await member("male", "Abdoulaye");
    const her = await member("female", "Fatou");
    const on = await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: her.cookie,
      json: { firstMessagesFromLikedOnly: true },
    });
    expect(on.status).toBe(200);
    /** He likes `to` and writes first while she is away; then her « Tout de suite » e-mail is built. */
    const likeWriteAndMail = async (to: Member, job: string) => {
      const matchId = await like(him, to);
      expect((await send(him, matchId, "Envoie-moi ton numéro WhatsApp")).status).toBe(201);
      await db().execute(
        sql`UPDATE profiles SET last_active_at = now() - interval '1 hour' WHERE user_id = ${to.userId}`,
      );
      await handleImmediateEmail(t.deps, { userId: to.userId }, job);
      return mailsTo(to.email);
    };
    const [toHer] = await likeWriteAndMail(her, "job-request");
    expect(plain(toHer?.subject)).toBe("Abdoulaye vous a envoyé un J’aime sur Passerelle");
    expect(plain(toHer?.text)).not.toContain("WhatsApp");
    // Without the setting, the same message is told with its words.
    const [toAwa] = await likeWriteAndMail(await member("female", "Awa"), "job-message");
    expect(plain(toAwa?.text)).toContain("WhatsApp");
  });

  it("sends, in the hourly sweep, what was written but whose delivery job was lost", async () => {
    const him = await member("male", "Samuel");
    const her = await member("female", "Ndeye");
    expect((await setRhythm(him, "daily")).status).toBe(200);
    const matchId = await like(her, him);
    expect((await send(her, matchId, "Bonjour Samuel")).status).toBe(201);
    await handleDigestBatch(t.deps, { userIds: [him.userId], kind: "daily", periodKey: "2026-11-25" });
    // Written just now: the sweep leaves it to its own delivery job.
    await handleDelivery(t.deps, {});
    expect(await mailsTo(him.email)).toHaveLength(0);
    await db().execute(
      sql`UPDATE email_outbox SET created_at = now() - interval '20 minutes' WHERE user_id = ${him.userId}`,
    );
    await handleDelivery(t.deps, {});
    expect(await mailsTo(him.email)).toHaveLength(1);
    expect(await outboxRows(him.userId)).toEqual([{ kind: "daily", sent: true }]);
  });
});
