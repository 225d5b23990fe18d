// Mobile money on both engines, against local fakes of CinetPay and FedaPay that follow their
// documented protocols, both enabled in one app (FedaPay preferred where it operates — Bénin,
// Sénégal… — CinetPay for the rest — Mali, Cameroun…): success, refusal, cancellation, duplicated, forged, late and lost notifications, amount
// and currency mismatches. The status API alone grants anything; a payment is recorded once.
import type { CheckoutDto, SubscriptionOverviewDto } from "@domain/subscriptions.ts";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { timestampText } from "../../platform/db/row-schemas.ts";
import { checkouts } from "../../platform/db/schema/index.ts";
import { type FakeCinetPay, startFakeCinetPay } from "../../test/fake-cinetpay.ts";
import { type FakeFedaPay, startFakeFedaPay } from "../../test/fake-fedapay.ts";
import { BASE_URL, createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { waitForMail } from "../../test/mail.ts";
import { signUpMember } from "../../test/members.ts";
import { recheckPendingPayments } from "./settle.ts";

const CINETPAY = { apiKey: "cp_api_key_passerelle", siteId: "105900", secretKey: "cp_secret_passerelle" };
const FEDAPAY = { secretKey: "sk_sandbox_passerelle", webhookSecret: "wh_sandbox_passerelle" };

describeEachEngine("mobile money (CinetPay, FedaPay)", (engine) => {
  let t: TestApp;
  let cinetpay: FakeCinetPay;
  let fedapay: FakeFedaPay;
  beforeAll(async () => {
    // The fakes deliver notifications straight into the app, as the providers would over HTTP.
    const deliver = (url: string, init: RequestInit) => Promise.resolve(t.app.request(url, init));
    cinetpay = await startFakeCinetPay(CINETPAY, deliver);
    fedapay = await startFakeFedaPay(FEDAPAY, deliver);
    t = await createTestApp(engine, {
      CINETPAY_API_KEY: CINETPAY.apiKey,
      CINETPAY_SITE_ID: CINETPAY.siteId,
      CINETPAY_SECRET_KEY: CINETPAY.secretKey,
      CINETPAY_API_URL: cinetpay.url,
      FEDAPAY_SECRET_KEY: FEDAPAY.secretKey,
      FEDAPAY_WEBHOOK_SECRET: FEDAPAY.webhookSecret,
      FEDAPAY_API_URL: fedapay.url,
      MOBILE_MONEY_PROVIDERS: "fedapay,cinetpay",
      ALLOW_DEMO_PAYMENTS: "false",
    });
  });
  afterAll(async () => {
    await t.close();
    await cinetpay.close();
    await fedapay.close();
  });

  const db = () => t.deps.database.db;
  type Member = Awaited<ReturnType<typeof signUpMember>>;
  const memberIn = (country: string) => signUpMember(t, "female", { accountStatus: "trial", country });

  async function pay(m: Member, json: Record<string, unknown>) {
    return t.request("/api/subscription/checkout", { method: "POST", cookie: m.cookie, json });
  }
  async function open(m: Member, operator: string, plan = "3-mois", currency = "XOF") {
    const res = await pay(m, { plan, currency, method: "mobile-money", operator, returnTo: null });
    expect(res.status).toBe(201);
    return (await res.json()) as CheckoutDto;
  }
  const checkoutOf = async (m: Member, id: string) =>
    (await (
      await t.request(`/api/subscription/checkouts/${id}`, { cookie: m.cookie })
    ).json()) as CheckoutDto;
  const subscriptionsOf = (userId: string) =>
    queryRows(
      db(),
      z.strictObject({
        provider: z.string(),
        provider_ref: z.string(),
        amount: z.number(),
        currency: z.string(),
        method: z.string(),
        operator: z.string(),
      }),
      sql`SELECT provider, provider_ref, amount, currency, method, operator FROM subscriptions WHERE user_id = ${userId}`,
    );
  const statusOf = async (userId: string) =>
    (
      await queryRows(
        db(),
        z.strictObject({ s: z.string() }),
        sql`SELECT account_status AS s FROM profiles WHERE user_id = ${userId}`,
      )
    )[0]?.s;
  const auditOf = (checkoutId: string) =>
    queryRows(
      db(),
      z.strictObject({ action: z.string(), summary: z.string(), admin_id: z.string().nullable() }),
      sql`SELECT action, summary, admin_id FROM admin_audit WHERE target_id = ${checkoutId} ORDER BY created_at`,
    );
  const fedapayIdOf = (checkoutId: string) =>
    [...fedapay.transactions.values()].find((x) => x.custom_metadata.checkoutId === checkoutId)!.id;

  describe("choosing how to pay", () => {
    it("offers a member in Sénégal the FCFA prices and the operators of Sénégal, by name", async () => {
      const m = await memberIn("Sénégal");
      const o = (await (
        await t.request("/api/subscription", { cookie: m.cookie })
      ).json()) as SubscriptionOverviewDto;
      expect(o.paymentOptions).toEqual({
        country: "Sénégal",
        currency: "XOF",
        currencies: ["XOF"],
        methods: [
          {
            method: "mobile-money",
            currencies: ["XOF"],
            operators: [
              { id: "orange-money", label: "Orange Money" },
              { id: "wave", label: "Wave" },
              { id: "free-money", label: "Free Money" },
            ],
            demo: false,
          },
        ],
        localCardPricesFrom: null,
      });
      expect(o.plans.map((p) => p.prices.XOF)).toEqual([6500, 15000, 24000]);
    });

    it("refuses what the member’s country or currency does not offer, with a French message", async () => {
      const senegal = await memberIn("Sénégal");
      const france = await memberIn("France");
      const cases: [Member, Record<string, unknown>, number, string][] = [
        [senegal, { plan: "1-mois", currency: "XOF", method: "mobile-money" }, 400, "OPERATOR_REQUIRED"],
        [
          senegal,
          { plan: "1-mois", currency: "XOF", method: "mobile-money", operator: "mtn-momo" },
          400,
          "METHOD_UNAVAILABLE",
        ],
        [
          senegal,
          { plan: "1-mois", currency: "XAF", method: "mobile-money", operator: "wave" },
          400,
          "METHOD_UNAVAILABLE",
        ],
        [
          senegal,
          { plan: "1-mois", currency: "EUR", method: "mobile-money", operator: "wave" },
          400,
          "METHOD_UNAVAILABLE",
        ],
        [senegal, { plan: "1-mois", currency: "XOF", method: "card" }, 400, "METHOD_UNAVAILABLE"],
        [
          france,
          { plan: "1-mois", currency: "XOF", method: "mobile-money", operator: "wave" },
          400,
          "METHOD_UNAVAILABLE",
        ],
        [
          senegal,
          { plan: "1-mois", currency: "JPY", method: "mobile-money", operator: "wave" },
          400,
          "VALIDATION_ERROR",
        ],
        [
          senegal,
          { plan: "1-mois", currency: "XOF", method: "cash", operator: "wave" },
          400,
          "VALIDATION_ERROR",
        ],
        [
          senegal,
          { plan: "1-mois", currency: "XOF", method: "mobile-money", operator: "paypal" },
          400,
          "VALIDATION_ERROR",
        ],
        [
          senegal,
          { plan: "99-mois", currency: "XOF", method: "mobile-money", operator: "wave" },
          400,
          "UNKNOWN_PLAN",
        ],
      ];
      for (const [m, json, status, code] of cases) {
        const res = await pay(m, json);
        const { error } = (await res.json()) as { error: { code: string; message: string } };
        expect([res.status, error.code], JSON.stringify(json)).toEqual([status, code]);
        expect(error.message).toMatch(/^[A-Z][a-zé' ]+/);
      }
      expect(await db().$count(checkouts, inArray(checkouts.userId, [senegal.userId, france.userId]))).toBe(
        0,
      );
    });
  });

  describe("CinetPay (Mali, XOF)", () => {
    it("grants access once the status check says paid, and sends a receipt", async () => {
      const m = await memberIn("Mali");
      const c = await open(m, "orange-money");
      expect(c).toMatchObject({
        status: "pending",
        provider: "cinetpay",
        amount: 15000,
        currency: "XOF",
        operator: "orange-money",
      });
      const tx = cinetpay.transactions.get(c.id)!;
      expect(tx).toMatchObject({
        amount: 15000,
        currency: "XOF",
        notifyUrl: `${BASE_URL}/api/payments/cinetpay/notify`,
      });
      expect(c.url).toBe(`${cinetpay.url}/pay/${tx.paymentToken}`);

      cinetpay.settle(c.id, "ACCEPTED", "OMML");
      const res = await cinetpay.notify(c.id);
      expect(res.status).toBe(200);
      expect(await checkoutOf(m, c.id)).toMatchObject({ status: "paid" });
      expect(await subscriptionsOf(m.userId)).toEqual([
        {
          provider: "cinetpay",
          provider_ref: `cinetpay_${c.id}`,
          amount: 15000,
          currency: "XOF",
          method: "mobile-money",
          operator: "orange-money",
        },
      ]);
      expect(await statusOf(m.userId)).toBe("subscribed");
      expect((await t.request("/api/search", { cookie: m.cookie })).status).toBe(200);
      const mail = await waitForMail(t.dataDir, m.email, "Votre reçu Passerelle");
      expect(mail.subject).toMatch(/^Votre reçu Passerelle\s:\s15\s000\sFCFA$/);
      expect(mail.text).toMatch(/Moyen de paiement\s:\sOrange Money\n/);
      expect((await auditOf(c.id)).map((a) => [a.action, a.admin_id])).toEqual([
        ["payment.started", null],
        ["payment.paid", null],
      ]);
    });

    it("records one subscription however many times the notification comes, at once or later", async () => {
      const m = await memberIn("Mali");
      const c = await open(m, "moov-money", "1-mois");
      cinetpay.settle(c.id, "ACCEPTED", "FLOOZ");
      const answers = await Promise.all(Array.from({ length: 6 }, () => cinetpay.notify(c.id)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect((await cinetpay.notify(c.id)).status).toBe(200);
      await db().execute(
        sql`UPDATE checkouts SET next_check_at = now() - interval '1 second' WHERE id = ${c.id}`,
      );
      await recheckPendingPayments(t.deps);
      expect(await subscriptionsOf(m.userId)).toHaveLength(1);
      expect((await subscriptionsOf(m.userId))[0]?.operator).toBe("moov-money");
    });

    it("refuses forged notifications and never trusts a notification’s own fields", async () => {
      const m = await memberIn("Mali");
      const c = await open(m, "orange-money");
      const forged = await cinetpay.notify(c.id, { secret: "not-our-secret" });
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe("INVALID_SIGNATURE");
      // Signed with the right key but for another site.
      expect((await cinetpay.notify(c.id, { fields: { cpm_site_id: "999999" } })).status).toBe(400);
      // Correctly signed, claiming success, while CinetPay's status API says the member has not paid.
      const claim = await cinetpay.notify(c.id, {
        fields: { cpm_error_message: "SUCCES", cpm_amount: "15000" },
      });
      expect(claim.status).toBe(200);
      expect((await checkoutOf(m, c.id)).status).toBe("pending");
      expect(await subscriptionsOf(m.userId)).toEqual([]);
      expect(await statusOf(m.userId)).toBe("trial");
    });

    it("says why a refused or cancelled payment failed, and grants nothing", async () => {
      const m = await memberIn("Mali");
      const refused = await open(m, "orange-money");
      cinetpay.settle(refused.id, "REFUSED");
      expect((await cinetpay.notify(refused.id)).status).toBe(200);
      expect(await checkoutOf(m, refused.id)).toMatchObject({
        status: "failed",
        failureReason: "Le paiement a été refusé par l’opérateur",
      });
      const cancelled = await open(m, "moov-money");
      cinetpay.settle(cancelled.id, "CANCELLED");
      await cinetpay.notify(cancelled.id);
      expect(await checkoutOf(m, cancelled.id)).toMatchObject({ status: "cancelled" });
      expect(await subscriptionsOf(m.userId)).toEqual([]);
      expect((await auditOf(refused.id)).map((a) => a.action)).toEqual(["payment.started", "payment.failed"]);
      expect((await auditOf(cancelled.id)).map((a) => a.action)).toContain("payment.cancelled");
    });

    it("refuses a payment of another amount or currency than the plan’s", async () => {
      const m = await memberIn("Mali");
      const cheap = await open(m, "orange-money", "6-mois");
      cinetpay.transactions.get(cheap.id)!.amount = 6500;
      cinetpay.settle(cheap.id, "ACCEPTED");
      await cinetpay.notify(cheap.id);
      expect(await checkoutOf(m, cheap.id)).toMatchObject({ status: "failed" });
      const otherCurrency = await open(m, "orange-money", "1-mois");
      cinetpay.transactions.get(otherCurrency.id)!.currency = "XAF";
      cinetpay.settle(otherCurrency.id, "ACCEPTED");
      await cinetpay.notify(otherCurrency.id);
      expect(await checkoutOf(m, otherCurrency.id)).toMatchObject({ status: "failed" });
      expect(await subscriptionsOf(m.userId)).toEqual([]);
      expect((await auditOf(cheap.id)).map((a) => a.action)).toContain("payment.mismatch");
    });

    it("settles a payment whose notification never comes: the scheduled job, then the member’s page", async () => {
      const m = await memberIn("Mali");
      const c = await open(m, "orange-money");
      // Not due yet: the job leaves it (the notification usually comes within the minute).
      expect((await recheckPendingPayments(t.deps)).checked).toBe(0);
      cinetpay.settle(c.id, "ACCEPTED");
      await db().execute(
        sql`UPDATE checkouts SET next_check_at = now() - interval '1 second' WHERE id = ${c.id}`,
      );
      const run = await recheckPendingPayments(t.deps);
      expect(run).toMatchObject({ checked: 1, settled: 1 });
      expect(await statusOf(m.userId)).toBe("subscribed");
      const [row] = await queryRows(
        db(),
        z.strictObject({ check_attempts: z.number(), next_check_at: timestampText.nullable() }),
        sql`SELECT check_attempts, next_check_at FROM checkouts WHERE id = ${c.id}`,
      );
      expect(row).toEqual({ check_attempts: 1, next_check_at: null });

      // The member back on the confirmation page asks too (at most every 10 seconds).
      const other = await memberIn("Mali");
      const d = await open(other, "moov-money");
      cinetpay.settle(d.id, "ACCEPTED");
      await db().execute(
        sql`UPDATE checkouts SET created_at = now() - interval '1 minute' WHERE id = ${d.id}`,
      );
      expect(await checkoutOf(other, d.id)).toMatchObject({ status: "paid" });
    });

    it("keeps re-checking a pending payment with growing delays, then lets it expire", async () => {
      const m = await memberIn("Mali");
      const c = await open(m, "orange-money");
      const due = () =>
        db().execute(
          sql`UPDATE checkouts SET next_check_at = now() - interval '1 second' WHERE id = ${c.id}`,
        );
      const delays: number[] = [];
      for (let i = 0; i < 3; i++) {
        await due();
        await recheckPendingPayments(t.deps);
        const [r] = await queryRows(
          db(),
          z.strictObject({ s: z.number() }),
          sql`SELECT extract(epoch FROM next_check_at - now())::int AS s FROM checkouts WHERE id = ${c.id}`,
        );
        delays.push(Number(r?.s));
      }
      expect(delays[0]).toBeGreaterThan(100);
      expect(delays[1]).toBeGreaterThan(delays[0]!);
      expect(delays[2]).toBeGreaterThan(delays[1]!);
      expect((await checkoutOf(m, c.id)).status).toBe("pending");
      await db().execute(
        sql`UPDATE checkouts SET created_at = now() - interval '25 hours' WHERE id = ${c.id}`,
      );
      await due();
      await recheckPendingPayments(t.deps);
      expect(await checkoutOf(m, c.id)).toMatchObject({ status: "expired" });
      // A payment the operator confirms after that still gives access: the member paid.
      cinetpay.settle(c.id, "ACCEPTED");
      await cinetpay.notify(c.id);
      expect(await checkoutOf(m, c.id)).toMatchObject({ status: "paid" });
    });
  });

  describe("FedaPay (Bénin, XOF) in the same app", () => {
    it("routes Bénin and Sénégal to FedaPay, Mali and Cameroun (XAF) to CinetPay", async () => {
      const benin = await open(await memberIn("Bénin"), "mtn-momo");
      expect(benin).toMatchObject({ provider: "fedapay", amount: 15000, currency: "XOF" });
      expect(await open(await memberIn("Sénégal"), "wave")).toMatchObject({ provider: "fedapay" });
      expect(await open(await memberIn("Mali"), "orange-money")).toMatchObject({ provider: "cinetpay" });
      const cameroun = await open(await memberIn("Cameroun"), "orange-money", "3-mois", "XAF");
      expect(cameroun).toMatchObject({ provider: "cinetpay", amount: 15000, currency: "XAF" });
      expect(cinetpay.transactions.get(cameroun.id)?.currency).toBe("XAF");
    });

    it("grants access on a signed webhook confirmed by the API, once whatever the replays", async () => {
      const m = await memberIn("Bénin");
      const c = await open(m, "mtn-momo", "1-mois");
      const id = fedapayIdOf(c.id);
      expect(fedapay.transactions.get(id)).toMatchObject({ amount: 6500, currency: { iso: "XOF" } });
      fedapay.settle(id, "approved", "mtn_open");
      const hook = `${BASE_URL}/api/payments/fedapay/webhook`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => fedapay.sendEvent(hook, id)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await subscriptionsOf(m.userId)).toEqual([
        {
          provider: "fedapay",
          provider_ref: `fedapay_${id}`,
          amount: 6500,
          currency: "XOF",
          method: "mobile-money",
          operator: "mtn-momo",
        },
      ]);
      expect(await statusOf(m.userId)).toBe("subscribed");
    });

    it("refuses forged and late webhooks, and fails declined, cancelled and short payments", async () => {
      const m = await memberIn("Bénin");
      const hook = `${BASE_URL}/api/payments/fedapay/webhook`;
      const c = await open(m, "moov-money");
      const id = fedapayIdOf(c.id);
      fedapay.settle(id, "approved", "moov");
      expect((await fedapay.sendEvent(hook, id, { secret: "wh_sandbox_forged" })).status).toBe(400);
      const late = Math.floor(Date.now() / 1000) - 600;
      expect((await fedapay.sendEvent(hook, id, { timestamp: late })).status).toBe(400);
      expect((await checkoutOf(m, c.id)).status).toBe("pending");

      const declined = await open(m, "mtn-momo");
      fedapay.settle(fedapayIdOf(declined.id), "declined");
      await fedapay.sendEvent(hook, fedapayIdOf(declined.id));
      expect((await checkoutOf(m, declined.id)).status).toBe("failed");

      const cancelled = await open(m, "mtn-momo");
      fedapay.settle(fedapayIdOf(cancelled.id), "canceled");
      await fedapay.sendEvent(hook, fedapayIdOf(cancelled.id));
      expect((await checkoutOf(m, cancelled.id)).status).toBe("cancelled");

      const short = await open(m, "mtn-momo", "6-mois");
      fedapay.transactions.get(fedapayIdOf(short.id))!.amount = 100;
      fedapay.settle(fedapayIdOf(short.id), "approved");
      await fedapay.sendEvent(hook, fedapayIdOf(short.id));
      expect((await checkoutOf(m, short.id)).status).toBe("failed");

      expect(await subscriptionsOf(m.userId)).toEqual([]);
      expect(await statusOf(m.userId)).toBe("trial");
      // The forged one is still there to be paid: the job finds it approved.
      await db().execute(
        sql`UPDATE checkouts SET next_check_at = now() - interval '1 second' WHERE id = ${c.id}`,
      );
      await recheckPendingPayments(t.deps);
      expect((await checkoutOf(m, c.id)).status).toBe("paid");
    });

    it("ends the subscription of a payment refunded from FedaPay’s dashboard, once, on the API’s word (issue 33)", async () => {
      const m = await memberIn("Bénin");
      const hook = `${BASE_URL}/api/payments/fedapay/webhook`;
      const c = await open(m, "mtn-momo");
      const id = fedapayIdOf(c.id);
      fedapay.settle(id, "approved", "mtn_open");
      await fedapay.sendEvent(hook, id);
      expect(await statusOf(m.userId)).toBe("subscribed");
      const subscriptionStatus = async () =>
        (
          await queryRows(
            db(),
            z.strictObject({ status: z.string() }),
            sql`SELECT status FROM subscriptions WHERE checkout_id = ${c.id}::uuid`,
          )
        )[0]?.status;

      // Another delivery about the paid transaction, still approved at FedaPay: nothing changes.
      expect((await fedapay.sendEvent(hook, id)).status).toBe(200);
      expect(await subscriptionStatus()).toBe("active");
      // Refunded at FedaPay: a forged or stale delivery is refused before anything is asked.
      fedapay.settle(id, "refunded");
      expect((await fedapay.sendEvent(hook, id, { secret: "wh_sandbox_forged" })).status).toBe(400);
      const late = Math.floor(Date.now() / 1000) - 600;
      expect((await fedapay.sendEvent(hook, id, { timestamp: late })).status).toBe(400);
      expect(await subscriptionStatus()).toBe("active");
      // The genuine « transaction.refunded », delivered several times: one refund.
      const answers = await Promise.all(Array.from({ length: 3 }, () => fedapay.sendEvent(hook, id)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await subscriptionStatus()).toBe("refunded");
      expect(await statusOf(m.userId)).toBe("expired");
      const o = (await (
        await t.request("/api/subscription", { cookie: m.cookie })
      ).json()) as SubscriptionOverviewDto;
      expect(o.payments[0]).toMatchObject({ status: "refunded", currency: "XOF" });
      expect((await auditOf(c.id)).filter((a) => a.action === "payment.refunded")).toHaveLength(1);
      const [row] = await queryRows(
        db(),
        z.strictObject({ refunded: z.number() }),
        sql`SELECT refunded_amount AS refunded FROM checkouts WHERE id = ${c.id}::uuid`,
      );
      expect(row?.refunded).toBe(15000);
    });
  });
});
