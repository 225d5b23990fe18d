// The demo provider, check_user_subscription, the expiry sweep and the API access gate, on both
// engines.

import { PAYMENT_MSG } from "@domain/payments.ts";
import type { CheckoutDto, SubscriptionOverviewDto, SubscriptionStatusDto } from "@domain/subscriptions.ts";
import { SUBSCRIPTION_MSG } from "@domain/subscriptions.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { insertMember, signUpMember } from "../../test/members.ts";
import { sweepExpiredSubscriptions } from "./subscription-status.ts";
import { CHECKOUT_LIMIT } from "./subscriptions.routes.ts";

describeEachEngine("subscriptions and the access gate", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const status = async (cookie: string) =>
    (await (await t.request("/api/subscription/status", { cookie })).json()) as SubscriptionStatusDto;

  /** Gives a member a subscription ending at `end` (ms from now; negative = already over). */
  async function subscribe(userId: string, endInMs: number) {
    await db().execute(sql`INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref, amount)
      VALUES (${userId}, '1-mois', 'active', now() - interval '20 days', now() + ${endInMs} * interval '1 millisecond',
        'demo', ${`ref_${userId}_${endInMs}`}, 1999)`);
    await db().execute(sql`UPDATE profiles SET account_status = 'subscribed',
      subscription_ends_at = now() + ${endInMs} * interval '1 millisecond' WHERE user_id = ${userId}`);
  }

  describe("demo provider", () => {
    it("goes through the same recording as a real payment, once", async () => {
      const m = await signUpMember(t, "female", { accountStatus: "trial" });
      const res = await t.request("/api/subscription/checkout", {
        method: "POST",
        cookie: m.cookie,
        json: { plan: "1-mois", returnTo: "/messages" },
      });
      const checkout = (await res.json()) as CheckoutDto;
      expect(checkout).toMatchObject({
        status: "pending",
        url: `/subscription/demo?checkout=${checkout.id}`,
        returnTo: "/messages",
      });
      const confirm = () =>
        t.request(`/api/subscription/checkouts/${checkout.id}/confirm-demo`, {
          method: "POST",
          cookie: m.cookie,
        });
      const [a, b] = await Promise.all([confirm(), confirm()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(((await a.json()) as CheckoutDto).status).toBe("paid");
      const overview = (await (
        await t.request("/api/subscription", { cookie: m.cookie })
      ).json()) as SubscriptionOverviewDto;
      expect(overview).toMatchObject({ status: "subscribed", plan: "1-mois" });
      expect(overview.payments).toHaveLength(1);
      expect(overview.payments[0]).toMatchObject({
        plan: "1-mois",
        amount: 1999,
        currency: "EUR",
        method: "card",
        provider: "demo",
        status: "active",
      });
      expect(overview.plans.map((p) => p.id)).toEqual(["1-mois", "3-mois", "6-mois"]);
      // Another member cannot confirm it, nor a made-up checkout.
      const other = await signUpMember(t, "male", { accountStatus: "trial" });
      for (const id of [checkout.id, "00000000-0000-4000-8000-000000000000"]) {
        const r = await t.request(`/api/subscription/checkouts/${id}/confirm-demo`, {
          method: "POST",
          cookie: other.cookie,
        });
        expect(r.status).toBe(404);
      }
      expect((await status(other.cookie)).status).toBe("trial");
    });

    it("keeps only a same-site path to return to", async () => {
      const m = await signUpMember(t, "female", { accountStatus: "trial" });
      for (const returnTo of ["https://evil.example/", "//evil.example", "/\\evil", "javascript:alert(1)"]) {
        const res = await t.request("/api/subscription/checkout", {
          method: "POST",
          cookie: m.cookie,
          json: { plan: "1-mois", returnTo },
        });
        expect(((await res.json()) as CheckoutDto).returnTo).toBeNull();
      }
    });

    it("is unavailable when payments are switched off (production without Stripe)", async () => {
      const off = await createTestApp(engine, { ALLOW_DEMO_PAYMENTS: "false" });
      try {
        const m = await signUpMember(off, "male", { accountStatus: "trial" });
        const res = await off.request("/api/subscription/checkout", {
          method: "POST",
          cookie: m.cookie,
          json: { plan: "1-mois" },
        });
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({
          error: { code: "PAYMENTS_UNAVAILABLE", message: SUBSCRIPTION_MSG.PAYMENTS_UNAVAILABLE },
        });
      } finally {
        await off.close();
      }
    });

    it("opens at most CHECKOUT_LIMIT payments per member and hour", async () => {
      const m = await signUpMember(t, "female", { accountStatus: "trial" });
      const open = () =>
        t.request("/api/subscription/checkout", {
          method: "POST",
          cookie: m.cookie,
          json: { plan: "1-mois" },
        });
      for (let i = 0; i < CHECKOUT_LIMIT.max; i++) expect((await open()).status).toBe(201);
      const refused = await open();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const [{ n } = { n: 0 }] = await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM checkouts WHERE user_id = ${m.userId}`,
      );
      expect(n).toBe(CHECKOUT_LIMIT.max);
    });
  });

  describe("check_user_subscription", () => {
    it("says trial for a member never subscribed, subscribed while running, expired after", async () => {
      const m = await signUpMember(t, "male", { accountStatus: "trial" });
      expect(await status(m.cookie)).toEqual({ status: "trial", endsAt: null, plan: null });
      await subscribe(m.userId, 60_000);
      expect((await status(m.cookie)).status).toBe("subscribed");
      await db().execute(
        sql`UPDATE subscriptions SET end_date = now() - interval '1 second' WHERE user_id = ${m.userId}`,
      );
      const after = await status(m.cookie);
      expect(after.status).toBe("expired");
      expect(after.endsAt).not.toBeNull();
      const [row] = await queryRows(
        db(),
        z.strictObject({ status: z.string() }),
        sql`SELECT status FROM subscriptions WHERE user_id = ${m.userId}`,
      );
      expect(row?.status).toBe("expired");
    });

    it("sweeps every member whose subscription has ended", async () => {
      const ended = await signUpMember(t, "male", { accountStatus: "trial" });
      const running = await signUpMember(t, "female", { accountStatus: "trial" });
      await subscribe(ended.userId, -1_000);
      await subscribe(running.userId, 3_600_000);
      expect(await sweepExpiredSubscriptions(db())).toBeGreaterThanOrEqual(1);
      const rows = await queryRows(
        db(),
        z.strictObject({ user_id: z.string(), account_status: z.string() }),
        sql`SELECT user_id, account_status FROM profiles WHERE user_id IN (${ended.userId}, ${running.userId})`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.user_id, r.account_status]))).toEqual({
        [ended.userId]: "expired",
        [running.userId]: "subscribed",
      });
    });
  });

  describe("API gate", () => {
    const gated = (matchId: string, memberId: string): [string, string, unknown?][] => [
      ["GET", "/api/search"],
      ["POST", "/api/likes", { likedId: memberId, type: "like" }],
      ["GET", `/api/members/${memberId}`],
      ["GET", "/api/matches"],
      ["DELETE", `/api/matches/${matchId}`],
      ["GET", "/api/conversations"],
      ["GET", `/api/matches/${matchId}/messages`],
      ["POST", `/api/matches/${matchId}/messages`, { content: "Bonjour" }],
      ["POST", `/api/matches/${matchId}/read`],
      ["GET", "/api/events"],
    ];

    it("refuses trial and expired members everywhere, with a stable code and a French message", async () => {
      const her = await insertMember(db(), "female");
      const trial = await signUpMember(t, "male", { accountStatus: "trial" });
      const expired = await signUpMember(t, "male", { accountStatus: "trial" });
      await subscribe(expired.userId, -60_000);
      await db().execute(
        sql`UPDATE profiles SET account_status = 'expired', subscription_ends_at = NULL WHERE user_id = ${expired.userId}`,
      );
      const [match] = await queryRows(
        db(),
        z.strictObject({ id: z.string() }),
        sql`INSERT INTO matches (user1_id, user2_id, status) VALUES (${her}, ${trial.userId}, 'accepted') RETURNING id`,
      );
      for (const m of [trial, expired]) {
        for (const [method, path, json] of gated(match!.id, her)) {
          const res = await t.request(path, { method, cookie: m.cookie, json });
          expect(res.status, `${method} ${path}`).toBe(403);
          expect(await res.json()).toEqual({
            error: { code: "SUBSCRIPTION_REQUIRED", message: SUBSCRIPTION_MSG.REQUIRED },
          });
        }
      }
      const [written] = await queryRows(
        db(),
        z.strictObject({ n: z.number() }),
        sql`SELECT (SELECT count(*) FROM likes WHERE liker_id IN (${trial.userId}, ${expired.userId}))::int
          + (SELECT count(*) FROM messages WHERE match_id = ${match!.id}::uuid)::int AS n`,
      );
      expect(written?.n).toBe(0);
    });

    it("re-checks a « subscribed » member at the end of their period, to the second", async () => {
      const m = await signUpMember(t, "male", { accountStatus: "trial" });
      await subscribe(m.userId, 3_600_000);
      expect((await t.request("/api/search", { cookie: m.cookie })).status).toBe(200);
      // The period then ends a second from now (the gate reads it on every request): its end is
      // waited for as a condition, and the first search never races it on a busy machine.
      await db().execute(
        sql`UPDATE subscriptions SET end_date = now() + interval '1 second' WHERE user_id = ${m.userId}`,
      );
      await db().execute(
        sql`UPDATE profiles SET subscription_ends_at = now() + interval '1 second' WHERE user_id = ${m.userId}`,
      );
      await expect
        .poll(async () => (await t.request("/api/search", { cookie: m.cookie })).status, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(403);
      expect((await status(m.cookie)).status).toBe("expired");
    });
  });

  describe("which prices a member gets (issue 33)", () => {
    /** The profile form, as the member sends it, with this country of residence. */
    const form = (country: string) => ({
      firstName: "Aminata",
      lastName: "Diallo",
      gender: "female",
      lookingFor: "Le mariage",
      birthDate: "1992-04-10",
      country,
      phoneNumber: "+221 77 123 45 67",
      bio: "Je vis à Dakar et j’aime la lecture.",
      occupation: "Comptable",
      education: "Licence",
      languages: ["Français", "Wolof"],
      interests: ["Lecture"],
    });
    const declare = async (cookie: string, country: string) => {
      const res = await t.request("/api/profile", { method: "PUT", cookie, json: form(country) });
      expect(res.status).toBe(200);
    };
    const overview = async (cookie: string) =>
      (await (await t.request("/api/subscription", { cookie })).json()) as SubscriptionOverviewDto;
    const pay = (cookie: string, json: Record<string, unknown>) =>
      t.request("/api/subscription/checkout", { method: "POST", cookie, json: { plan: "1-mois", ...json } });
    const byCard = (cookie: string, currency: string) => pay(cookie, { currency, method: "card" });
    const checkoutsOf = async (userId: string) =>
      (
        await queryRows(
          db(),
          z.strictObject({ n: z.number() }),
          sql`SELECT count(*)::int AS n FROM checkouts WHERE user_id = ${userId}`,
        )
      )[0]?.n;
    const changedDaysAgo = (userId: string, days: number) =>
      db().execute(
        sql`UPDATE profiles SET country_changed_at = now() - ${days} * interval '1 day' WHERE user_id = ${userId}`,
      );

    it("no longer gives the FCFA prices by card to a member who declares an African country for a minute", async () => {
      const m = await signUpMember(t, "female", { accountStatus: "trial", country: "France" });
      await declare(m.cookie, "Sénégal");
      // The client's currency is not trusted: the server refuses, in French, with a stable code.
      const refused = await byCard(m.cookie, "XOF");
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
        code: "LOCAL_CARD_PRICES_LATER",
        message: PAYMENT_MSG.LOCAL_CARD_PRICES_LATER,
      });
      // The page says when they open, and offers the card in euros meanwhile.
      const o = await overview(m.cookie);
      const from = o.paymentOptions.localCardPricesFrom;
      expect(typeof from).toBe("string");
      const days = (Date.parse(from!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      expect(o.paymentOptions.methods.map((x) => [x.method, x.currencies])).toEqual([
        ["mobile-money", ["XOF"]],
        ["card", ["EUR"]],
      ]);
      // Back to France a minute later: the FCFA prices are not for France at all.
      await declare(m.cookie, "France");
      const back = await byCard(m.cookie, "XOF");
      expect(back.status).toBe(400);
      expect(((await back.json()) as { error: { code: string } }).error.code).toBe("METHOD_UNAVAILABLE");
      expect(await checkoutsOf(m.userId)).toBe(0);
      expect((await byCard(m.cookie, "EUR")).status).toBe(201);
    });

    it("keeps a settled member’s FCFA prices by card, also when the form is saved again unchanged", async () => {
      const m = await signUpMember(t, "male", { accountStatus: "trial", country: "Sénégal" });
      // Declared long ago (or before the change was recorded at all: null).
      expect((await overview(m.cookie)).paymentOptions.localCardPricesFrom).toBeNull();
      await changedDaysAgo(m.userId, 45);
      await declare(m.cookie, "Sénégal");
      expect((await overview(m.cookie)).paymentOptions).toMatchObject({
        currency: "XOF",
        localCardPricesFrom: null,
      });
      const res = await byCard(m.cookie, "XOF");
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ amount: 6500, currency: "XOF", method: "card" });
      // An administrator's change of the country counts as a change too.
      const admin = await createAdmin(t);
      const patched = await t.request(`/api/admin/profiles/${m.userId}`, {
        method: "PATCH",
        cookie: admin.cookie,
        json: { country: "Mali" },
      });
      expect(patched.status).toBe(200);
      expect((await byCard(m.cookie, "XOF")).status).toBe(400);
    });

    it("still offers a genuine member in Dakar the FCFA prices: by mobile money at once, by card after the wait", async () => {
      const m = await signUpMember(t, "female", { accountStatus: "trial", country: "" });
      await declare(m.cookie, "Sénégal");
      const o = await overview(m.cookie);
      expect(o.paymentOptions.currency).toBe("XOF");
      expect(o.plans.map((p) => p.prices.XOF)).toEqual([6500, 15000, 24000]);
      const wave = await pay(m.cookie, { currency: "XOF", method: "mobile-money", operator: "wave" });
      expect(wave.status).toBe(201);
      expect(await wave.json()).toMatchObject({ amount: 6500, currency: "XOF", method: "mobile-money" });
      expect((await byCard(m.cookie, "XOF")).status).toBe(400);
      await changedDaysAgo(m.userId, 31);
      expect((await overview(m.cookie)).paymentOptions.localCardPricesFrom).toBeNull();
      expect((await byCard(m.cookie, "XOF")).status).toBe(201);
    });
  });
});
