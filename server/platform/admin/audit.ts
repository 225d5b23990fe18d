// The audit log: one row per administrator action, written in the same transaction as the action
// so that no change goes unrecorded. The payment code writes its state changes here too, without an
// administrator (admin_id NULL, admin_email PAYMENT_SYSTEM_ACTOR, target the checkout).
import { ADMIN_PAGE_SIZE, type AdminList, type AuditEntryDto } from "@domain/admin.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../db/client.ts";
import { timestampText, uuid } from "../db/row-schemas.ts";
import { adminAudit } from "../db/schema/index.ts";
import { cappedTotal } from "./list-query.ts";

export interface Actor {
  id: string;
  email: string;
}

export async function audit(
  db: Db,
  actor: Actor,
  action: string,
  target: { type: string; id: string | null },
  summary: string,
): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: actor.id,
    adminEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    summary: summary.slice(0, 300),
  });
}

/** A COLUMNS row. */
const auditRow = z.strictObject({
  id: uuid,
  adminId: z.string().nullable(),
  adminEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  createdAt: timestampText,
});
type AuditRow = z.output<typeof auditRow>;

const toDto = (r: AuditRow): AuditEntryDto => ({
  id: r.id,
  admin: { id: r.adminId, email: r.adminEmail },
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  summary: r.summary,
  createdAt: new Date(r.createdAt).toISOString(),
});

const COLUMNS = sql`id, admin_id AS "adminId", admin_email AS "adminEmail", action, target_type AS "targetType",
  target_id AS "targetId", summary, created_at AS "createdAt"`;

/**
 * The dashboard's latest actions. Opened payments are left out: there is one per click on a plan,
 * they would push the administrators' actions out of view, and the payments list shows them.
 */
export async function latestAudit(db: Db, limit: number): Promise<AuditEntryDto[]> {
  const rows = await queryRows(
    db,
    auditRow,
    sql`SELECT ${COLUMNS} FROM admin_audit WHERE action <> 'payment.started' ORDER BY created_at DESC LIMIT ${limit}`,
  );
  return rows.map(toDto);
}

export async function listAudit(
  db: Db,
  opts: { action?: string | undefined; page: number; size?: number },
): Promise<AdminList<AuditEntryDto>> {
  const size = opts.size ?? ADMIN_PAGE_SIZE;
  const where = opts.action ? sql`WHERE action = ${opts.action}` : sql``;
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      auditRow,
      sql`SELECT ${COLUMNS} FROM admin_audit ${where} ORDER BY created_at DESC LIMIT ${size} OFFSET ${(opts.page - 1) * size}`,
    ),
    cappedTotal(db, sql`SELECT 1 FROM admin_audit ${where}`),
  ]);
  return { data: rows.map(toDto), ...total, page: opts.page, size };
}
