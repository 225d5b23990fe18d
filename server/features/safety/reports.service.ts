// Reports: a member reports another (and possibly one of their messages) with a reason; the
// automatic detection reports members who send the same first message to many people. What was
// reported is copied into the report, so the record survives the message or the account.

import { MSG } from "@domain/messages.ts";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORTS_PER_DAY,
  SPAM_SAME_MESSAGE_THRESHOLD,
} from "@domain/safety.ts";
import { cleanParagraphs } from "@domain/text.ts";
import { UUID } from "@domain/uuid.ts";
import { voiceMessageLabel } from "@domain/voice.ts";
import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { matches, messages, reports } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";

export const reportInputSchema = z.strictObject({
  userId: z.string({ error: "Membre à signaler manquant" }).min(1, "Membre à signaler manquant").max(64),
  messageId: z.string().regex(UUID, "Message introuvable").optional(),
  reason: z.enum(REPORT_REASONS, { error: "Choisissez une raison" }),
  details: z
    .string({ error: "Texte attendu" })
    .transform(cleanParagraphs)
    .pipe(z.string().max(REPORT_DETAILS_MAX, `${REPORT_DETAILS_MAX} caractères au maximum`))
    .default(""),
  /** Also block the member (one click from the report form). */
  block: z.boolean().default(false),
});
export type ReportInput = z.output<typeof reportInputSchema>;

const LABEL = (
  userId: string,
) => sql`(SELECT coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), u.name)
  || ' <' || u.email || '>' FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId})`;

export async function fileReport(db: Db, me: string, input: ReportInput): Promise<{ id: string }> {
  if (input.userId === me) throw new AppError(400, "SELF_ACTION", MSG.SELF_ACTION);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reports:${me}`}))`);
    const today = await tx.$count(
      reports,
      and(eq(reports.reporterId, me), sql`${reports.createdAt} > now() - interval '1 day'`),
    );
    if (today >= REPORTS_PER_DAY) throw new AppError(429, "RATE_LIMITED", MSG.TOO_MANY_REPORTS);
    const [target] = await queryRows(
      tx,
      z.strictObject({ label: z.string().nullable() }),
      sql`SELECT ${LABEL(input.userId)} AS label`,
    );
    if (!target?.label) throw new AppError(404, "MEMBER_NOT_FOUND", MSG.MEMBER_NOT_FOUND);
    let message: { matchId: string; content: string; voiceMs: number | null } | undefined;
    if (input.messageId) {
      // Only a message the reported member sent to the reporter, in their conversation.
      [message] = await tx
        .select({ matchId: messages.matchId, content: messages.content, voiceMs: messages.voiceMs })
        .from(messages)
        .innerJoin(matches, eq(matches.id, messages.matchId))
        .where(
          and(
            eq(messages.id, input.messageId),
            eq(messages.senderId, input.userId),
            or(eq(matches.user1Id, me), eq(matches.user2Id, me)),
          ),
        );
      if (!message) throw new AppError(404, "NOT_FOUND", MSG.MESSAGE_NOT_FOUND);
    }
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: me,
        reportedId: input.userId,
        reportedLabel: target.label,
        messageId: input.messageId ?? null,
        matchId: message?.matchId ?? null,
        // A voice message is kept as what it is; administrators hear it from the report (issue 37).
        messageExcerpt: message
          ? message.voiceMs === null
            ? message.content
            : voiceMessageLabel(message.voiceMs)
          : null,
        reason: input.reason,
        details: input.details,
      })
      .returning({ id: reports.id });
    return row!;
  });
}

/**
 * After a member's first message in a conversation: if the same text opened conversations with
 * SPAM_SAME_MESSAGE_THRESHOLD people or more within a day, the member is reported automatically
 * (once a day at most).
 */
export async function detectCopyPaste(db: Db, senderId: string, content: string): Promise<void> {
  await db.execute(sql`INSERT INTO reports (reporter_id, reported_id, reported_label, reason, details, message_excerpt)
    SELECT NULL, ${senderId}, ${LABEL(senderId)}, 'spam',
      'Le même premier message a été envoyé à ' || n || ' personnes en 24 heures.', ${content}
    FROM (SELECT count(DISTINCT match_id) AS n FROM messages
      WHERE sender_id = ${senderId} AND created_at > now() - interval '1 day' AND content = ${content}) same
    WHERE same.n >= ${SPAM_SAME_MESSAGE_THRESHOLD}
      AND NOT EXISTS (SELECT 1 FROM reports WHERE reported_id = ${senderId} AND reason = 'spam'
        AND reporter_id IS NULL AND created_at > now() - interval '1 day')`);
}
