// The dashboard's figures. Per-day series are grouped by Paris calendar day over 30 days.
// Counting every profile, country and day costs about a second and a half at 1,000,000 members
// (docs/admin-lists.md), so the figures are computed at most once per DASHBOARD_CACHE_SECONDS per
// instance and per database; the latest admin actions are always read fresh.
import type { DashboardDto } from "@domain/admin.ts";
import { CURRENCIES, isCurrency } from "@domain/money.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { latestAudit } from "../../platform/admin/audit.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { dateText } from "../../platform/db/row-schemas.ts";

const DAYS = 30;

async function perDay(db: Db, table: "user" | "messages"): Promise<{ day: string; count: number }[]> {
  const t = sql.raw(`"${table}"`);
  return queryRows(
    db,
    z.strictObject({ day: dateText, count: z.number().int() }),
    sql`WITH days AS (
        SELECT generate_series((now() AT TIME ZONE 'Europe/Paris')::date - ${DAYS - 1}::int,
          (now() AT TIME ZONE 'Europe/Paris')::date, interval '1 day')::date AS day)
      SELECT d.day::text AS day, coalesce(c.n, 0)::int AS count FROM days d
      LEFT JOIN (SELECT (created_at AT TIME ZONE 'Europe/Paris')::date AS day, count(*) AS n FROM ${t}
        WHERE created_at >= now() - interval '31 days' GROUP BY 1) c ON c.day = d.day
      ORDER BY d.day`,
  );
}

type Figures = Omit<DashboardDto, "latestActions">;

const cached = new WeakMap<Db, { until: number; figures: Promise<Figures> }>();

export async function dashboard(db: Db, cacheSeconds: number): Promise<DashboardDto> {
  const now = Date.now();
  let entry = cacheSeconds > 0 ? cached.get(db) : undefined;
  if (!entry || entry.until <= now) {
    const figures = computeFigures(db);
    entry = { until: now + cacheSeconds * 1000, figures };
    if (cacheSeconds > 0) cached.set(db, entry);
    // A failed computation is not kept.
    figures.catch(() => {
      if (cached.get(db) === entry) cached.delete(db);
    });
  }
  const [figures, latestActions] = await Promise.all([entry.figures, latestAudit(db, 10)]);
  return { ...figures, latestActions };
}

async function computeFigures(db: Db): Promise<Figures> {
  const figuresAt = new Date().toISOString();
  const count = z.number().int();
  const [totals] = await queryRows(
    db,
    z.strictObject({
      total: count,
      trial: count,
      subscribed: count,
      expired: count,
      male: count,
      female: count,
      unknown: count,
      activeSubscriptions: count,
      pendingVerifications: count,
      pendingPhotoReviews: count,
      openDisputes: count,
      // json_agg: sum(amount) is a JSON number for both drivers.
      revenue: z.array(z.strictObject({ currency: z.string(), amount: z.number() })),
    }),
    sql`SELECT
        (SELECT count(*) FROM "user" WHERE role = 'user')::int AS total,
        count(*) FILTER (WHERE account_status = 'trial')::int AS trial,
        count(*) FILTER (WHERE account_status = 'subscribed')::int AS subscribed,
        count(*) FILTER (WHERE account_status = 'expired')::int AS expired,
        count(*) FILTER (WHERE gender = 'male')::int AS male,
        count(*) FILTER (WHERE gender = 'female')::int AS female,
        count(*) FILTER (WHERE gender IS NULL)::int AS unknown,
        (SELECT count(*) FROM subscriptions WHERE status = 'active' AND end_date > now())::int AS "activeSubscriptions",
        (SELECT count(*) FROM verifications WHERE outcome = 'review' AND decided_at IS NULL)::int AS "pendingVerifications",
        (SELECT count(*) FROM photo_reviews WHERE status = 'pending')::int AS "pendingPhotoReviews",
        (SELECT count(*) FROM checkouts WHERE reversed_at IS NOT NULL AND dispute_status = 'open')::int AS "openDisputes",
        (SELECT coalesce(json_agg(json_build_object('currency', r.currency, 'amount', r.amount)), '[]'::json)
          FROM (SELECT upper(s.currency) AS currency,
              sum(CASE WHEN s.status = 'refunded' THEN 0 ELSE s.amount - coalesce(c.refunded_amount, 0) END) AS amount
            FROM subscriptions s LEFT JOIN checkouts c ON c.id = s.checkout_id
            WHERE s.created_at >= date_trunc('month', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris'
              AND s.provider <> 'admin'
            GROUP BY 1 HAVING sum(CASE WHEN s.status = 'refunded' THEN 0 ELSE s.amount - coalesce(c.refunded_amount, 0) END) > 0) r) AS revenue
      FROM profiles`,
  );
  const byCountry = await queryRows(
    db,
    z.strictObject({ country: z.string(), count }),
    sql`SELECT country, count(*)::int AS count FROM profiles WHERE country <> '' GROUP BY country ORDER BY count DESC, country LIMIT 10`,
  );
  const [signupsPerDay, messagesPerDay] = await Promise.all([perDay(db, "user"), perDay(db, "messages")]);
  const t = totals!;
  return {
    members: {
      total: t.total,
      byStatus: { trial: t.trial, subscribed: t.subscribed, expired: t.expired },
      byGender: { male: t.male, female: t.female, unknown: t.unknown },
      byCountry,
    },
    signupsPerDay,
    messagesPerDay,
    activeSubscriptions: t.activeSubscriptions,
    pendingVerifications: t.pendingVerifications,
    pendingPhotoReviews: t.pendingPhotoReviews,
    openDisputes: t.openDisputes,
    revenueThisMonth: t.revenue
      .flatMap(({ currency, amount }) => (isCurrency(currency) ? [{ currency, amount }] : []))
      .sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency)),
    figuresAt,
  };
}
