// « Partager mon rendez-vous » and « Présenter à ma famille » (issue 40) on both engines: a link
// to a match's card that a person without an account opens, until it is revoked or expires; only
// its hash stored; never for a match that is not hers, blocked, or hiding from her; five family
// links at most, each with one private word the member alone reads.
import type { CreatedShareDto, SharedCardDto } from "@domain/sharing.ts";
import { SHARE, SHARE_MSG } from "@domain/sharing.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { matches } from "../../platform/db/schema/index.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describeEachEngine("shared cards", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  /** She and he share an accepted match; she lives in France, he in Côte d’Ivoire. */
  async function couple() {
    const her = await signUpMember(t, "female", { firstName: "Claire", country: "France" });
    const him = await signUpMember(t, "male", {
      firstName: "Yao",
      country: "Côte d’Ivoire",
      city: "Abidjan",
      birthDate: "1990-03-02",
    });
    const [match] = await db()
      .insert(matches)
      .values({ user1Id: her.userId, user2Id: him.userId, status: "accepted" })
      .returning();
    return { her, him, matchId: match!.id };
  }
  const share = (m: Member, matchId: string, json: unknown) =>
    t.request(`/api/matches/${matchId}/shares`, { method: "POST", cookie: m.cookie, json });
  const created = async (m: Member, matchId: string, json: unknown) => {
    const res = await share(m, matchId, json);
    expect(res.status).toBe(201);
    return (await res.json()) as CreatedShareDto;
  };
  /** Opened as a stranger would: no cookie, no origin. */
  const open = (url: string) => t.app.request(new URL(url).pathname);
  const myLinks = async (m: Member) =>
    ((await (await t.request("/api/shares", { cookie: m.cookie })).json()) as { data: SharedCardDto[] }).data;

  it("opens for a stranger with the card and the date, noindex, until she revokes it", async () => {
    const { her, him, matchId } = await couple();
    const meetsAt = new Date(Date.now() + 5 * 86_400_000);
    meetsAt.setUTCHours(18, 30, 0, 0);
    const { url, card } = await created(her, matchId, {
      kind: "date",
      place: "  Café Le Plateau,\nAbidjan ",
      meetsAt: meetsAt.toISOString(),
      timeZone: "Africa/Abidjan",
      travel: "Vol AF702 · hôtel Pullman",
    });
    const token = url.split("/").at(-1)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes: 256 bits
    expect(card).toMatchObject({ kind: "date", place: "Café Le Plateau, Abidjan", active: true });
    expect(card.member.firstName).toBe("Yao");
    expect(Date.parse(card.expiresAt)).toBe(meetsAt.getTime() + SHARE.DAYS_AFTER_DATE * 86_400_000);

    // Only its hash is kept: the database alone opens nothing.
    const stored = await queryRows(
      db(),
      z.strictObject({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM shared_cards WHERE token_hash = ${token} OR token_hash LIKE ${`%${token}%`}`,
    );
    expect(stored[0]?.n).toBe(0);

    // He is told, in their conversation; she is not told of her own sharing.
    const cardShared = async (m: Member) =>
      (
        (await (await t.request("/api/conversations", { cookie: m.cookie })).json()) as {
          data: { matchId: string; cardSharedAt: string | null }[];
        }
      ).data.find((c) => c.matchId === matchId)?.cardSharedAt;
    expect(await cardShared(him)).toBe(card.createdAt);
    expect(await cardShared(her)).toBeNull();

    const page = await open(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = plain(await page.text());
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(html).toContain("Claire vous confie son rendez-vous avec Yao");
    expect(html).toMatch(/Yao, \d+ ans/);
    expect(html).toContain("Vit à Abidjan, Côte d’Ivoire");
    expect(html).toContain("Café Le Plateau, Abidjan");
    expect(html).toContain("à 18 h 30 (heure d’Abidjan)");
    expect(html).toContain("Vol AF702 · hôtel Pullman");
    expect(html).toContain("Ils ont commencé à se parler sur Passerelle aujourd’hui.");
    expect(html).not.toContain("<script");
    expect((await myLinks(her))[0]?.lastViewedAt).not.toBeNull();

    const revoke = await t.request(`/api/shares/${card.id}`, { method: "DELETE", cookie: her.cookie });
    expect(revoke.status).toBe(204);
    const gone = await open(url);
    expect(gone.status).toBe(404);
    expect(plain(await gone.text())).toContain(plain(SHARE_MSG.GONE));
    expect((await myLinks(her))[0]).toMatchObject({ id: card.id, active: false });
  });

  it("is made only by a member of the match, and revoked only by its owner", async () => {
    const { her, matchId } = await couple();
    const stranger = await signUpMember(t, "male");
    expect((await share(stranger, matchId, { kind: "date" })).status).toBe(404);
    expect((await share(her, "00000000-0000-4000-8000-000000000000", { kind: "date" })).status).toBe(404);
    const { card, url } = await created(her, matchId, { kind: "date" });
    for (const id of [card.id, "pas-un-id"]) {
      const res = await t.request(`/api/shares/${id}`, { method: "DELETE", cookie: stranger.cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: "SHARE_NOT_FOUND", message: SHARE_MSG.SHARE_NOT_FOUND },
      });
    }
    expect(await myLinks(stranger)).toEqual([]);
    expect((await open(url)).status).toBe(200);
    // A token of the right shape that was never made, and one of another shape.
    expect((await t.app.request(`/partage/${"A".repeat(43)}`)).status).toBe(404);
    expect((await t.app.request("/partage/..%2F..%2Fetc")).status).toBe(404);
  });

  it("stops opening when the match is blocked or hides from her country", async () => {
    const { her, him, matchId } = await couple();
    const first = await created(her, matchId, { kind: "date" });
    await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: him.cookie,
      json: { hideFromOrigin: true },
    });
    // He hides from members who come from Côte d’Ivoire; she is French: the link still opens.
    expect((await open(first.url)).status).toBe(200);
    await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: him.cookie,
      json: { hideFromOrigin: false },
    });
    await db().execute(sql`UPDATE profiles SET country = 'Côte d’Ivoire' WHERE user_id = ${her.userId}`);
    await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: him.cookie,
      json: { hideFromCountry: true },
    });
    expect((await open(first.url)).status).toBe(404);
    expect((await share(her, matchId, { kind: "date" })).status).toBe(404);

    const other = await couple();
    const link = await created(other.her, other.matchId, { kind: "date" });
    await db().execute(
      sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${other.him.userId}, ${other.her.userId})`,
    );
    expect((await open(link.url)).status).toBe(404);
  });

  it("refuses bad input in French and writes nothing", async () => {
    const { her, matchId } = await couple();
    const cases: [unknown, string][] = [
      [{ kind: "date", meetsAt: "demain" }, "VALIDATION_ERROR"],
      [
        { kind: "date", meetsAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        "SHARE_DATE_OUT_OF_RANGE",
      ],
      [{ kind: "date", place: "x".repeat(SHARE.PLACE_MAX + 1) }, "VALIDATION_ERROR"],
      [{ kind: "date", timeZone: "Mars/Olympus" }, "VALIDATION_ERROR"],
      [{ kind: "family", relative: "   " }, "VALIDATION_ERROR"],
      [{ kind: "cousins" }, "VALIDATION_ERROR"],
      [{ kind: "family", relative: "Maman", word: "hop" }, "VALIDATION_ERROR"],
    ];
    for (const [json, code] of cases) {
      const res = await share(her, matchId, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(await myLinks(her)).toEqual([]);
  });

  describe("« Présenter à ma famille »", () => {
    it("up to five relatives, each leaving a private word only she reads", async () => {
      const { her, him, matchId } = await couple();
      const links: CreatedShareDto[] = [];
      for (const relative of ["Maman", "Papa", "Awa", "Tonton Ibou", "Mamie"])
        links.push(await created(her, matchId, { kind: "family", relative }));
      const sixth = await share(her, matchId, { kind: "family", relative: "Cousine" });
      expect(sixth.status).toBe(409);
      expect(((await sixth.json()) as { error: { code: string } }).error.code).toBe("FAMILY_LINKS_FULL");
      // A revoked one frees its place.
      await t.request(`/api/shares/${links[4]!.card.id}`, { method: "DELETE", cookie: her.cookie });
      await created(her, matchId, { kind: "family", relative: "Cousine" });

      const mum = links[0]!;
      const page = plain(await (await open(mum.url)).text());
      expect(page).toContain("Claire vous présente Yao");
      expect(page).toContain('name="mot"');
      const post = (url: string, body: string) =>
        t.app.request(`${new URL(url).pathname}/mot`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
          body,
        });
      const empty = await post(mum.url, "mot=%20%20");
      expect(empty.status).toBe(400);
      expect(plain(await empty.text())).toContain(SHARE_MSG.WORD_EMPTY);
      const sent = await post(
        mum.url,
        `mot=${encodeURIComponent("Il a l’air sérieux, invite-le à la maison.")}`,
      );
      expect(sent.status).toBe(200);
      expect(plain(await sent.text())).toContain(plain(SHARE_MSG.WORD_THANKS));
      // From another site: refused.
      const forged = await t.app.request(`${new URL(mum.url).pathname}/mot`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
        body: "mot=spam",
      });
      expect(forged.status).toBe(404);

      const mine = await myLinks(her);
      expect(mine.find((l) => l.id === mum.card.id)).toMatchObject({
        relative: "Maman",
        word: "Il a l’air sérieux, invite-le à la maison.",
      });
      // He does not read it, nor see her links.
      expect(await myLinks(him)).toEqual([]);
      // A date link takes no word.
      const date = await created(her, matchId, { kind: "date" });
      expect((await post(date.url, "mot=bonjour")).status).toBe(404);
    });
  });
});
