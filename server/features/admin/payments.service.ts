// The payments list of the administration: every checkout (one payment attempt) and where it
// stands, newest first, to answer a member who says they paid (search by their e-mail, or by the
// reference their receipt or operator SMS shows). Read-only: the payment code alone changes them.

import {
  type AdminList,
  type AdminPaymentRow,
  PAYMENT_REVERSALS,
  PAYMENT_STATUSES,
  type PaymentReversal,
} from "@domain/admin.ts";
import { CURRENCIES } from "@domain/money.ts";
import { PROVIDER_NAMES } from "@domain/payments.ts";
import { UUID } from "@domain/uuid.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { cappedTotal, likePattern, listBase, orderBy } from "../../platform/admin/list-query.ts";
import { memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { checkoutStatusEnum } from "../../platform/db/schema/index.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { currencyColumn, methodColumn, operatorColumn, providerColumn } from "../billing/index.ts";

export const paymentListShape = {
  ...listBase,
  status: z.enum(PAYMENT_STATUSES, { error: "Statut de paiement inconnu" }).optional(),
  provider: z.enum(PROVIDER_NAMES, { error: "Prestataire de paiement inconnu" }).optional(),
  currency: z.enum(CURRENCIES, { error: "Devise inconnue" }).optional(),
  /** Refunded (in full or in part), a chargeback open, or charged back (issue 33). */
  reversal: z.enum(PAYMENT_REVERSALS, { error: "Filtre de remboursement inconnu" }).optional(),
  sort: z.enum(["created_at"], { error: "Tri inconnu" }).default("created_at"),
};
export type PaymentListQuery = z.output<z.ZodObject<typeof paymentListShape>>;

/** A COLUMNS row. */
const paymentRow = z.strictObject({
  id: uuid,
  plan: z.string(),
  amount: z.number().int(),
  currency: currencyColumn,
  provider: providerColumn,
  method: methodColumn,
  operator: operatorColumn.nullable(),
  status: z.enum(checkoutStatusEnum.enumValues),
  failureReason: z.string().nullable(),
  providerRef: z.string().nullable(),
  refundedAmount: z.number().int(),
  dispute: z.enum(["open", "won", "lost"]).nullable(),
  reversedAt: timestampText.nullable(),
  checkAttempts: z.number().int(),
  nextCheckAt: timestampText.nullable(),
  createdAt: timestampText,
  updatedAt: timestampText,
  member: memberRefRow,
});
type Row = z.output<typeof paymentRow>;

const COLUMNS = sql`c.id, c.plan, c.amount, c.currency, c.provider, c.method, c.operator, c.status,
  c.failure_reason AS "failureReason", c.provider_session_id AS "providerRef",
  c.refunded_amount AS "refundedAmount", c.dispute_status AS dispute, c.reversed_at AS "reversedAt", c.check_attempts AS "checkAttempts",
  c.next_check_at AS "nextCheckAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  ${memberRefJson(sql`c.user_id`)} AS member`;

const iso = (v: string) => new Date(v).toISOString();
function toDto(r: Row, storage: Storage): AdminPaymentRow {
  return {
    id: r.id,
    member: toMemberRef(r.member, storage),
    plan: r.plan,
    amount: r.amount,
    currency: r.currency,
    provider: r.provider,
    method: r.method,
    operator: r.operator,
    status: r.status,
    failureReason: r.failureReason,
    providerRef: r.providerRef,
    refundedAmount: r.refundedAmount,
    dispute: r.dispute,
    reversedAt: r.reversedAt ? iso(r.reversedAt) : null,
    checkAttempts: r.checkAttempts,
    nextCheckAt: r.nextCheckAt ? iso(r.nextCheckAt) : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * `q`: the member's e-mail or name (account or profile), or the exact reference of the payment at
 * its provider — as stored, or as the provider's dashboard shows it, without the « fedapay_ »-like
 * prefix the payment code adds — or the checkout's own id (the audit log's target). A set of
 * checkout ids, one arm per index (provider_session_id's unique index, checkouts_user_idx), rather
 * than an OR that neither index could answer.
 */
function searchCondition(q: string): SQL {
  const pattern = likePattern(q);
  const refs = [q, ...PROVIDER_NAMES.map((p) => `${p}_${q}`)].map((r) => sql`${r}`);
  const arms = [
    sql`SELECT id FROM checkouts WHERE provider_session_id IN (${sql.join(refs, sql`, `)})`,
    sql`SELECT id FROM checkouts WHERE user_id IN (
      SELECT id FROM "user" WHERE email ILIKE ${pattern} OR name ILIKE ${pattern}
      UNION ALL SELECT user_id FROM profiles WHERE (first_name || ' ' || last_name) ILIKE ${pattern})`,
  ];
  if (UUID.test(q)) arms.push(sql`SELECT ${q}::uuid`);
  return sql`c.id IN (${sql.join(arms, sql` UNION ALL `)})`;
}

/** Every reversed payment has reversed_at (checkouts_reversed_idx holds only those). */
function reversalCondition(reversal: PaymentReversal): SQL {
  switch (reversal) {
    case "refunded":
      return sql`c.reversed_at IS NOT NULL AND c.refunded_amount > 0`;
    case "disputed":
      return sql`c.reversed_at IS NOT NULL AND c.dispute_status = 'open'`;
    case "charged-back":
      return sql`c.reversed_at IS NOT NULL AND c.dispute_status = 'lost'`;
  }
}

export async function listPayments(
  db: Db,
  storage: Storage,
  q: PaymentListQuery,
): Promise<AdminList<AdminPaymentRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (q.q) where.push(searchCondition(q.q));
  if (q.status) where.push(sql`c.status = ${q.status}`);
  if (q.provider) where.push(sql`c.provider = ${q.provider}`);
  if (q.currency) where.push(sql`c.currency = ${q.currency}`);
  if (q.reversal) where.push(reversalCondition(q.reversal));
  const from = sql`FROM checkouts c WHERE ${sql.join(where, sql` AND `)}`;
  const order = orderBy({ created_at: sql`c.created_at` }, q.sort, q.dir, sql`c.id`);
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      paymentRow,
      sql`SELECT ${COLUMNS} ${from} ${order} LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return { data: rows.map((r) => toDto(r, storage)), ...total, page: q.page, size: q.size };
}
