// Matches, messages, subscriptions and the JSON import in the administration.
import type {
  AdminList,
  AdminMatchRow,
  AdminMessageRow,
  AdminSubscriptionRow,
  ImportPreviewDto,
  ImportResultDto,
} from "@domain/admin.ts";
import type { SearchResultDto } from "@domain/discovery.ts";
import type { SubscriptionStatusDto } from "@domain/subscriptions.ts";
import { frenchTypography } from "@domain/typography.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { linkIn, waitForMail } from "../../test/mail.ts";
import { signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";

describeOnEngine("admin: matches, messages, subscriptions, import", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const get = async <T>(path: string) =>
    (await (await t.request(path, { cookie: admin.cookie })).json()) as T;
  const post = (path: string, json?: unknown, method = "POST") =>
    t.request(path, { method, cookie: admin.cookie, json });

  async function matchedPair(his: Parameters<typeof signUpMember>[2] = {}) {
    const him = await signUpMember(t, "male", his);
    const her = await signUpMember(t, "female");
    const like = await t.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    const { matchId } = (await like.json()) as { matchId: string };
    return { him, her, matchId };
  }

  it("lists matches by member and status, and rejects one for good", async () => {
    const { him, her, matchId } = await matchedPair();
    const byEmail = await get<AdminList<AdminMatchRow>>(
      `/api/admin/matches?member=${encodeURIComponent(her.email)}`,
    );
    expect(byEmail.data.map((m) => m.id)).toEqual([matchId]);
    expect(byEmail.data[0]).toMatchObject({
      status: "accepted",
      user1: { userId: him.userId },
      user2: { email: her.email },
    });
    const stream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    await stream.next("ready");
    const res = await post(`/api/admin/matches/${matchId}/reject`);
    expect((await res.json()) as AdminMatchRow).toMatchObject({ status: "rejected", rejectedBy: "admin" });
    expect((await stream.next("match.removed")).data).toEqual({ type: "match.removed", matchId });
    await stream.close();
    // Neither member can bring it back with a like.
    await t.request("/api/likes", {
      method: "POST",
      cookie: her.cookie,
      json: { likedId: him.userId, type: "like" },
    });
    const [row] = await queryRows(
      db(),
      z.strictObject({ status: z.string() }),
      sql`SELECT status FROM matches WHERE id = ${matchId}::uuid`,
    );
    expect(row?.status).toBe("rejected");
    expect(
      (await get<AdminList<AdminMatchRow>>(`/api/admin/matches?member=${him.userId}&status=accepted`)).total,
    ).toBe(0);
    expect((await post("/api/admin/matches/pas-un-id/reject")).status).toBe(404);
  });

  it("finds a member’s matches and messages by their name too (issue 34), wildcards taken literally", async () => {
    const surname = `Ndiaye${Date.now().toString(36)}`;
    const { him, her, matchId } = await matchedPair({ firstName: "Ousmane", lastName: surname });
    await t.request(`/api/matches/${matchId}/messages`, {
      method: "POST",
      cookie: him.cookie,
      json: { content: "Bonjour" },
    });
    for (const name of [`Ousmane ${surname}`, surname.toLowerCase()]) {
      const q = encodeURIComponent(name);
      const matches = await get<AdminList<AdminMatchRow>>(`/api/admin/matches?member=${q}`);
      expect(
        matches.data.map((m) => m.id),
        name,
      ).toEqual([matchId]);
      const messages = await get<AdminList<AdminMessageRow>>(`/api/admin/messages?member=${q}`);
      expect(
        messages.data.map((m) => m.matchId),
        name,
      ).toEqual([matchId]);
    }
    // « % » is a character to find, not « anything »; an id still finds exactly its member.
    expect(
      (await get<AdminList<AdminMatchRow>>(`/api/admin/matches?member=${encodeURIComponent("%")}`)).total,
    ).toBe(0);
    expect((await get<AdminList<AdminMatchRow>>(`/api/admin/matches?member=${her.userId}`)).total).toBe(1);
  });

  it("finds messages by text, conversation or member, and deletes one (the members' pages drop it)", async () => {
    const { him, her, matchId } = await matchedPair();
    const word = `mot${Date.now().toString(36)}`;
    for (const text of [`Bonjour ${word}`, "Comment allez-vous ?", `Envoyez-moi 200 € ${word}`])
      await t.request(`/api/matches/${matchId}/messages`, {
        method: "POST",
        cookie: him.cookie,
        json: { content: text },
      });
    const found = await get<AdminList<AdminMessageRow>>(`/api/admin/messages?q=${word}`);
    expect(found.total).toBe(2);
    expect(found.data[0]).toMatchObject({
      matchId,
      sender: { userId: him.userId },
      recipient: { userId: her.userId },
    });
    expect((await get<AdminList<AdminMessageRow>>(`/api/admin/messages?matchId=${matchId}`)).total).toBe(3);
    expect(
      (await get<AdminList<AdminMessageRow>>(`/api/admin/messages?member=${encodeURIComponent(her.email)}`))
        .total,
    ).toBe(3);
    const stream = readEvents(await t.request("/api/events", { cookie: her.cookie }));
    await stream.next("ready");
    const target = found.data.find((m) => m.content.includes("200 €"))!;
    expect((await post(`/api/admin/messages/${target.id}`, undefined, "DELETE")).status).toBe(204);
    expect((await stream.next("message.deleted")).data).toEqual({
      type: "message.deleted",
      matchId,
      messageId: target.id,
    });
    await stream.close();
    expect((await get<AdminList<AdminMessageRow>>(`/api/admin/messages?matchId=${matchId}`)).total).toBe(2);
    expect((await post(`/api/admin/messages/${target.id}`, undefined, "DELETE")).status).toBe(404);
  });

  describe("subscriptions by hand", () => {
    const statusOf = async (cookie: string) =>
      ((await (await t.request("/api/subscription/status", { cookie })).json()) as SubscriptionStatusDto)
        .status;

    it("grants, extends and cancels, keeping account_status consistent", async () => {
      const member = await signUpMember(t, "female", { accountStatus: "trial" });
      const granted = await post("/api/admin/subscriptions/grant", { userId: member.userId, months: 1 });
      expect(granted.status).toBe(201);
      const sub = (await granted.json()) as AdminSubscriptionRow;
      expect(sub).toMatchObject({
        provider: "admin",
        amount: 0,
        method: null,
        operator: null,
        status: "active",
        member: { userId: member.userId },
      });
      expect(await statusOf(member.cookie)).toBe("subscribed");
      expect((await t.request("/api/search", { cookie: member.cookie })).status).toBe(200);

      const extended = (await (
        await post(`/api/admin/subscriptions/${sub.id}/extend`, { months: 2 })
      ).json()) as AdminSubscriptionRow;
      const months =
        (new Date(extended.endDate).getUTCFullYear() - new Date(sub.endDate).getUTCFullYear()) * 12 +
        new Date(extended.endDate).getUTCMonth() -
        new Date(sub.endDate).getUTCMonth();
      expect(months).toBe(2);

      const cancelled = (await (
        await post(`/api/admin/subscriptions/${sub.id}/cancel`)
      ).json()) as AdminSubscriptionRow;
      expect(cancelled.status).toBe("cancelled");
      expect(await statusOf(member.cookie)).toBe("expired");
      expect((await t.request("/api/search", { cookie: member.cookie })).status).toBe(403);
      expect((await post(`/api/admin/subscriptions/${sub.id}/extend`, { months: 1 })).status).toBe(409);
      const list = await get<AdminList<AdminSubscriptionRow>>(
        `/api/admin/subscriptions?q=${encodeURIComponent(member.email)}&status=cancelled`,
      );
      expect(list.data.map((s) => s.id)).toEqual([sub.id]);
      expect(
        (await post("/api/admin/subscriptions/grant", { userId: member.userId, months: 0 })).status,
      ).toBe(400);
      expect((await post("/api/admin/subscriptions/grant", { userId: "inconnu", months: 1 })).status).toBe(
        404,
      );
    });
  });

  describe("JSON import", () => {
    const row = (over: Record<string, unknown> = {}) => ({
      email: `import-${Math.random().toString(36).slice(2)}@exemple.fr`,
      firstName: "Mariam",
      lastName: "Sow",
      gender: "female",
      birthDate: "1991-02-03",
      country: "Sénégal",
      interests: ["Cuisine", "Lecture"],
      ...over,
    });

    it("previews every row with French errors, writing nothing", async () => {
      const existing = await signUpMember(t, "male");
      const file = JSON.stringify({
        members: [
          row(),
          row({ birthDate: "2015-01-01", gender: "autre" }),
          row({ email: existing.email, gender: "male", firstName: "Paul" }),
          "texte",
          row({ extra: 1 }),
        ],
      });
      const res = await post("/api/admin/import/preview", { json: file });
      expect(res.status).toBe(200);
      const preview = (await res.json()) as ImportPreviewDto;
      expect(preview).toMatchObject({ valid: 2, invalid: 3 });
      expect(preview.rows[1]?.errors).toEqual({
        gender: "Veuillez choisir Homme ou Femme",
        birthDate: "Vous devez avoir entre 18 et 99 ans",
      });
      expect(preview.rows[2]).toMatchObject({ ok: true, exists: true });
      expect(preview.rows[3]?.errors).toEqual({ _: "Chaque membre doit être un objet JSON" });
      expect(preview.rows[4]?.errors).toEqual({ extra: "Champ inconnu" });
      const [n] = await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM "user" WHERE email LIKE 'import-%'`,
      );
      expect(n?.n).toBe(0);
    });

    it("imports valid rows once (a second import updates), searchable at once, with no usable password", async () => {
      const a = row({ firstName: "Aïcha", interests: ["Danse"] });
      const b = row({ gender: "male", firstName: "Moussa" });
      const file = JSON.stringify([a, b, row({ email: "pas-une-adresse" })]);
      const first = (await (await post("/api/admin/import", { json: file })).json()) as ImportResultDto;
      expect(first).toEqual({ created: 2, updated: 0, skipped: 1 });
      const again = (await (
        await post("/api/admin/import", { json: JSON.stringify([{ ...a, firstName: "Aïcha-Marie" }, b]) })
      ).json()) as ImportResultDto;
      expect(again).toEqual({ created: 0, updated: 2, skipped: 0 });
      const [count] = await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM "user" WHERE email = ${a.email}`,
      );
      expect(count?.n).toBe(1);

      const searcher = await signUpMember(t, "male");
      const found = (await (
        await t.request("/api/search?interests=Danse&size=50", { cookie: searcher.cookie })
      ).json()) as SearchResultDto;
      expect(found.data.map((p) => p.firstName)).toContain("Aïcha-Marie");

      const signIn = await t.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: a.email, password: "n’importe lequel" },
      });
      expect(signIn.status).toBe(401);
      // Each new member is e-mailed a link to choose a password (issue 34), valid for days.
      const welcome = await waitForMail(t.dataDir, b.email, "Votre compte Passerelle vous attend");
      expect(welcome.text).toContain("Moussa, l’équipe Passerelle a créé votre compte");
      expect(welcome.text).toContain("valable 7 jours");
      const welcomeLink = new URL(linkIn(welcome.text));
      expect(welcomeLink.pathname).toBe("/reset-password");
      const chosen = await t.request("/api/auth/reset-password", {
        method: "POST",
        json: { newPassword: "le mot de passe de Moussa", token: welcomeLink.searchParams.get("token") },
      });
      expect(chosen.status).toBe(200);
      const moussa = await t.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: b.email, password: "le mot de passe de Moussa" },
      });
      expect(moussa.status).toBe(200);
      // « Mot de passe oublié ? » gives them one too.
      await t.request("/api/auth/request-password-reset", {
        method: "POST",
        json: { email: a.email, redirectTo: "/reset-password" },
      });
      const link = new URL(linkIn((await waitForMail(t.dataDir, a.email, "Réinitialisation")).text));
      const redirect = await t.request(`${link.pathname}${link.search}`, { redirect: "manual" });
      const token = new URL(redirect.headers.get("location") ?? "", "http://localhost:3000").searchParams.get(
        "token",
      );
      const reset = await t.request("/api/auth/reset-password", {
        method: "POST",
        json: { newPassword: "mon premier mot de passe", token },
      });
      expect(reset.status).toBe(200);
      const after = await t.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: a.email, password: "mon premier mot de passe" },
      });
      expect(after.status).toBe(200);
    });

    const origins = (emails: string[]) =>
      queryRows(
        db(),
        z.strictObject({
          email: z.string(),
          firstName: z.string(),
          originCountry: z.string(),
          city: z.string(),
          relocate: z.string().nullable(),
        }),
        sql`SELECT u.email, p.first_name AS "firstName", p.origin_country AS "originCountry", p.city, p.relocate
          FROM profiles p JOIN "user" u ON u.id = p.user_id
          WHERE u.email = ANY(${sql.param(emails)}::text[]) ORDER BY u.email`,
      );

    it("imports the country of origin, the city and « prêt(e) à déménager », empty when left out", async () => {
      const a = row({ email: `import-a-${Math.random().toString(36).slice(2)}@exemple.fr` });
      const withThem = { ...a, originCountry: "Côte d’Ivoire", city: "  Abidjan ", relocate: "maybe" };
      const without = row({ email: `import-b-${Math.random().toString(36).slice(2)}@exemple.fr` });
      const first = (await (
        await post("/api/admin/import", { json: JSON.stringify([withThem, without]) })
      ).json()) as ImportResultDto;
      expect(first).toEqual({ created: 2, updated: 0, skipped: 0 });
      expect(await origins([a.email, without.email])).toEqual([
        {
          email: a.email,
          firstName: "Mariam",
          originCountry: "Côte d’Ivoire",
          city: "Abidjan",
          relocate: "maybe",
        },
        { email: without.email, firstName: "Mariam", originCountry: "", city: "", relocate: null },
      ]);

      // Another import of the member sets them like the other fields: given, or back to empty.
      const again = (await (
        await post("/api/admin/import", {
          json: JSON.stringify([
            { ...withThem, relocate: null },
            { ...without, originCountry: "France", city: "Lyon", relocate: "no" },
          ]),
        })
      ).json()) as ImportResultDto;
      expect(again).toEqual({ created: 0, updated: 2, skipped: 0 });
      expect(await origins([a.email, without.email])).toEqual([
        {
          email: a.email,
          firstName: "Mariam",
          originCountry: "Côte d’Ivoire",
          city: "Abidjan",
          relocate: null,
        },
        { email: without.email, firstName: "Mariam", originCountry: "France", city: "Lyon", relocate: "no" },
      ]);
    });

    it("refuses an unknown country of origin or relocation answer, naming the field, writing nothing of the row", async () => {
      const known = row({ email: `import-c-${Math.random().toString(36).slice(2)}@exemple.fr` });
      await post("/api/admin/import", { json: JSON.stringify([known]) });
      const fresh = row({ relocate: "oui" });
      const file = JSON.stringify([
        fresh,
        { ...known, firstName: "Aminata", originCountry: "Atlantide", relocate: "yes" },
        row({ originCountry: null, city: 12 }),
      ]);
      const preview = (await (
        await post("/api/admin/import/preview", { json: file })
      ).json()) as ImportPreviewDto;
      expect(preview).toMatchObject({ valid: 0, invalid: 3 });
      expect(preview.rows.map((r) => r.errors)).toEqual([
        { relocate: "Veuillez répondre oui, non ou peut-être" },
        { originCountry: "Veuillez choisir un pays d’origine dans la liste" },
        { originCountry: "Pays d’origine invalide", city: frenchTypography("Ville : texte attendu") },
      ]);

      const result = (await (await post("/api/admin/import", { json: file })).json()) as ImportResultDto;
      expect(result).toEqual({ created: 0, updated: 0, skipped: 3 });
      // The new member is not created, the existing one keeps every field as it was.
      expect(await origins([fresh.email as string, known.email as string])).toEqual([
        { email: known.email, firstName: "Mariam", originCountry: "", city: "", relocate: null },
      ]);
    });

    it("accepts a file of several hundred kilobytes", async () => {
      const many = Array.from({ length: 1500 }, (_, i) =>
        row({
          email: `gros-${i}-${Math.random().toString(36).slice(2)}@exemple.fr`,
          bio: "Présentation ".repeat(20),
        }),
      );
      const json = JSON.stringify(many);
      expect(json.length).toBeGreaterThan(500_000);
      const res = await post("/api/admin/import/preview", { json });
      expect(res.status).toBe(200);
      expect(((await res.json()) as ImportPreviewDto).valid).toBe(1500);
    });

    it("refuses invalid JSON, a wrong shape and administrators' e-mails, writing nothing", async () => {
      const invalid = await post("/api/admin/import", { json: "{ pas du json" });
      expect(invalid.status).toBe(400);
      expect(((await invalid.json()) as { error: { message: string } }).error.message).toBe(
        "Le fichier n’est pas un JSON valide",
      );
      const shape = await post("/api/admin/import", { json: JSON.stringify({ membres: [] }) });
      expect(((await shape.json()) as { error: { message: string } }).error.message).toMatch(
        /liste de membres/,
      );
      const overAdmin = (await (
        await post("/api/admin/import/preview", { json: JSON.stringify([row({ email: admin.email })]) })
      ).json()) as ImportPreviewDto;
      expect(overAdmin.rows[0]?.errors.email).toMatch(/administration/);
      const tooMany = await post("/api/admin/import", {
        json: JSON.stringify(Array.from({ length: 5001 }, () => ({}))),
      });
      expect(tooMany.status).toBe(400);
    });
  });
});
