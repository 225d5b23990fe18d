// Bouclier (issue 36): where members write from, through the real API on both engines — the country
// of each day's messages is noted (never the address), a declared residence no connection confirms
// and days behind hosting or VPN networks are signals. Behind a trusted proxy, so that each request
// says its client's address.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

describeEachEngine("Bouclier: where members write from", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy that sets the client's address: the requests say where they come from.
    t = await createTestApp(engine, { TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const CAMEROON = "41.202.219.1";
  const FRANCE = "90.84.1.1";

  /** A day of connections some days ago, as noteConnection would have written it. */
  interface Past {
    ago: number;
    country: string;
    hosting?: boolean;
  }
  const fromCameroon = (...ago: number[]): Past[] => ago.map((a) => ({ ago: a, country: "CM" }));

  async function writeFrom(address: string, residence: string, past: Past[]) {
    const him = await signUpMember(t, "male", { country: residence });
    const her = await signUpMember(t, "female");
    for (const day of past)
      await db().execute(sql`INSERT INTO member_connections (user_id, day, country, hosting)
        VALUES (${him.userId}, current_date - ${day.ago}::int, ${day.country}, ${day.hosting ?? false})`);
    const like = await t.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    const { matchId } = (await like.json()) as { matchId: string };
    const res = await t.request(`/api/matches/${matchId}/messages`, {
      method: "POST",
      cookie: him.cookie,
      headers: { "x-forwarded-for": address },
      json: { content: "Bonjour, comment allez-vous ?" },
    });
    expect(res.status).toBe(201);
    const rows = await queryRows(
      db(),
      z.strictObject({ kind: z.string(), detail: z.string() }),
      sql`SELECT kind, detail FROM shield_signals WHERE user_id = ${him.userId}`,
    );
    const days = await queryRows(
      db(),
      z.strictObject({ country: z.string(), hosting: z.boolean() }),
      sql`SELECT country, hosting FROM member_connections WHERE user_id = ${him.userId} AND day = current_date`,
    );
    return { signals: rows, today: days.map((d) => d.country), todayHosting: days.some((d) => d.hosting) };
  }

  it("notes the country of each day’s messages, not the address", async () => {
    const { today } = await writeFrom(CAMEROON, "Cameroun", []);
    expect(today).toEqual(["CM"]);
  });

  it("signals a declared residence that no connection of the last two weeks confirms", async () => {
    const { signals } = await writeFrom(CAMEROON, "France", fromCameroon(1, 2));
    expect(signals).toEqual([
      {
        kind: "country_mismatch",
        // French spacing: a narrow no-break space before « ; », a no-break space before « : ».
        detail: "Connexions depuis Cameroun (3 jours sur 14)\u202f; pays de résidence déclaré\u00a0: France",
      },
    ]);
  });

  it("signals connections through hosting or VPN networks on two days of two weeks", async () => {
    const DIGITALOCEAN = "167.99.1.1";
    const { signals, todayHosting } = await writeFrom(DIGITALOCEAN, "France", [
      { ago: 3, country: "FR", hosting: true },
    ]);
    expect(signals.map((k) => k.kind)).toContain("hosting_network");
    expect(todayHosting).toBe(true);
  });

  it("stays quiet when the member also connects from the declared country, or lives where they connect", async () => {
    expect((await writeFrom(FRANCE, "France", fromCameroon(1, 2))).signals).toEqual([]);
    expect((await writeFrom(CAMEROON, "Cameroun", fromCameroon(1, 2))).signals).toEqual([]);
  });
});
