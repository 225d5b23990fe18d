// Payments in the administration: the list of every checkout (search, filters, validation), the
// subscriptions' payment details, the month's revenue per currency, and the payment system's
// entries in the audit log.
import {
  type AdminList,
  type AdminPaymentRow,
  type AdminSubscriptionRow,
  type AuditEntryDto,
  type DashboardDto,
  PAYMENT_SYSTEM_ACTOR,
} from "@domain/admin.ts";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

interface CheckoutFields {
  plan: string;
  months: number;
  amount: number;
  currency: string;
  provider: string;
  method: string;
  operator: string | null;
  status: string;
  ref: string | null;
  failureReason: string | null;
  checkAttempts: number;
  nextCheckAt: Date | null;
  createdAt: Date;
}

describeOnEngine("admin: payments", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const get = async <T>(path: string) => {
    const res = await t.request(path, { cookie: admin.cookie });
    return { status: res.status, body: (await res.json()) as T };
  };
  const payments = async (query: string) =>
    (await get<AdminList<AdminPaymentRow>>(`/api/admin/payments?${query}`)).body;

  /** A checkout row, written the way the payment code leaves it; returns its id. */
  async function insertCheckout(userId: string, fields: Partial<CheckoutFields> = {}): Promise<string> {
    const f: CheckoutFields = {
      plan: "1-mois",
      months: 1,
      amount: 1999,
      currency: "EUR",
      provider: "stripe",
      method: "card",
      operator: null,
      status: "pending",
      ref: null,
      failureReason: null,
      checkAttempts: 0,
      nextCheckAt: null,
      createdAt: new Date(),
      ...fields,
    };
    const ts = (d: Date | null): SQL => (d ? sql`${d.toISOString()}::timestamptz` : sql`NULL`);
    const [row] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO checkouts (user_id, plan, months, amount, currency, provider, method, operator, status,
          provider_session_id, failure_reason, check_attempts, next_check_at, created_at, updated_at)
        VALUES (${userId}, ${f.plan}, ${f.months}, ${f.amount}, ${f.currency}, ${f.provider}, ${f.method},
          ${f.operator}, ${f.status}::checkout_status, ${f.ref}, ${f.failureReason}, ${f.checkAttempts},
          ${ts(f.nextCheckAt)}, ${ts(f.createdAt)}, ${ts(f.createdAt)})
        RETURNING id`,
    );
    return row!.id;
  }

  it("lists every payment attempt, newest first, with its member, state and provider’s reference", async () => {
    const tag = `pay${Date.now().toString(36)}`;
    const awa = await signUpMember(t, "female", { firstName: "Awa", lastName: tag, accountStatus: "trial" });
    const paul = await signUpMember(t, "male", { firstName: "Paul", lastName: tag, accountStatus: "trial" });
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const refused = await insertCheckout(awa.userId, {
      plan: "3-mois",
      months: 3,
      amount: 15_000,
      currency: "XOF",
      provider: "cinetpay",
      method: "mobile-money",
      operator: "orange-money",
      status: "failed",
      ref: `${tag}-cinetpay-1`,
      failureReason: "Solde insuffisant",
      createdAt: minutesAgo(30),
    });
    const paid = await insertCheckout(awa.userId, {
      amount: 6_500,
      currency: "XOF",
      provider: "cinetpay",
      method: "mobile-money",
      operator: "wave",
      status: "paid",
      ref: `${tag}-cinetpay-2`,
      createdAt: minutesAgo(20),
    });
    const waiting = await insertCheckout(paul.userId, {
      amount: 6_500,
      currency: "XAF",
      provider: "fedapay",
      method: "mobile-money",
      operator: "mtn-momo",
      status: "pending",
      ref: `${tag}-fedapay-1`,
      checkAttempts: 2,
      nextCheckAt: new Date(Date.now() + 5 * 60_000),
      createdAt: minutesAgo(10),
    });
    const abandoned = await insertCheckout(paul.userId, {
      amount: 6_500,
      currency: "XOF",
      provider: "fedapay",
      method: "mobile-money",
      status: "cancelled",
      ref: `fedapay_${tag}42`,
      createdAt: minutesAgo(5),
    });

    const all = await get<AdminList<AdminPaymentRow>>(`/api/admin/payments?q=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, totalCapped: false, page: 1, size: 25 });
    expect(all.body.data.map((p) => p.id)).toEqual([abandoned, waiting, paid, refused]);
    expect(all.body.data[1]).toEqual({
      id: waiting,
      member: { userId: paul.userId, email: paul.email, name: `Paul ${tag}`, photo: null, gender: "male" },
      plan: "1-mois",
      amount: 6_500,
      currency: "XAF",
      provider: "fedapay",
      method: "mobile-money",
      operator: "mtn-momo",
      status: "pending",
      failureReason: null,
      providerRef: `${tag}-fedapay-1`,
      refundedAmount: 0,
      dispute: null,
      reversedAt: null,
      checkAttempts: 2,
      nextCheckAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(all.body.data[3]).toMatchObject({
      status: "failed",
      failureReason: "Solde insuffisant",
      operator: "orange-money",
    });
    expect(all.body.data[0]).toMatchObject({
      status: "cancelled",
      method: "mobile-money",
      operator: null,
      providerRef: `fedapay_${tag}42`,
    });

    // Oldest first, and paged.
    const oldest = await payments(`q=${tag}&dir=asc&size=3&page=2`);
    expect(oldest.data.map((p) => p.id)).toEqual([abandoned]);
    expect(oldest.total).toBe(4);

    // Filters, alone and together.
    expect((await payments(`q=${tag}&status=paid`)).data.map((p) => p.id)).toEqual([paid]);
    expect((await payments(`q=${tag}&status=cancelled`)).data.map((p) => p.id)).toEqual([abandoned]);
    expect((await payments(`q=${tag}&provider=cinetpay`)).data.map((p) => p.id)).toEqual([paid, refused]);
    expect((await payments(`q=${tag}&currency=XAF`)).data.map((p) => p.id)).toEqual([waiting]);
    expect(
      (await payments(`q=${tag}&provider=cinetpay&status=failed&currency=XOF`)).data.map((p) => p.id),
    ).toEqual([refused]);
    expect((await payments(`q=${tag}&provider=stripe&currency=XOF`)).total).toBe(0);

    // The member's e-mail, the profile's name, the exact reference (not a part of it), the checkout id.
    expect((await payments(`q=${encodeURIComponent(awa.email)}`)).data.map((p) => p.id)).toEqual([
      paid,
      refused,
    ]);
    expect((await payments(`q=${encodeURIComponent(`Paul ${tag}`)}`)).data.map((p) => p.id)).toEqual([
      abandoned,
      waiting,
    ]);
    expect((await payments(`q=${tag}-fedapay-1`)).data.map((p) => p.id)).toEqual([waiting]);
    expect((await payments(`q=${tag}-fedapay`)).total).toBe(0);
    // The reference as the provider's dashboard shows it, without the prefix the payment code adds.
    expect((await payments(`q=${tag}42`)).data.map((p) => p.id)).toEqual([abandoned]);
    expect((await payments(`q=${refused}`)).data.map((p) => p.id)).toEqual([refused]);
  });

  it("refuses unknown filters and values with a French message", async () => {
    const status = await get<{ error: { code: string; message: string } }>(
      "/api/admin/payments?status=refused",
    );
    expect(status.status).toBe(400);
    expect(status.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Statut de paiement inconnu",
    });
    const provider = await get<{ error: { message: string } }>("/api/admin/payments?provider=paypal");
    expect(provider.body.error.message).toBe("Prestataire de paiement inconnu");
    const currency = await get<{ error: { message: string } }>("/api/admin/payments?currency=USD");
    expect(currency.body.error.message).toBe("Devise inconnue");
    const reversal = await get<{ error: { message: string } }>("/api/admin/payments?reversal=lost");
    expect(reversal.body.error.message).toBe("Filtre de remboursement inconnu");
    for (const bad of [
      "page=0",
      "size=101",
      "sort=amount",
      "dir=up",
      "currency=xof",
      "plan=1-mois",
      "extra=1",
    ]) {
      expect((await get(`/api/admin/payments?${bad}`)).status, bad).toBe(400);
    }
  });

  it("shows how each subscription was paid, and the month’s revenue per currency without free ones", async () => {
    const revenue = async () => (await get<DashboardDto>("/api/admin/dashboard")).body.revenueThisMonth;
    const before = await revenue();
    const member = await signUpMember(t, "female", { accountStatus: "trial" });
    const checkout = await insertCheckout(member.userId, {
      amount: 15_000,
      currency: "XOF",
      provider: "cinetpay",
      method: "mobile-money",
      operator: "orange-money",
      status: "paid",
      ref: `ref-${member.userId}`,
    });
    const subscription = async (fields: {
      provider: string;
      amount: number;
      currency: string;
      method: string | null;
      operator: string | null;
      ref: string;
      checkout?: string;
      /** Distinct creation times, so the list's order does not depend on the clock's resolution. */
      secondsAgo: number;
    }) =>
      db().execute(sql`INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref,
          amount, currency, method, operator, checkout_id, created_at)
        VALUES (${member.userId}, '3-mois', 'active', now(), now() + interval '3 months', ${fields.provider},
          ${fields.ref}, ${fields.amount}, ${fields.currency}, ${fields.method}, ${fields.operator},
          ${fields.checkout ?? null}::uuid, now() - ${fields.secondsAgo} * interval '1 second')`);
    await subscription({
      provider: "cinetpay",
      amount: 15_000,
      currency: "XOF",
      method: "mobile-money",
      operator: "orange-money",
      ref: `ref-${member.userId}`,
      checkout,
      secondsAgo: 3,
    });
    await subscription({
      provider: "stripe",
      amount: 4797,
      currency: "EUR",
      method: "card",
      operator: null,
      ref: `cs_${member.userId}`,
      secondsAgo: 2,
    });
    await subscription({
      provider: "fedapay",
      amount: 6500,
      currency: "XAF",
      method: "mobile-money",
      operator: "mtn-momo",
      ref: `fp_${member.userId}`,
      secondsAgo: 1,
    });
    const granted = await t.request("/api/admin/subscriptions/grant", {
      method: "POST",
      cookie: admin.cookie,
      json: { userId: member.userId, months: 1 },
    });
    expect(((await granted.json()) as AdminSubscriptionRow).providerRef).toMatch(/^admin_/);

    const list = await get<AdminList<AdminSubscriptionRow>>(
      `/api/admin/subscriptions?q=${encodeURIComponent(member.email)}&sort=created_at&dir=asc`,
    );
    expect(
      list.body.data.map(({ provider, method, operator, amount, currency }) => ({
        provider,
        method,
        operator,
        amount,
        currency,
      })),
    ).toEqual([
      {
        provider: "cinetpay",
        method: "mobile-money",
        operator: "orange-money",
        amount: 15_000,
        currency: "XOF",
      },
      { provider: "stripe", method: "card", operator: null, amount: 4797, currency: "EUR" },
      { provider: "fedapay", method: "mobile-money", operator: "mtn-momo", amount: 6500, currency: "XAF" },
      { provider: "admin", method: null, operator: null, amount: 0, currency: "EUR" },
    ]);
    expect(list.body.data[0]?.providerRef).toBe(`ref-${member.userId}`);

    const amountOf = (r: DashboardDto["revenueThisMonth"], currency: string) =>
      r.find((x) => x.currency === currency)?.amount ?? 0;
    const after = await revenue();
    expect(after.map((r) => r.currency)).toEqual(["EUR", "XOF", "XAF"]);
    expect(amountOf(after, "EUR") - amountOf(before, "EUR")).toBe(4797);
    expect(amountOf(after, "XOF") - amountOf(before, "XOF")).toBe(15_000);
    expect(amountOf(after, "XAF") - amountOf(before, "XAF")).toBe(6500);

    // Refunds come off the month's revenue (issue 33): in part, by the amount refunded; in full or
    // charged back, the whole payment.
    await db().execute(
      sql`UPDATE checkouts SET refunded_amount = 5000, reversed_at = now() WHERE id = ${checkout}::uuid`,
    );
    await db().execute(
      sql`UPDATE subscriptions SET status = 'refunded' WHERE provider_ref = ${`cs_${member.userId}`}`,
    );
    const net = await revenue();
    expect(amountOf(net, "EUR") - amountOf(before, "EUR")).toBe(0);
    expect(amountOf(net, "XOF") - amountOf(before, "XOF")).toBe(10_000);
    const suspendedOrRefunded = await get<AdminList<AdminSubscriptionRow>>(
      `/api/admin/subscriptions?q=${encodeURIComponent(member.email)}&status=refunded`,
    );
    expect(suspendedOrRefunded.body.data.map((r) => [r.provider, r.status])).toEqual([
      ["stripe", "refunded"],
    ]);
  });

  it("lists the payment system’s audit entries, which have no administrator", async () => {
    const member = await signUpMember(t, "female", { accountStatus: "trial" });
    const checkout = await insertCheckout(member.userId, {
      status: "paid",
      provider: "cinetpay",
      currency: "XOF",
      amount: 6500,
      method: "mobile-money",
      operator: "orange-money",
    });
    await db().execute(sql`INSERT INTO admin_audit (admin_id, admin_email, action, target_type, target_id, summary)
      VALUES (NULL, ${PAYMENT_SYSTEM_ACTOR}, 'payment.paid', 'checkout', ${checkout}, ${`CinetPay · Orange Money · 6 500 FCFA · 1 mois · ${member.email}`})`);
    const audit = await get<AdminList<AuditEntryDto>>("/api/admin/audit?action=payment.paid");
    expect(audit.body.data[0]).toMatchObject({
      admin: { id: null, email: PAYMENT_SYSTEM_ACTOR },
      action: "payment.paid",
      targetType: "checkout",
      targetId: checkout,
    });
    expect((await get<DashboardDto>("/api/admin/dashboard")).body.latestActions[0]?.targetId).toBe(checkout);
    // The entry's target opens in the payments list.
    expect((await payments(`q=${checkout}`)).data.map((p) => p.id)).toEqual([checkout]);
  });
});
