// The Stripe path on both engines, against a local fake of the Checkout Sessions API (the real SDK
// pointed at it) and webhooks signed with the SDK's own test-header helper: one subscription per
// paid session whatever the replays, order or concurrency; bad signatures and forged amounts
// grant nothing. After payment, refunds and chargebacks end or suspend the subscription they
// concern, once whatever the replays and order, and administrators see them (issue 33).
import type { AdminList, AdminPaymentRow, DashboardDto } from "@domain/admin.ts";
import type { CheckoutDto, SubscriptionOverviewDto } from "@domain/subscriptions.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import { createAdmin } from "../../test/admin.ts";
import { type FakeSession, type FakeStripe, startFakeStripe } from "../../test/fake-stripe.ts";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import { waitForMail } from "../../test/mail.ts";
import { signUpMember } from "../../test/members.ts";

const WEBHOOK_SECRET = "whsec_test_passerelle";

describeEachEngine("Stripe payments", (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, {
      STRIPE_SECRET_KEY: "sk_test_passerelle",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.deps.database.db;
  type Member = Awaited<ReturnType<typeof signUpMember>>;
  const trialMember = () => signUpMember(t, "female", { accountStatus: "trial" });

  async function checkout(m: Member, plan = "3-mois", returnTo: string | null = "/search") {
    const res = await t.request("/api/subscription/checkout", {
      method: "POST",
      cookie: m.cookie,
      json: { plan, returnTo },
    });
    expect(res.status).toBe(201);
    const dto = (await res.json()) as CheckoutDto;
    const session = [...fake.sessions.values()].find((s) => s.metadata.checkoutId === dto.id)!;
    return { dto, session };
  }

  /** Posts an event to the webhook, signed like Stripe does (or with the given header). */
  async function deliver(type: string, object: object, signature?: string) {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const header =
      signature ?? t.deps.stripe!.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    // Server to server, as Stripe sends it: no Origin, no cookie. The route is the one the Stripe
    // provider declares, outside the origin check (server/features/billing/providers/provider.ts).
    return t.app.request("http://127.0.0.1/api/payments/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": header, "content-type": "application/json" },
    });
  }
  const paid = (s: FakeSession): FakeSession => ({ ...s, payment_status: "paid", status: "complete" });

  const subscriptionsOf = (userId: string) =>
    queryRows(
      db(),
      z.strictObject({
        plan: z.string(),
        provider: z.string(),
        provider_ref: z.string(),
        start_date: timestampText,
        end_date: timestampText,
        amount: z.number(),
      }),
      sql`SELECT plan, provider, provider_ref, start_date, end_date, amount FROM subscriptions WHERE user_id = ${userId}`,
    );
  const statusOf = async (userId: string) => {
    const [row] = await queryRows(
      db(),
      z.strictObject({ account_status: z.string() }),
      sql`SELECT account_status FROM profiles WHERE user_id = ${userId}`,
    );
    return row?.account_status;
  };
  const getCheckout = async (m: Member, id: string) =>
    (await (
      await t.request(`/api/subscription/checkouts/${id}`, { cookie: m.cookie })
    ).json()) as CheckoutDto;

  it("creates a one-payment Checkout Session with the plan, the member and our checkout in metadata", async () => {
    const m = await trialMember();
    const { dto, session } = await checkout(m, "3-mois", "/search?ageMin=30");
    expect(dto).toMatchObject({
      status: "pending",
      plan: "3-mois",
      returnTo: "/search?ageMin=30",
      url: session.url,
    });
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 4797,
      currency: "eur",
      client_reference_id: m.userId,
      metadata: { checkoutId: dto.id, userId: m.userId, plan: "3-mois" },
      success_url: `http://localhost:3000/subscription/success?checkout=${dto.id}`,
    });
    const request = fake.requests.find((r) => r.form["metadata[checkoutId]"] === dto.id);
    expect(request?.idempotencyKey).toBe(`checkout-${dto.id}`);
    expect(await statusOf(m.userId)).toBe("trial");
  });

  it("keeps no return path that normalises to another site (« /.//evil.example/x », security test)", async () => {
    const m = await trialMember();
    for (const returnTo of ["/.//evil.example/x", "/..//evil.example", "/%2F%2Fevil.example", "/\\evil"]) {
      const { dto, session } = await checkout(m, "1-mois", returnTo);
      expect(dto.returnTo, returnTo).toBeNull();
      expect(session.cancel_url, returnTo).toBe("http://localhost:3000/subscription?annule=1");
    }
    // A row written before the check looked at the normalised path is not sent back as it is.
    const { dto } = await checkout(m, "1-mois", "/search");
    await db().execute(sql`UPDATE checkouts SET return_to = '//evil.example/x' WHERE id = ${dto.id}::uuid`);
    expect((await getCheckout(m, dto.id)).returnTo).toBeNull();
  });

  it("records a paid session once: subscription, status, checkout, e-mail; a replay changes nothing", async () => {
    const m = await trialMember();
    const { dto, session } = await checkout(m);
    const res = await deliver("checkout.session.completed", paid(session));
    expect(res.status).toBe(200);
    const [sub] = await subscriptionsOf(m.userId);
    expect(sub).toMatchObject({ plan: "3-mois", provider: "stripe", provider_ref: session.id, amount: 4797 });
    const months =
      (new Date(sub!.end_date).getUTCFullYear() - new Date(sub!.start_date).getUTCFullYear()) * 12 +
      new Date(sub!.end_date).getUTCMonth() -
      new Date(sub!.start_date).getUTCMonth();
    expect(months).toBe(3);
    expect(await statusOf(m.userId)).toBe("subscribed");
    expect(await getCheckout(m, dto.id)).toMatchObject({
      status: "paid",
      endsAt: new Date(sub!.end_date).toISOString(),
    });

    expect((await deliver("checkout.session.completed", paid(session))).status).toBe(200);
    expect(await subscriptionsOf(m.userId)).toHaveLength(1);

    // The confirmation e-mail goes out after the commit.
    const mail = await waitForMail(t.dataDir, m.email, "Votre reçu Passerelle");
    expect(mail.subject).toMatch(/^Votre reçu Passerelle\s:\s47,97\s€$/);
    expect(mail.text).toContain("actif jusqu’au");
    expect(mail.text).toMatch(/Moyen de paiement\s:\sCarte bancaire\n/);
  });

  it("records one subscription when the same payment is delivered many times at once", async () => {
    const m = await trialMember();
    const { session } = await checkout(m, "1-mois");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        deliver(
          i % 2 ? "checkout.session.async_payment_succeeded" : "checkout.session.completed",
          paid(session),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await subscriptionsOf(m.userId)).toHaveLength(1);
  });

  it("tolerates events out of order: unpaid « completed », then paid, then a late « expired »", async () => {
    const m = await trialMember();
    const { dto, session } = await checkout(m);
    await deliver("checkout.session.completed", { ...session, status: "complete" }); // paid later (bank transfer)
    expect(await subscriptionsOf(m.userId)).toHaveLength(0);
    expect((await getCheckout(m, dto.id)).status).toBe("pending");
    await deliver("checkout.session.async_payment_succeeded", paid(session));
    await deliver("checkout.session.expired", { ...session, status: "expired" });
    expect(await subscriptionsOf(m.userId)).toHaveLength(1);
    expect((await getCheckout(m, dto.id)).status).toBe("paid");
    expect(await statusOf(m.userId)).toBe("subscribed");
  });

  it("answers 400 to a missing, forged or stale signature, and records nothing", async () => {
    const m = await trialMember();
    const { session } = await checkout(m);
    const payload = JSON.stringify({
      id: "evt_x",
      object: "event",
      type: "checkout.session.completed",
      data: { object: paid(session) },
    });
    const wrongSecret = t.deps.stripe!.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_someone_else",
    });
    const stale = t.deps.stripe!.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const signature of [wrongSecret, stale, "t=1,v1=deadbeef", ""]) {
      const res = await deliver("checkout.session.completed", paid(session), signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_SIGNATURE");
    }
    // A body changed after signing no longer matches its signature.
    const tampered = await t.request("/api/payments/stripe/webhook", {
      method: "POST",
      body: payload.replace('"paid"', '"paid" '),
      headers: {
        "stripe-signature": t.deps.stripe!.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    expect(tampered.status).toBe(400);
    expect(await subscriptionsOf(m.userId)).toHaveLength(0);
  });

  ruleIt(engine)("keeps every other payment path behind the origin check", async () => {
    for (const path of [
      "/api/payments/stripe/webhook/",
      "/api/payments/cinetpay/notify",
      "/api/payments/x",
    ]) {
      const res = await t.app.request(`http://127.0.0.1${path}`, { method: "POST", body: "{}" });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("CSRF_REJECTED");
    }
  });

  it("grants nothing for a paid amount other than the plan’s price, or an unknown checkout", async () => {
    const m = await trialMember();
    const { dto, session } = await checkout(m, "6-mois");
    await deliver("checkout.session.completed", { ...paid(session), amount_total: 100 });
    await deliver("checkout.session.completed", { ...paid(session), currency: "usd" });
    expect(await subscriptionsOf(m.userId)).toHaveLength(0);
    expect((await getCheckout(m, dto.id)).status).toBe("failed");
    const other = await trialMember();
    const res = await deliver("checkout.session.completed", {
      ...paid(session),
      id: "cs_test_unknown",
      metadata: { checkoutId: "00000000-0000-4000-8000-000000000000", userId: other.userId, plan: "6-mois" },
    });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(other.userId)).toHaveLength(0);
    expect(await statusOf(other.userId)).toBe("trial");
  });

  it("extends a running subscription from its end date", async () => {
    const m = await signUpMember(t, "male"); // subscribed for 30 more days
    const [before] = await subscriptionsOf(m.userId);
    const { session } = await checkout(m, "1-mois");
    await deliver("checkout.session.completed", paid(session));
    const subs = (await subscriptionsOf(m.userId)).sort(
      (a, b) => +new Date(a.end_date) - +new Date(b.end_date),
    );
    expect(subs).toHaveLength(2);
    expect(new Date(subs[1]!.start_date).getTime()).toBe(new Date(before!.end_date).getTime());
  });

  it("refuses unknown plans, hides other members' checkouts, and has no demo step with Stripe", async () => {
    const m = await trialMember();
    const bad = await t.request("/api/subscription/checkout", {
      method: "POST",
      cookie: m.cookie,
      json: { plan: "gratuit" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("UNKNOWN_PLAN");
    const { dto } = await checkout(m);
    const stranger = await trialMember();
    expect(
      (await t.request(`/api/subscription/checkouts/${dto.id}`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    const demo = await t.request(`/api/subscription/checkouts/${dto.id}/confirm-demo`, {
      method: "POST",
      cookie: m.cookie,
    });
    expect(demo.status).toBe(404);
    expect(await subscriptionsOf(m.userId)).toHaveLength(0);
  });

  it("says payments are unavailable when Stripe fails, and marks the checkout failed", async () => {
    const m = await trialMember();
    // The SDK retries twice: three failures in a row.
    fake.failNext(500, 3);
    const res = await t.request("/api/subscription/checkout", {
      method: "POST",
      cookie: m.cookie,
      json: { plan: "1-mois" },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYMENTS_UNAVAILABLE");
    const [row] = await queryRows(
      db(),
      z.strictObject({ status: z.string() }),
      sql`SELECT status FROM checkouts WHERE user_id = ${m.userId}`,
    );
    expect(row?.status).toBe("failed");
  });

  describe("after payment: refunds and chargebacks (issue 33)", () => {
    let admin: Awaited<ReturnType<typeof createAdmin>>;
    beforeAll(async () => {
      admin = await createAdmin(t);
    });

    /** A member who paid `plan` by card: the session recorded, the subscription running. */
    async function paidMember(plan = "3-mois") {
      const m = await trialMember();
      const { dto, session } = await checkout(m, plan);
      const paidSession = fake.pay(session.id);
      expect((await deliver("checkout.session.completed", paidSession)).status).toBe(200);
      expect(await statusOf(m.userId)).toBe("subscribed");
      return { m, checkoutId: dto.id, sessionId: session.id };
    }
    const subscriptionStatus = async (checkoutId: string) =>
      (
        await queryRows(
          db(),
          z.strictObject({ status: z.string() }),
          sql`SELECT status FROM subscriptions WHERE checkout_id = ${checkoutId}::uuid`,
        )
      )[0]?.status;
    const auditActions = async (checkoutId: string) =>
      (
        await queryRows(
          db(),
          z.strictObject({ action: z.string() }),
          sql`SELECT action FROM admin_audit WHERE target_id = ${checkoutId} ORDER BY action`,
        )
      ).map((r) => r.action);
    const overviewOf = async (m: Member) =>
      (await (await t.request("/api/subscription", { cookie: m.cookie })).json()) as SubscriptionOverviewDto;
    const searchStatus = async (m: Member) => (await t.request("/api/search", { cookie: m.cookie })).status;
    const adminPayment = async (checkoutId: string, filter = "") => {
      const res = await t.request(`/api/admin/payments?q=${checkoutId}${filter}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as AdminList<AdminPaymentRow>).data[0];
    };

    it("a full refund ends the subscription once: the member loses access and sees why, administrators see it", async () => {
      const { m, checkoutId, sessionId } = await paidMember();
      expect(await searchStatus(m)).toBe(200);
      const refund = fake.charge(sessionId, 4797);
      // Stripe retries, and may deliver the same event several times at once.
      const answers = await Promise.all(Array.from({ length: 4 }, () => deliver("charge.refunded", refund)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await subscriptionStatus(checkoutId)).toBe("refunded");
      expect(await statusOf(m.userId)).toBe("expired");
      expect(await searchStatus(m)).toBe(403);
      const o = await overviewOf(m);
      expect(o).toMatchObject({ status: "expired", endsAt: null });
      expect(o.payments[0]).toMatchObject({ status: "refunded", amount: 4797 });

      // A replay later, and a late « completed » for the same session, change nothing.
      await deliver("charge.refunded", refund);
      await deliver("checkout.session.completed", fake.pay(sessionId));
      expect(await subscriptionStatus(checkoutId)).toBe("refunded");
      expect(await statusOf(m.userId)).toBe("expired");
      expect(await auditActions(checkoutId)).toEqual(["payment.paid", "payment.refunded", "payment.started"]);

      expect(await adminPayment(checkoutId, "&reversal=refunded")).toMatchObject({
        id: checkoutId,
        status: "paid",
        refundedAmount: 4797,
        dispute: null,
      });
      expect((await adminPayment(checkoutId))?.reversedAt).not.toBeNull();
      expect(await adminPayment(checkoutId, "&reversal=disputed")).toBeUndefined();
    });

    it("a partial refund keeps the subscription running; administrators see how much", async () => {
      const { m, checkoutId, sessionId } = await paidMember("6-mois");
      await deliver("charge.refunded", fake.charge(sessionId, 1000));
      // Out of order: an earlier, smaller refund arriving late lowers nothing.
      await deliver("charge.refunded", fake.charge(sessionId, 500));
      expect(await subscriptionStatus(checkoutId)).toBe("active");
      expect(await statusOf(m.userId)).toBe("subscribed");
      expect(await adminPayment(checkoutId, "&reversal=refunded")).toMatchObject({ refundedAmount: 1000 });
      expect(await auditActions(checkoutId)).toEqual([
        "payment.paid",
        "payment.partly_refunded",
        "payment.started",
      ]);
      // The rest refunded later: now it ends.
      await deliver("charge.refunded", fake.charge(sessionId, 7794));
      expect(await subscriptionStatus(checkoutId)).toBe("refunded");
      expect(await statusOf(m.userId)).toBe("expired");
    });

    it("a chargeback suspends the subscription until decided: won, it runs again", async () => {
      const { m, checkoutId, sessionId } = await paidMember();
      await deliver("charge.dispute.created", fake.dispute(sessionId, "needs_response"));
      expect(await subscriptionStatus(checkoutId)).toBe("suspended");
      expect(await statusOf(m.userId)).toBe("expired");
      expect(await searchStatus(m)).toBe(403);
      expect((await overviewOf(m)).payments[0]).toMatchObject({ status: "suspended" });
      expect(await adminPayment(checkoutId, "&reversal=disputed")).toMatchObject({ dispute: "open" });
      // An administrator cannot extend it meanwhile: that would give the time without the payment.
      const [sub] = await queryRows(
        db(),
        z.strictObject({ id: z.string() }),
        sql`SELECT id FROM subscriptions WHERE checkout_id = ${checkoutId}::uuid`,
      );
      const extend = await t.request(`/api/admin/subscriptions/${sub!.id}/extend`, {
        method: "POST",
        cookie: admin.cookie,
        json: { months: 1 },
      });
      expect(extend.status).toBe(409);
      expect(await subscriptionStatus(checkoutId)).toBe("suspended");
      const dashboard = await t.request("/api/admin/dashboard", { cookie: admin.cookie });
      expect(((await dashboard.json()) as DashboardDto).openDisputes).toBeGreaterThanOrEqual(1);

      await deliver("charge.dispute.updated", fake.dispute(sessionId, "under_review"));
      await deliver("charge.dispute.closed", fake.dispute(sessionId, "won"));
      // A late « created » does not reopen a decided dispute.
      await deliver("charge.dispute.created", fake.dispute(sessionId, "needs_response"));
      expect(await subscriptionStatus(checkoutId)).toBe("active");
      expect(await statusOf(m.userId)).toBe("subscribed");
      expect(await searchStatus(m)).toBe(200);
      expect(await adminPayment(checkoutId)).toMatchObject({ dispute: "won" });
      expect(await auditActions(checkoutId)).toEqual([
        "payment.dispute_won",
        "payment.disputed",
        "payment.paid",
        "payment.started",
      ]);
    });

    it("a chargeback lost ends the subscription, whatever order the events come in", async () => {
      const { m, checkoutId, sessionId } = await paidMember("1-mois");
      // « closed » first, then the « created » that was delayed: the outcome stands.
      await deliver("charge.dispute.closed", fake.dispute(sessionId, "lost"));
      await deliver("charge.dispute.created", fake.dispute(sessionId, "needs_response"));
      expect(await subscriptionStatus(checkoutId)).toBe("refunded");
      expect(await statusOf(m.userId)).toBe("expired");
      expect(await adminPayment(checkoutId, "&reversal=charged-back")).toMatchObject({ dispute: "lost" });
      expect(await auditActions(checkoutId)).toEqual([
        "payment.charged_back",
        "payment.paid",
        "payment.started",
      ]);
    });

    it("changes nothing on a forged, foreign or unpaid-for event", async () => {
      const { m, checkoutId, sessionId } = await paidMember();
      const refund = fake.charge(sessionId, 4797);
      const payload = JSON.stringify({
        id: "evt_forged",
        object: "event",
        type: "charge.refunded",
        data: { object: refund },
      });
      const forged = t.deps.stripe!.webhooks.generateTestHeaderString({
        payload,
        secret: "whsec_someone_else",
      });
      expect((await deliver("charge.refunded", refund, forged)).status).toBe(400);
      // Correctly signed, but about a PaymentIntent that is none of our sessions'.
      expect(
        (await deliver("charge.refunded", { ...refund, payment_intent: "pi_someone_else" })).status,
      ).toBe(200);
      expect(
        (
          await deliver("charge.dispute.created", {
            ...fake.dispute(sessionId, "lost"),
            payment_intent: null,
          })
        ).status,
      ).toBe(200);
      // In another currency than the payment's: not this payment's refund.
      expect((await deliver("charge.refunded", { ...refund, currency: "usd" })).status).toBe(200);
      // A second, different dispute on the same payment is not applied over the first.
      await deliver("charge.dispute.created", fake.dispute(sessionId, "needs_response"));
      await deliver("charge.dispute.closed", { ...fake.dispute(sessionId, "lost"), id: "dp_another" });
      expect(await subscriptionStatus(checkoutId)).toBe("suspended");
      expect(await auditActions(checkoutId)).toEqual(["payment.disputed", "payment.paid", "payment.started"]);
      // An unpaid checkout has no payment to take back.
      const other = await trialMember();
      const { session } = await checkout(other, "1-mois");
      expect(
        (await deliver("charge.refunded", { ...refund, payment_intent: `pi_${session.id}` })).status,
      ).toBe(200);
      expect(await statusOf(other.userId)).toBe("trial");
      expect(await statusOf(m.userId)).toBe("expired");
    });
  });
});
