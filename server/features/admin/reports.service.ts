// The moderation queue (« Signalements »): reports newest first with the reported content and its
import { ADMIN_MSG } from "@domain/admin.ts";
// context, a workflow pending → in review → action taken (ban, photo removed, warning) or
// dismissed, every step in the audit log. Members reported by several people stand out.

import type { AdminList } from "@domain/admin.ts";
import {
  type AdminReportDetail,
  type AdminReportRow,
  REPORT_ACTION_LABELS,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUS_LABELS,
} from "@domain/safety.ts";
import { cleanParagraphs } from "@domain/text.ts";
import { UUID } from "@domain/uuid.ts";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { cappedTotal, listBase } from "../../platform/admin/list-query.ts";
import { memberRefJson, memberRefRow, toMemberRef } from "../../platform/admin/member-ref.ts";
import { inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { profiles, reportStatusEnum, reports, user } from "../../platform/db/schema/index.ts";
import { warningMail } from "../../platform/email/templates.ts";
import { AppError } from "../../platform/http/errors.ts";
import { moderatedText } from "../messages/index.ts";
import { photoDto } from "../photos/index.ts";
import { removeProfilePhoto } from "./profiles.service.ts";
import { banUser } from "./users.service.ts";

export const reportListShape = {
  ...listBase,
  status: z
    .enum(["pending", "in_review", "action_taken", "dismissed", "open"], { error: "Statut inconnu" })
    .optional(),
  reason: z.string().max(40).optional(),
};
export const reportStatusSchema = z.strictObject({
  status: z.enum(["in_review", "dismissed"], { error: "Statut inconnu" }),
  note: z.string().transform(cleanParagraphs).pipe(z.string().max(1000)).optional(),
});
export const reportActionSchema = z.strictObject({
  action: z.enum(REPORT_ACTIONS, { error: "Mesure inconnue" }),
  note: z.string().transform(cleanParagraphs).pipe(z.string().max(1000)).optional(),
  photoKey: z.string().max(300).optional(),
});

/** A COLUMNS row. */
const reportRow = z.strictObject({
  id: uuid,
  // The members' reasons, and « spam » from the automatic detection.
  reason: z.enum([...REPORT_REASONS, "spam"]),
  status: z.enum(reportStatusEnum.enumValues),
  action: z.enum(REPORT_ACTIONS).nullable(),
  reporter: memberRefRow,
  reported: memberRefRow,
  reportedId: z.string().nullable(),
  reportedLabel: z.string(),
  reportersOfMember: z.number().int(),
  details: z.string(),
  messageExcerpt: z.string().nullable(),
  messageId: uuid.nullable(),
  matchId: uuid.nullable(),
  note: z.string().nullable(),
  handledBy: z.string().nullable(),
  createdAt: timestampText,
  handledAt: timestampText.nullable(),
});
type Row = z.output<typeof reportRow>;

const COLUMNS = sql`r.id, r.reason, r.status, r.action, r.reported_id AS "reportedId", r.reported_label AS "reportedLabel",
  r.details, r.message_excerpt AS "messageExcerpt", r.message_id AS "messageId", r.match_id AS "matchId", r.note,
  (SELECT email FROM "user" WHERE id = r.handled_by) AS "handledBy", r.created_at AS "createdAt", r.handled_at AS "handledAt",
  CASE WHEN r.reporter_id IS NULL THEN NULL ELSE ${memberRefJson(sql`r.reporter_id`)} END AS reporter,
  CASE WHEN r.reported_id IS NULL THEN NULL ELSE ${memberRefJson(sql`r.reported_id`)} END AS reported,
  (SELECT count(DISTINCT x.reporter_id) FROM reports x WHERE x.reported_id = r.reported_id)::int AS "reportersOfMember"`;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: Row, deps: Pick<AppDeps, "storage">): AdminReportRow {
  return {
    id: r.id,
    reason: r.reason,
    status: r.status,
    action: r.action,
    reporter: r.reporter ? toMemberRef(r.reporter, deps.storage) : null,
    reported: r.reported ? toMemberRef(r.reported, deps.storage) : null,
    reportedLabel: r.reportedLabel,
    reportersOfMember: r.reportersOfMember,
    details: r.details,
    messageExcerpt: r.messageExcerpt,
    createdAt: iso(r.createdAt)!,
    handledAt: iso(r.handledAt),
  };
}

export async function listReports(
  deps: Pick<AppDeps, "database" | "storage">,
  q: z.output<z.ZodObject<typeof reportListShape>>,
): Promise<AdminList<AdminReportRow>> {
  const { db } = deps.database;
  const where: SQL[] = [sql`TRUE`];
  if (q.status === "open") where.push(sql`r.status IN ('pending', 'in_review')`);
  else if (q.status) where.push(sql`r.status = ${q.status}`);
  if (q.reason) where.push(sql`r.reason = ${q.reason}`);
  const from = sql`FROM reports r WHERE ${sql.join(where, sql` AND `)}`;
  // Open reports first, the most reported members first among them, then the newest.
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      reportRow,
      sql`SELECT ${COLUMNS} ${from}
        ORDER BY (r.status IN ('pending', 'in_review')) DESC, "reportersOfMember" DESC, r.created_at DESC, r.id DESC
        LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  return { data: rows.map((r) => toRow(r, deps)), ...total, page: q.page, size: q.size };
}

const reportNotFound = () => new AppError(404, "NOT_FOUND", ADMIN_MSG.REPORT_NOT_FOUND);

export async function getReport(
  deps: Pick<AppDeps, "database" | "storage">,
  id: string,
): Promise<AdminReportDetail> {
  if (!UUID.test(id)) throw reportNotFound();
  const { db } = deps.database;
  const [row] = await queryRows(
    db,
    reportRow,
    sql`SELECT ${COLUMNS} FROM reports r WHERE r.id = ${id}::uuid`,
  );
  if (!row) throw reportNotFound();
  // Five messages before and after the reported one, oldest first.
  const context = row.matchId
    ? await queryRows(
        db,
        z.strictObject({
          id: uuid,
          senderId: z.string(),
          content: z.string(),
          voiceMs: z.number().int().nullable(),
          createdAt: timestampText,
        }),
        sql`WITH pivot AS (SELECT coalesce((SELECT created_at FROM messages WHERE id = ${row.messageId}::uuid), now()) AS at)
          (SELECT x.id, x.sender_id AS "senderId", ${moderatedText} AS content, x.voice_ms AS "voiceMs",
              x.created_at AS "createdAt" FROM messages x, pivot
            WHERE x.match_id = ${row.matchId}::uuid AND x.created_at <= pivot.at ORDER BY x.created_at DESC LIMIT 6)
          UNION ALL
          (SELECT x.id, x.sender_id, ${moderatedText}, x.voice_ms, x.created_at FROM messages x, pivot
            WHERE x.match_id = ${row.matchId}::uuid AND x.created_at > pivot.at ORDER BY x.created_at LIMIT 5)
          ORDER BY "createdAt"`,
      )
    : [];
  const [photos] = row.reportedId
    ? await db.select({ photos: profiles.photos }).from(profiles).where(eq(profiles.userId, row.reportedId))
    : [];
  return {
    ...toRow(row, deps),
    note: row.note,
    handledBy: row.handledBy,
    context: context.map((m) => ({ ...m, createdAt: iso(m.createdAt)!, reported: m.id === row.messageId })),
    photos: (photos?.photos ?? []).map((k) => photoDto(k, deps.storage)),
  };
}

type Deps = Pick<AppDeps, "database" | "storage" | "voices" | "bus" | "logger" | "mailer" | "events">;

export async function setReportStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.output<typeof reportStatusSchema>,
): Promise<AdminReportDetail> {
  if (!UUID.test(id)) throw reportNotFound();
  const { db } = deps.database;
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(reports)
      .set({
        status: input.status,
        note: sql`coalesce(${input.note ?? null}, ${reports.note})`,
        handledBy: actor.id,
        handledAt: sql`now()`,
      })
      .where(and(eq(reports.id, id), ne(reports.status, "action_taken")))
      .returning({ id: reports.id });
    if (!row) throw new AppError(409, "VALIDATION_ERROR", ADMIN_MSG.REPORT_ALREADY_HANDLED);
    await audit(
      tx,
      actor,
      `report.${input.status}`,
      { type: "report", id },
      REPORT_STATUS_LABELS[input.status],
    );
  });
  return getReport(deps, id);
}

/** Takes the measure, then closes the report as « mesure prise ». */
export async function actOnReport(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.output<typeof reportActionSchema>,
): Promise<AdminReportDetail> {
  const report = await getReport(deps, id);
  const memberId = report.reported?.userId;
  if (!memberId) throw new AppError(409, "VALIDATION_ERROR", ADMIN_MSG.REPORTED_ACCOUNT_GONE);
  if (input.action === "ban")
    await banUser(deps, actor, memberId, input.note || `Signalement : ${report.reason}`);
  if (input.action === "photo_removed") {
    if (!input.photoKey)
      throw new AppError(400, "VALIDATION_ERROR", ADMIN_MSG.CHOOSE_PHOTO, {
        photoKey: ADMIN_MSG.CHOOSE_PHOTO,
      });
    await removeProfilePhoto(deps.database.db, deps.storage, actor, memberId, input.photoKey);
  }
  if (input.action === "warning") {
    const [member] = await deps.database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, memberId));
    if (member) await deps.mailer.send(warningMail(member.email, input.note ?? ""));
  }
  const { db } = deps.database;
  await inTransaction(db, async (tx) => {
    await tx
      .update(reports)
      .set({
        status: "action_taken",
        action: input.action,
        note: sql`coalesce(${input.note ?? null}, ${reports.note})`,
        handledBy: actor.id,
        handledAt: sql`now()`,
      })
      .where(eq(reports.id, id));
    await audit(tx, actor, "report.action", { type: "report", id }, REPORT_ACTION_LABELS[input.action]);
  });
  return getReport(deps, id);
}
