// Check-ins (issue 40): the member sets when she expects to say « Tout va bien », how long to wait
// after that, and who to alert. The sweep (jobs.ts) alerts the contacts of every check-in left
// unanswered past its grace period, and tells them when a false alarm is cancelled. Each contact's
// e-mail is marked once sent: a sweep that fails halfway sends only what is left, next time.
import { CHECK_IN, CHECK_IN_MSG, type CheckInDto, type CreateCheckIn } from "@domain/check-ins.ts";
import { MSG } from "@domain/messages.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import { AppError } from "../../platform/http/errors.ts";
import { alertMail, allClearMail } from "./check-in-mails.ts";

const DAY_MS = 86_400_000;

const checkInRow = z.strictObject({
  id: uuid,
  dueAt: timestampText,
  graceMinutes: z.number().int(),
  note: z.string().nullable(),
  matchId: uuid.nullable(),
  status: z.enum(["waiting", "ok", "alerted", "cancelled", "withdrawn"]),
  answeredAt: timestampText.nullable(),
  alertedAt: timestampText.nullable(),
  createdAt: timestampText,
  contacts: z.array(z.strictObject({ name: z.string(), email: z.string(), alerted: z.boolean() })),
});

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

async function checkInsOf(db: Db, ownerId: string, where: SQL = sql`true`): Promise<CheckInDto[]> {
  const rows = await queryRows(
    db,
    checkInRow,
    sql`SELECT ci.id, ci.due_at AS "dueAt", ci.grace_minutes AS "graceMinutes", ci.note, ci.match_id AS "matchId",
        ci.status, ci.answered_at AS "answeredAt", ci.alerted_at AS "alertedAt", ci.created_at AS "createdAt",
        (SELECT coalesce(json_agg(json_build_object('name', c.name, 'email', c.email,
            'alerted', c.alerted_at IS NOT NULL) ORDER BY c.name), '[]'::json)
          FROM check_in_contacts c WHERE c.check_in_id = ci.id) AS contacts
      FROM check_ins ci WHERE ci.owner_id = ${ownerId} AND ${where}
      ORDER BY ci.created_at DESC LIMIT 20`,
  );
  return rows.map((r) => ({
    id: r.id,
    dueAt: new Date(r.dueAt).toISOString(),
    graceMinutes: r.graceMinutes,
    alertAt: new Date(Date.parse(r.dueAt) + r.graceMinutes * 60_000).toISOString(),
    note: r.note,
    matchId: r.matchId,
    status: r.status,
    answeredAt: iso(r.answeredAt),
    alertedAt: iso(r.alertedAt),
    contacts: r.contacts,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

export const listCheckIns = (db: Db, ownerId: string) => checkInsOf(db, ownerId);

const notFound = () => new AppError(404, "CHECK_IN_NOT_FOUND", CHECK_IN_MSG.NOT_FOUND);

export async function createCheckIn(db: Db, ownerId: string, input: CreateCheckIn): Promise<CheckInDto> {
  const due = Date.parse(input.dueAt);
  const now = Date.now();
  // A few minutes back is a clock's or a slow form's; a month ahead is the limit.
  if (due < now - 5 * 60_000 || due > now + CHECK_IN.MAX_DAYS_AHEAD * DAY_MS)
    throw new AppError(400, "CHECK_IN_DUE_OUT_OF_RANGE", CHECK_IN_MSG.DUE_RANGE);
  const id = await inTransaction(db, async (tx) => {
    const [state] = await queryRows(
      tx,
      z.strictObject({ waiting: z.number().int(), matchOk: z.boolean() }),
      sql`SELECT (SELECT count(*)::int FROM check_ins WHERE owner_id = ${ownerId} AND status = 'waiting') AS waiting,
          ${
            input.matchId
              ? sql`EXISTS (SELECT 1 FROM matches m WHERE m.id = ${input.matchId}::uuid AND m.status = 'accepted'
                  AND ${ownerId} IN (m.user1_id, m.user2_id))`
              : sql`true`
          } AS "matchOk"
        FROM (SELECT 1 FROM profiles WHERE user_id = ${ownerId} FOR UPDATE) AS locked`,
    );
    if (!state) throw new AppError(404, "PROFILE_NOT_FOUND", MSG.PROFILE_NOT_FOUND);
    if (!state.matchOk) throw new AppError(404, "MATCH_NOT_FOUND", MSG.MATCH_NOT_FOUND);
    if (state.waiting >= CHECK_IN.WAITING_MAX)
      throw new AppError(409, "CHECK_INS_FULL", CHECK_IN_MSG.TOO_MANY);
    const [row] = await queryRows(
      tx,
      z.strictObject({ id: uuid }),
      sql`INSERT INTO check_ins (owner_id, match_id, due_at, grace_minutes, note, time_zone)
        VALUES (${ownerId}, ${input.matchId ?? null}::uuid, ${new Date(due).toISOString()}::timestamptz,
          ${input.graceMinutes}, ${input.note || null}, ${input.timeZone ?? null})
        RETURNING id`,
    );
    // One row per address, even when she typed one twice.
    const contacts = [...new Map(input.contacts.map((c) => [c.email, c])).values()];
    for (const c of contacts)
      await tx.execute(
        sql`INSERT INTO check_in_contacts (check_in_id, name, email) VALUES (${row!.id}::uuid, ${c.name}, ${c.email})`,
      );
    return row!.id;
  });
  const [dto] = await checkInsOf(db, ownerId, sql`ci.id = ${id}::uuid`);
  return dto!;
}

/**
 * « Tout va bien »: a waiting check-in is closed (ok); an alerted one becomes a false alarm
 * (cancelled), and its contacts are told at the next sweep.
 */
export async function answerCheckIn(db: Db, ownerId: string, id: string): Promise<CheckInDto> {
  return changeStatus(db, ownerId, id, sql`CASE status WHEN 'waiting' THEN 'ok' ELSE 'cancelled' END`, [
    "waiting",
    "alerted",
  ]);
}

/** Withdraws a check-in not yet due to alert (nobody is told anything). */
export async function withdrawCheckIn(db: Db, ownerId: string, id: string): Promise<CheckInDto> {
  return changeStatus(db, ownerId, id, sql`'withdrawn'`, ["waiting"]);
}

async function changeStatus(
  db: Db,
  ownerId: string,
  id: string,
  next: SQL,
  from: readonly string[],
): Promise<CheckInDto> {
  if (!uuid.safeParse(id).success) throw notFound();
  const updated = await queryRows(
    db,
    z.strictObject({ id: uuid }),
    sql`UPDATE check_ins SET status = ${next}, answered_at = now()
      WHERE id = ${id}::uuid AND owner_id = ${ownerId} AND status = ANY (${sql.param([...from])}::text[])
      RETURNING id`,
  );
  const [dto] = await checkInsOf(db, ownerId, sql`ci.id = ${id}::uuid`);
  if (!dto) throw notFound();
  if (updated.length === 0) throw new AppError(409, "CHECK_IN_CLOSED", CHECK_IN_MSG.CLOSED);
  return dto;
}

const contactRow = z.strictObject({
  contactId: uuid,
  name: z.string(),
  email: z.string(),
  ownerName: z.string(),
  ownerId: z.string(),
  dueAt: timestampText,
  timeZone: z.string().nullable(),
  note: z.string().nullable(),
  matchName: z.string().nullable(),
});

/**
 * The sweep: check-ins past their grace become alerted; their contacts not yet told get the alert
 * (e-mail, and a push when the address is a member's); contacts told of a false alarm since get
 * the all-clear. Returns how many e-mails it sent.
 */
export async function sweepCheckIns(
  deps: Pick<AppDeps, "database" | "mailer" | "config" | "logger">,
  pushToMember: (userId: string, title: string, body: string) => Promise<void>,
): Promise<number> {
  const { db } = deps.database;
  await db.execute(sql`UPDATE check_ins SET status = 'alerted', alerted_at = now()
    WHERE status = 'waiting' AND due_at + grace_minutes * interval '1 minute' <= now()`);
  const select = (where: SQL) =>
    queryRows(
      db,
      contactRow,
      sql`SELECT c.id AS "contactId", c.name, c.email, p.first_name AS "ownerName", ci.owner_id AS "ownerId",
          ci.due_at AS "dueAt", ci.time_zone AS "timeZone", ci.note,
          (SELECT mp.first_name FROM matches m JOIN profiles mp
            ON mp.user_id = CASE WHEN m.user1_id = ci.owner_id THEN m.user2_id ELSE m.user1_id END
            WHERE m.id = ci.match_id) AS "matchName"
        FROM check_in_contacts c JOIN check_ins ci ON ci.id = c.check_in_id
        JOIN profiles p ON p.user_id = ci.owner_id
        WHERE ${where} LIMIT 200`,
    );
  let sent = 0;
  // Alerts: only for a check-in alerted within the day (an old one found late is no use).
  for (const c of await select(
    sql`ci.status = 'alerted' AND c.alerted_at IS NULL AND ci.alerted_at > now() - interval '1 day'`,
  )) {
    await deps.mailer.send(alertMail(c.email, { ...c, dueAt: new Date(c.dueAt) }));
    await db.execute(sql`UPDATE check_in_contacts SET alerted_at = now() WHERE id = ${c.contactId}::uuid`);
    sent++;
    const [member] = await queryRows(
      db,
      z.strictObject({ id: z.string() }),
      sql`SELECT id FROM "user" WHERE lower(email) = ${c.email} AND id <> ${c.ownerId} LIMIT 1`,
    );
    if (member)
      await pushToMember(
        member.id,
        `${c.ownerName} n’a pas confirmé que tout va bien`,
        "Consultez vos e-mails : son message vous dit quoi faire.",
      ).catch((err: unknown) => deps.logger.warn({ err }, "check-ins: push to a contact failed"));
  }
  for (const c of await select(
    sql`ci.status = 'cancelled' AND c.alerted_at IS NOT NULL AND c.all_clear_at IS NULL`,
  )) {
    await deps.mailer.send(allClearMail(c.email, c));
    await db.execute(sql`UPDATE check_in_contacts SET all_clear_at = now() WHERE id = ${c.contactId}::uuid`);
    sent++;
  }
  return sent;
}
