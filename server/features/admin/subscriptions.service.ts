// Administration of subscriptions: the list, and granting, extending or cancelling by hand. After
import { ADMIN_MSG } from "@domain/admin.ts";
// each change check_user_subscription recomputes the member's status, so account_status always
// follows the subscriptions table.

import { randomUUID } from "node:crypto";
import type { AdminList, AdminSubscriptionRow } from "@domain/admin.ts";
import { addMonths, SUBSCRIPTION_STATES } from "@domain/subscriptions.ts";
import { UUID } from "@domain/uuid.ts";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { cappedTotal, likePattern, listBase, orderBy } from "../../platform/admin/list-query.ts";
import { memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { profiles, subscriptionStatusEnum, subscriptions, user } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import {
  checkUserSubscription,
  currencyColumn,
  methodColumn,
  nextPeriodStart,
  operatorColumn,
  subscriptionProviderColumn,
} from "../billing/index.ts";

export const subscriptionListShape = {
  ...listBase,
  status: z.enum(SUBSCRIPTION_STATES, { error: "Statut inconnu" }).optional(),
  plan: z.string().trim().min(1).max(40).optional(),
  sort: z.enum(["created_at", "start_date", "end_date"], { error: "Tri inconnu" }).default("created_at"),
};
export type SubscriptionListQuery = z.output<z.ZodObject<typeof subscriptionListShape>>;

const months = z
  .number({ error: "Durée invalide" })
  .int("Durée invalide")
  .min(1, "Au moins un mois")
  .max(24, "24 mois au maximum");
export const grantSchema = z.strictObject({
  userId: z.string({ error: "Membre manquant" }).min(1, "Membre manquant").max(64),
  months,
  plan: z.string().min(1).max(40).optional(),
});
export const extendSchema = z.strictObject({ months });

/** A COLUMNS row. */
const subscriptionRow = z.strictObject({
  id: uuid,
  userId: z.string(),
  plan: z.string(),
  status: z.enum(subscriptionStatusEnum.enumValues),
  startDate: timestampText,
  endDate: timestampText,
  provider: subscriptionProviderColumn,
  method: methodColumn.nullable(),
  operator: operatorColumn.nullable(),
  amount: z.number().int(),
  currency: currencyColumn,
  providerRef: z.string(),
  createdAt: timestampText,
  member: memberRefRow,
});
type Row = z.output<typeof subscriptionRow>;

const COLUMNS = sql`s.id, s.user_id AS "userId", s.plan, s.status, s.start_date AS "startDate", s.end_date AS "endDate",
  s.provider, s.method, s.operator, s.amount, upper(s.currency) AS currency, s.provider_ref AS "providerRef",
  s.created_at AS "createdAt", ${memberRefJson(sql`s.user_id`)} AS member`;

const iso = (v: string) => new Date(v).toISOString();
function toDto(r: Row, storage: Storage): AdminSubscriptionRow {
  return {
    id: r.id,
    member: toMemberRef(r.member, storage),
    plan: r.plan,
    status: r.status,
    startDate: iso(r.startDate),
    endDate: iso(r.endDate),
    provider: r.provider,
    method: r.method,
    operator: r.operator,
    amount: r.amount,
    currency: r.currency,
    providerRef: r.providerRef,
    createdAt: iso(r.createdAt),
  };
}

export async function listSubscriptions(
  db: Db,
  storage: Storage,
  q: SubscriptionListQuery,
): Promise<AdminList<AdminSubscriptionRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (q.q) {
    const pattern = likePattern(q.q);
    where.push(
      sql`s.user_id IN (SELECT id FROM "user" WHERE email ILIKE ${pattern} OR name ILIKE ${pattern})`,
    );
  }
  if (q.status) where.push(sql`s.status = ${q.status}`);
  if (q.plan) where.push(sql`s.plan = ${q.plan}`);
  const from = sql`FROM subscriptions s WHERE ${sql.join(where, sql` AND `)}`;
  const order = orderBy(
    { created_at: sql`s.created_at`, start_date: sql`s.start_date`, end_date: sql`s.end_date` },
    q.sort,
    q.dir,
    sql`s.id`,
  );
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      subscriptionRow,
      sql`SELECT ${COLUMNS} ${from} ${order} LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return { data: rows.map((r) => toDto(r, storage)), ...total, page: q.page, size: q.size };
}

const subscriptionNotFound = () => new AppError(404, "NOT_FOUND", ADMIN_MSG.SUBSCRIPTION_NOT_FOUND);

async function getOne(db: Db, storage: Storage, id: string): Promise<AdminSubscriptionRow> {
  const [row] = await queryRows(
    db,
    subscriptionRow,
    sql`SELECT ${COLUMNS} FROM subscriptions s WHERE s.id = ${id}::uuid`,
  );
  if (!row) throw subscriptionNotFound();
  return toDto(row, storage);
}

/** A free subscription of `months`, starting at the end of a running one (or now). */
export async function grantSubscription(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: z.output<typeof grantSchema>,
): Promise<AdminSubscriptionRow> {
  const id = await inTransaction(db, async (tx) => {
    const [member] = await tx
      .select({ email: user.email, profileOf: profiles.userId })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, input.userId))
      .for("update", { of: user });
    if (!member) throw new AppError(404, "NOT_FOUND", ADMIN_MSG.ACCOUNT_NOT_FOUND);
    if (member.profileOf === null)
      await tx.insert(profiles).values({ userId: input.userId }).onConflictDoNothing();
    const startDate = await nextPeriodStart(tx, input.userId);
    const endDate = addMonths(startDate, input.months);
    const [row] = await tx
      .insert(subscriptions)
      .values({
        userId: input.userId,
        plan: input.plan ?? `${input.months}-mois`,
        status: "active",
        startDate,
        endDate,
        provider: "admin",
        providerRef: `admin_${randomUUID()}`,
        amount: 0,
        currency: "EUR",
      })
      .returning({ id: subscriptions.id });
    await checkUserSubscription(tx, input.userId);
    await audit(
      tx,
      actor,
      "subscription.grant",
      { type: "user", id: input.userId },
      `${member.email} : ${input.months} mois offerts`,
    );
    return row!.id;
  });
  return getOne(db, storage, id);
}

export async function extendSubscription(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  monthsToAdd: number,
): Promise<AdminSubscriptionRow> {
  if (!UUID.test(id)) throw subscriptionNotFound();
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ userId: subscriptions.userId, endDate: subscriptions.endDate, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update");
    if (!row) throw subscriptionNotFound();
    if (row.status === "cancelled")
      throw new AppError(409, "VALIDATION_ERROR", ADMIN_MSG.CANCELLED_NOT_EXTENDABLE);
    // Its payment was taken back (or is being): extending it would give the time without the payment.
    if (row.status === "refunded" || row.status === "suspended")
      throw new AppError(409, "VALIDATION_ERROR", ADMIN_MSG.REVERSED_NOT_EXTENDABLE);
    // An ended subscription is extended from today, not from its past end date.
    const from = new Date(Math.max(row.endDate.getTime(), Date.now()));
    const end = addMonths(from, monthsToAdd);
    await tx.update(subscriptions).set({ endDate: end, status: "active" }).where(eq(subscriptions.id, id));
    await checkUserSubscription(tx, row.userId);
    await audit(tx, actor, "subscription.extend", { type: "subscription", id }, `+${monthsToAdd} mois`);
  });
  return getOne(db, storage, id);
}

export async function cancelSubscription(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<AdminSubscriptionRow> {
  if (!UUID.test(id)) throw subscriptionNotFound();
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: "cancelled" })
      .where(eq(subscriptions.id, id))
      .returning({ userId: subscriptions.userId });
    if (!row) throw subscriptionNotFound();
    await checkUserSubscription(tx, row.userId);
    await audit(tx, actor, "subscription.cancel", { type: "subscription", id }, "Abonnement annulé");
  });
  return getOne(db, storage, id);
}
