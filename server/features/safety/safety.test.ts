// Blocks, reports, the automatic spam report, data export and account deletion.
import type { SearchResultDto } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import type { BlockedMemberDto } from "@domain/safety.ts";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { int8 } from "../../platform/db/row-schemas.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { linkIn, waitForMail } from "../../test/mail.ts";
import { signUpMember } from "../../test/members.ts";

describeOnEngine("trust and safety", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const post = (cookie: string, path: string, json?: unknown, method = "POST") =>
    t.request(path, { method, cookie, json });
  type Member = Awaited<ReturnType<typeof signUpMember>>;
  async function matched(): Promise<{ him: Member; her: Member; matchId: string }> {
    const him = await signUpMember(t, "male", { interests: ["Astronomie"] });
    const her = await signUpMember(t, "female", { interests: ["Astronomie"] });
    const like = await post(him.cookie, "/api/likes", { likedId: her.userId, type: "like" });
    return { him, her, matchId: ((await like.json()) as { matchId: string }).matchId };
  }
  const searchIds = async (cookie: string) =>
    (
      (await (
        await t.request("/api/search?interests=Astronomie&size=50", { cookie })
      ).json()) as SearchResultDto
    ).data.map((p) => p.userId);

  describe("blocking", () => {
    it("hides each from the other, rejects their match and refuses their messages, until unblocked", async () => {
      const { him, her, matchId } = await matched();
      await post(him.cookie, `/api/matches/${matchId}/messages`, { content: "Bonjour" });
      const res = await post(her.cookie, "/api/blocks", { userId: him.userId });
      expect(res.status).toBe(201);
      expect((await res.json()) as BlockedMemberDto).toMatchObject({ userId: him.userId });

      const [match] = await queryRows(
        db(),
        z.strictObject({ status: z.string(), rejected_by: z.string() }),
        sql`SELECT status, rejected_by FROM matches WHERE id = ${matchId}::uuid`,
      );
      expect(match).toEqual({ status: "rejected", rejected_by: her.userId });
      expect(
        (await post(him.cookie, `/api/matches/${matchId}/messages`, { content: "Tu es là ?" })).status,
      ).toBe(403);
      expect((await t.request(`/api/members/${her.userId}`, { cookie: him.cookie })).status).toBe(404);
      expect((await t.request(`/api/members/${him.userId}`, { cookie: her.cookie })).status).toBe(404);
      expect((await post(him.cookie, "/api/likes", { likedId: her.userId, type: "like" })).status).toBe(404);
      // Nobody else is hidden: a third member still finds both.
      const third = await signUpMember(t, "female", { interests: ["Astronomie"] });
      expect(await searchIds(him.cookie)).not.toContain(her.userId);
      expect(await searchIds(him.cookie)).toContain(third.userId);

      const list = (await (await t.request("/api/blocks", { cookie: her.cookie })).json()) as {
        data: BlockedMemberDto[];
      };
      expect(list.data.map((b) => b.userId)).toEqual([him.userId]);
      expect((await post(her.cookie, `/api/blocks/${him.userId}`, undefined, "DELETE")).status).toBe(204);
      expect((await t.request(`/api/members/${her.userId}`, { cookie: him.cookie })).status).toBe(200);
    });

    it("keeps a block out of search in both directions without a match", async () => {
      const him = await signUpMember(t, "male", { interests: ["Astronomie"] });
      const her = await signUpMember(t, "female", { interests: ["Astronomie"] });
      expect(await searchIds(him.cookie)).toContain(her.userId);
      await post(him.cookie, "/api/blocks", { userId: her.userId });
      expect(await searchIds(him.cookie)).not.toContain(her.userId);
      expect(await searchIds(her.cookie)).not.toContain(him.userId);
      expect((await post(him.cookie, "/api/blocks", { userId: him.userId })).status).toBe(400);
      expect((await post(him.cookie, "/api/blocks", { userId: "inconnu" })).status).toBe(404);
    });
  });

  describe("reports", () => {
    it("stores messages and report details without bidirectional controls (issue 20)", async () => {
      const { him, her, matchId } = await matched();
      // Displayed as « Paiement par lien : moc.lapyap », read as a link the other way round.
      const disguised = "Paiement par lien : \u202Emoc.lapyap\u202C";
      const sent = await post(him.cookie, `/api/matches/${matchId}/messages`, { content: disguised });
      expect(sent.status).toBe(201);
      const res = await post(her.cookie, "/api/reports", {
        userId: him.userId,
        reason: "scam",
        details: "\u2067Lien\u2069 étrange",
      });
      expect(res.status).toBe(201);
      const [message] = await queryRows(
        db(),
        z.strictObject({ content: z.string() }),
        sql`SELECT content FROM messages WHERE match_id = ${matchId}`,
      );
      expect(message?.content).toBe("Paiement par lien : moc.lapyap");
      const [report] = await queryRows(
        db(),
        z.strictObject({ details: z.string() }),
        sql`SELECT details FROM reports WHERE reporter_id = ${her.userId}`,
      );
      expect(report?.details).toBe("Lien étrange");
    });

    it("records a report with the message text at the time, and can block in the same click", async () => {
      const { him, her, matchId } = await matched();
      const sent = await post(him.cookie, `/api/matches/${matchId}/messages`, {
        content: "Envoie-moi 300 € par Western Union",
      });
      const messageId = ((await sent.json()) as { id: string }).id;
      const res = await post(her.cookie, "/api/reports", {
        userId: him.userId,
        messageId,
        reason: "scam",
        details: "Il insiste",
        block: true,
      });
      expect(res.status).toBe(201);
      const [row] = await queryRows(
        db(),
        z.strictObject({
          reason: z.string(),
          message_excerpt: z.string(),
          status: z.string(),
          reported_label: z.string(),
        }),
        sql`SELECT reason, message_excerpt, status, reported_label FROM reports WHERE reporter_id = ${her.userId}`,
      );
      expect(row).toMatchObject({
        reason: "scam",
        message_excerpt: "Envoie-moi 300 € par Western Union",
        status: "pending",
      });
      expect(row?.reported_label).toContain(him.email);
      const [blocked] = await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM blocks WHERE blocker_id = ${her.userId}`,
      );
      expect(blocked?.n).toBe(1);
    });

    it("refuses bad reports: unknown reason, self, someone else’s message", async () => {
      const { him, her } = await matched();
      const other = await matched();
      const otherMsg = await post(other.him.cookie, `/api/matches/${other.matchId}/messages`, {
        content: "Salut",
      });
      const otherId = ((await otherMsg.json()) as { id: string }).id;
      expect(
        (await post(her.cookie, "/api/reports", { userId: him.userId, reason: "pas-content" })).status,
      ).toBe(400);
      expect((await post(her.cookie, "/api/reports", { userId: her.userId, reason: "other" })).status).toBe(
        400,
      );
      expect(
        (await post(her.cookie, "/api/reports", { userId: him.userId, reason: "other", messageId: otherId }))
          .status,
      ).toBe(404);
      expect(
        (
          await post(her.cookie, "/api/reports", {
            userId: him.userId,
            reason: "other",
            details: "x".repeat(1001),
          })
        ).status,
      ).toBe(400);
    });

    it("reports a member automatically who sends the same opener to five people, once", async () => {
      const spammer = await signUpMember(t, "male");
      for (let i = 0; i < 6; i++) {
        const her = await signUpMember(t, "female");
        const like = await post(spammer.cookie, "/api/likes", { likedId: her.userId, type: "like" });
        const { matchId } = (await like.json()) as { matchId: string };
        await post(spammer.cookie, `/api/matches/${matchId}/messages`, {
          content: "Salut ma belle, écris-moi sur WhatsApp",
        });
      }
      const rows = await queryRows(
        db(),
        z.strictObject({ reason: z.string(), reporter_id: z.string().nullable(), details: z.string() }),
        sql`SELECT reason, reporter_id, details FROM reports WHERE reported_id = ${spammer.userId}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reason: "spam", reporter_id: null });
      expect(rows[0]?.details).toContain("5 personnes");
    });
  });

  describe("e-mail verification", () => {
    it("sends a link on request to an unconfirmed account; once followed, others see « E-mail vérifié »", async () => {
      const her = await signUpMember(t, "female", { interests: ["Astronomie"] }, { emailVerified: false });
      const him = await signUpMember(t, "male", { interests: ["Astronomie"] });
      const before = (await (
        await t.request("/api/search?interests=Astronomie&size=50", { cookie: him.cookie })
      ).json()) as SearchResultDto;
      expect(before.data.find((p) => p.userId === her.userId)?.verified).toBe(false);
      // The link can be sent again on request.
      const again = await post(her.cookie, "/api/auth/send-verification-email", {
        email: her.email,
        callbackURL: "/profile",
      });
      expect(again.status).toBe(200);
      const link = new URL(linkIn((await waitForMail(t.dataDir, her.email, "Confirmez")).text));
      const res = await t.request(`${link.pathname}${link.search}`, { redirect: "manual" });
      expect([200, 302]).toContain(res.status);
      const after = (await (
        await t.request("/api/search?interests=Astronomie&size=50", { cookie: him.cookie })
      ).json()) as SearchResultDto;
      expect(after.data.find((p) => p.userId === her.userId)?.verified).toBe(true);
    });
  });

  describe("my data", () => {
    it("exports everything about the member, with photo files, and nothing private of others", async () => {
      const { him, her, matchId } = await matched();
      const form = new FormData();
      form.append(
        "file",
        new File([new Uint8Array(await makeImage("jpeg", 120, 150))], "moi.jpg", { type: "image/jpeg" }),
      );
      const upload = await t.request("/api/profile/photos", {
        method: "POST",
        cookie: him.cookie,
        body: form,
      });
      const key = ((await upload.json()) as ProfileDto).photos[0]!.key;
      await post(him.cookie, `/api/matches/${matchId}/messages`, { content: "Mon premier message" });
      await post(her.cookie, `/api/matches/${matchId}/messages`, { content: "Sa réponse privée" });
      // Issue 40: a date shared with a friend, and a check-in.
      await post(him.cookie, `/api/matches/${matchId}/shares`, { kind: "date", place: "Café Lomé" });
      await post(him.cookie, "/api/check-ins", {
        dueAt: new Date(Date.now() + 3_600_000).toISOString(),
        graceMinutes: 30,
        contacts: [{ name: "Koffi", email: "koffi@exemple.fr" }],
      });

      const res = await t.request("/api/me/export", { cookie: him.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const data = JSON.parse(strFromU8(files["donnees.json"]!)) as Record<string, unknown> & {
        profile: { photos: string[] };
        messagesSent: { content: string }[];
        matches: { member: string }[];
      };
      expect(data.account).toMatchObject({ email: him.email });
      expect(data.profile.photos).toEqual([`photos/${key.split("/").pop()}`]);
      const stored = await t.deps.storage.get(key);
      expect(Buffer.from(files[data.profile.photos[0]!]!).equals(Buffer.from(stored!.body))).toBe(true);
      expect(data.messagesSent.map((m) => m.content)).toEqual(["Mon premier message"]);
      expect(data.matches[0]?.member).toBe("Aminata D.");
      expect(data.sharedCards).toMatchObject([{ kind: "date", member: "Aminata D.", place: "Café Lomé" }]);
      expect(data.checkIns).toMatchObject([
        { status: "waiting", contacts: [{ name: "Koffi", email: "koffi@exemple.fr" }] },
      ]);
      const text = strFromU8(files["donnees.json"]!);
      expect(text).not.toContain(her.email);
      expect(text).not.toContain(her.userId);
      expect(text).not.toContain("Sa réponse privée");
    });

    it("deletes the account after the password, leaving no row or file behind", async () => {
      const { him, her, matchId } = await matched();
      await post(him.cookie, `/api/matches/${matchId}/messages`, { content: "Au revoir" });
      await post(her.cookie, "/api/reports", { userId: him.userId, reason: "other" });
      const form = new FormData();
      form.append(
        "file",
        new File([new Uint8Array(await makeImage("png", 100, 120))], "p.png", { type: "image/png" }),
      );
      const key = (
        (await (
          await t.request("/api/profile/photos", { method: "POST", cookie: him.cookie, body: form })
        ).json()) as ProfileDto
      ).photos[0]!.key;

      const wrong = await post(him.cookie, "/api/me/delete", { password: "pas le bon" });
      expect(wrong.status).toBe(401);
      expect((await t.request("/api/profile", { cookie: him.cookie })).status).toBe(200);

      expect((await post(him.cookie, "/api/me/delete", { password: "motdepasse-solide" })).status).toBe(204);
      const [left] = await queryRows(
        db(),
        // int8 (sums of counts): Number() reads either driver's form.
        z.strictObject({ n: int8 }),
        sql`SELECT (SELECT count(*) FROM "user" WHERE id = ${him.userId})
          + (SELECT count(*) FROM profiles WHERE user_id = ${him.userId})
          + (SELECT count(*) FROM likes WHERE liker_id = ${him.userId} OR liked_id = ${him.userId})
          + (SELECT count(*) FROM matches WHERE user1_id = ${him.userId} OR user2_id = ${him.userId})
          + (SELECT count(*) FROM messages WHERE sender_id = ${him.userId} OR match_id = ${matchId}::uuid)
          + (SELECT count(*) FROM session WHERE user_id = ${him.userId})
          + (SELECT count(*) FROM account WHERE user_id = ${him.userId})
          + (SELECT count(*) FROM subscriptions WHERE user_id = ${him.userId}) AS n`,
      );
      expect(Number(left?.n)).toBe(0);
      expect(await t.deps.storage.get(key)).toBeNull();
      expect((await t.request("/api/profile", { cookie: him.cookie })).status).toBe(401);
      // The report about them keeps its record.
      const [report] = await queryRows(
        db(),
        z.strictObject({ reported_id: z.string().nullable(), reported_label: z.string() }),
        sql`SELECT reported_id, reported_label FROM reports WHERE reporter_id = ${her.userId}`,
      );
      expect(report).toMatchObject({ reported_id: null });
      expect(report?.reported_label).toContain(him.email);
    });
  });
});
