// Notification e-mails go through the `email_outbox` table: a job writes them in the transaction
// that moves each member's `email_covered_until` (so a retried or repeated job writes nothing
// twice), and a delivery job sends them, marking each one sent. A crash between the SMTP server's
// acceptance and the mark can send one e-mail twice, never lose one; its Message-ID lets mail
// clients recognise the copy.
import { NOTIFICATION_LIMITS, type NotificationPreferences } from "@domain/notifications.ts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction } from "../../platform/db/client.ts";
import { emailOutbox, notificationSettings } from "../../platform/db/schema/index.ts";
import { type MemberNews, newsFor } from "./email-content.ts";
import { type NewsEmailKind, newsMail } from "./email-templates.ts";
import { parseStored, wants } from "./preferences.ts";
import { NOTIFICATION_QUEUES as QUEUES } from "./queues.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

type Deps = Pick<AppDeps, "database" | "config" | "logger" | "mailer" | "jobs">;

export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/notifications/unsubscribe";

/** The unsubscribe page (a link in the e-mail, confirmed by a button: mail scanners follow links). */
export function unsubscribePageUrl(config: AppDeps["config"], userId: string): string {
  return `${config.publicBaseUrl}/notifications/unsubscribe?token=${unsubscribeToken(config.authSecret, userId)}`;
}

/** The List-Unsubscribe address a mail client posts to (RFC 8058). */
export function oneClickUnsubscribeUrl(config: AppDeps["config"], userId: string): string {
  return `${config.publicBaseUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${unsubscribeToken(config.authSecret, userId)}`;
}

/** The member's preferences, in one query for a batch. */
async function preferencesOf(db: Db, userIds: string[]): Promise<Map<string, NotificationPreferences>> {
  const rows = await db
    .select({ userId: notificationSettings.userId, preferences: notificationSettings.preferences })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, userIds));
  return new Map(rows.map((r) => [r.userId, parseStored(r.preferences)]));
}

/** Keeps only what the member wants by e-mail. */
function wanted(news: MemberNews, prefs: NotificationPreferences): MemberNews {
  return {
    ...news,
    items: news.items.filter((i) => wants(prefs, "email", i.kind === "match" ? "matches" : "messages")),
  };
}

/**
 * Writes the e-mails of `kind` for these members (those with news they want) into the outbox, and
 * moves their `email_covered_until`; returns the new outbox rows' ids. `periodKey` names the digest's
 * period (« 2026-11-24 »), or for each member the job that asked (« Tout de suite »): one e-mail per
 * member and period or job, whatever happens.
 */
export async function queueNewsEmails(
  deps: Deps,
  userIds: string[],
  kind: NewsEmailKind,
  periodKey: string | ((userId: string) => string),
): Promise<string[]> {
  const keyOf = typeof periodKey === "string" ? () => periodKey : periodKey;
  const { db } = deps.database;
  const [allNews, prefs] = await Promise.all([newsFor(db, userIds), preferencesOf(db, userIds)]);
  const preferencesUrl = `${deps.config.publicBaseUrl}/profile#section-notifications`;
  const mails = allNews
    .map((n) => wanted(n, prefs.get(n.userId) ?? parseStored(null)))
    .filter((n) => n.items.length > 0)
    .map((n) => {
      const page = unsubscribePageUrl(deps.config, n.userId);
      return {
        news: n,
        unsubscribe: oneClickUnsubscribeUrl(deps.config, n.userId),
        mail: newsMail(n, kind, deps.config.publicBaseUrl, page, preferencesUrl),
      };
    });
  if (mails.length === 0) return [];
  return inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(emailOutbox)
      .values(
        mails.map(({ news, mail, unsubscribe }) => ({
          userId: news.userId,
          kind,
          dedupeKey: `${kind}:${news.userId}:${keyOf(news.userId)}`,
          toAddress: news.email,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          unsubscribeUrl: unsubscribe,
        })),
      )
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id });
    // One statement for the batch: each member's e-mails now cover up to the news' instant.
    await tx
      .insert(notificationSettings)
      .values(
        mails.map(({ news }) => ({
          userId: news.userId,
          preferences: prefs.get(news.userId) ?? parseStored(null),
          emailRhythm: (prefs.get(news.userId) ?? parseStored(null)).emailRhythm,
          emailCoveredUntil: news.until,
        })),
      )
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: {
          emailCoveredUntil: sql`greatest(${notificationSettings.emailCoveredUntil}, excluded.email_covered_until)`,
        },
      });
    return inserted.map((r) => r.id);
  });
}

/** Queues the delivery of outbox rows (and wakes this instance's worker). */
export async function queueDelivery(deps: Deps, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 100)
    await deps.jobs.send(QUEUES.emailDeliver, { ids: ids.slice(i, i + 100) });
}

/** Sends the pending ones among `ids`; throws after trying them all if any failed (the job retries). */
export async function deliverOutbox(deps: Deps, ids: string[]): Promise<{ sent: number }> {
  const { db } = deps.database;
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)));
  let failed = 0;
  let sent = 0;
  const delivered: string[] = [];
  for (const row of rows) {
    try {
      await deps.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: {
          "List-Unsubscribe": `<${row.unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "Message-ID": `<${row.id}@${new URL(deps.config.publicBaseUrl).hostname}>`,
        },
      });
      sent++;
      delivered.push(row.id);
    } catch (err) {
      failed++;
      deps.logger.warn({ err, outbox: row.id }, "notifications: e-mail delivery failed");
      await db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1` })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  // Marked together (one commit for the batch); a crash before it sends these again, never loses them.
  if (delivered.length > 0)
    await db.update(emailOutbox).set({ sentAt: sql`now()` }).where(inArray(emailOutbox.id, delivered));
  if (failed > 0) throw new Error(`${failed} of ${rows.length} e-mails not delivered`);
  return { sent };
}

/** Sent e-mails hold message excerpts: kept a week, for support, then deleted. */
export async function purgeSentEmails(db: Db): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(sql`${emailOutbox.sentAt} < now() - interval '7 days'`)
    .returning({ id: emailOutbox.id });
  return rows.length;
}

export const AWAY = sql`(p.last_active_at IS NULL OR p.last_active_at < now() - ${NOTIFICATION_LIMITS.AWAY_AFTER_MINUTES} * interval '1 minute')`;
