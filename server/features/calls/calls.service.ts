// Calls inside a match (issue 38): who may call whom, the ringing, the answer and the end, held in
// the `calls` table so that every API instance agrees (one open call per conversation, one per
// member), and told to the two members' pages over the real-time bus. The media never passes here.
//
// Set-up without trickle: each browser gathers its candidates (relay ones through coturn, ~130 ms)
// before it sends its description, so the offer and the answer are complete and stored in the row;
// the bus carries only « call.ringing », « call.answered » and « call.ended » with ids (an offer is
// ~5.9 KB, the bus allows 7.5: docs/research/issue-38-calls.md §8). A callee who opens the app from
// a push finds the whole offer waiting.
import { CALL, CALL_MSG, CALL_OUTCOMES, type CallOutcome } from "@domain/calls.ts";
import { callRinging } from "@domain/events.ts";
import type { CallDto } from "@domain/responses/calls.ts";
import { UUID } from "@domain/uuid.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { lockMember } from "../../platform/db/member-lock.ts";
import { timestampText, uuid } from "../../platform/db/row-schemas.ts";
import type { Record } from "../../platform/events/domain-events.ts";
import { AppError, unauthenticated } from "../../platform/http/errors.ts";
import { notify } from "../../platform/realtime/notify.ts";
import { type CallEntry, openConversation, writeCallEntry } from "../messages/index.ts";

type Deps = Pick<AppDeps, "database" | "events" | "bus" | "logger">;

const callRow = z.strictObject({
  id: uuid,
  matchId: uuid,
  callerId: z.string(),
  calleeId: z.string(),
  video: z.boolean(),
  createdAt: timestampText,
  ringExpiresAt: timestampText,
  answeredAt: timestampText.nullable(),
  endedAt: timestampText.nullable(),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  offerSdp: z.string().nullable(),
  answerSdp: z.string().nullable(),
  /** Still ringing within its time (computed by the database's clock). */
  ringing: z.boolean(),
});
type CallRow = z.output<typeof callRow>;

const COLUMNS = sql`id, match_id AS "matchId", caller_id AS "callerId", callee_id AS "calleeId", video,
  created_at AS "createdAt", ring_expires_at AS "ringExpiresAt", answered_at AS "answeredAt",
  ended_at AS "endedAt", outcome, offer_sdp AS "offerSdp", answer_sdp AS "answerSdp",
  (ended_at IS NULL AND answered_at IS NULL AND ring_expires_at > now()) AS ringing`;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** The call as `viewer` sees it: the offer to the callee while it rings, the answer to the caller. */
export function toCallDto(r: CallRow, viewer: string): CallDto {
  const state = r.endedAt ? "ended" : r.answeredAt ? "active" : "ringing";
  return {
    id: r.id,
    matchId: r.matchId,
    callerId: r.callerId,
    calleeId: r.calleeId,
    video: r.video,
    state,
    outcome: r.outcome,
    createdAt: iso(r.createdAt)!,
    ringExpiresAt: iso(r.ringExpiresAt)!,
    answeredAt: iso(r.answeredAt),
    endedAt: iso(r.endedAt),
    offer: state === "ringing" && viewer === r.calleeId ? r.offerSdp : null,
    answer: state === "active" && viewer === r.callerId ? r.answerSdp : null,
  };
}

const notFound = () => new AppError(404, "CALL_NOT_FOUND", CALL_MSG.NOT_FOUND);

/** A call that is over for the pages: rang out, or one of its pages silent for STALE_SECONDS. */
const STALE = sql`(answered_at IS NULL AND ring_expires_at <= now())
  OR (answered_at IS NOT NULL
    AND least(caller_seen_at, coalesce(callee_seen_at, caller_seen_at)) < now() - make_interval(secs => ${CALL.STALE_SECONDS}))`;

/** A call that ended, with its entry in the conversation (null: none written, or written already). */
export interface EndedCall {
  call: CallRow;
  entry: CallEntry | null;
}

/**
 * Ends the open calls `where` selects, each with `outcome` (an SQL expression over the row), writes
 * their entries and returns them for announceEnded (after the commit). No entry for a call a block,
 * a ban or an unmatch ended: that conversation is closed.
 */
export async function closeCalls(
  tx: Db,
  record: Record,
  where: SQL,
  outcome: SQL,
  endedBy: string | null,
): Promise<EndedCall[]> {
  const rows = await queryRows(
    tx,
    callRow.extend({ durationMs: z.number().int().nullable() }),
    sql`WITH ended AS (
        UPDATE calls SET ended_at = now(), outcome = ${outcome}, ended_by = ${endedBy},
          offer_sdp = NULL, answer_sdp = NULL
        WHERE ended_at IS NULL AND (${where})
        RETURNING *,
          -- A stale call lasted until its pages last said they were there.
          CASE WHEN answered_at IS NULL THEN NULL ELSE greatest(0, (extract(epoch FROM
            CASE WHEN ${STALE} THEN greatest(caller_seen_at, coalesce(callee_seen_at, caller_seen_at)) ELSE now() END
            - answered_at) * 1000))::int END AS duration_ms)
      SELECT ${COLUMNS}, duration_ms AS "durationMs" FROM ended`,
  );
  const ended: EndedCall[] = [];
  for (const { durationMs, ...call } of rows) {
    const entry =
      call.outcome === "ended_by_safety"
        ? null
        : await writeCallEntry(tx, record, {
            callId: call.id,
            matchId: call.matchId,
            callerId: call.callerId,
            calleeId: call.calleeId,
            outcome: call.outcome!,
            video: call.video,
            durationMs,
          });
    ended.push({ call, entry });
  }
  return ended;
}

/** After the commit: both members' pages close the call and show its entry. */
export async function announceEnded(
  deps: Pick<AppDeps, "bus" | "logger">,
  ended: EndedCall[],
): Promise<void> {
  for (const { call, entry } of ended) {
    await notify(deps, [call.callerId, call.calleeId], {
      type: "call.ended",
      callId: call.id,
      matchId: call.matchId,
      outcome: call.outcome!,
    });
    // An unanswered call's entry went out through « message.sent » (pushed, counted).
    if (entry && !entry.announced) {
      await notify(deps, [call.callerId], { type: "message.created", message: entry.caller });
      await notify(deps, [call.calleeId], { type: "message.created", message: entry.callee });
    }
  }
}

const stalePair = (a: string, b: string) =>
  sql`(caller_id IN (${a}, ${b}) OR callee_id IN (${a}, ${b})) AND (${STALE})`;

const STALE_OUTCOME = sql`CASE WHEN answered_at IS NULL THEN 'missed' ELSE 'ended' END`;

/** Ends every call that rang out or whose pages went silent (the job's sweep). */
export async function endStaleCalls(deps: Deps): Promise<number> {
  const ended = await deps.events.transaction(deps.database.db, (tx, record) =>
    closeCalls(tx, record, STALE, STALE_OUTCOME, null),
  );
  await announceEnded(deps, ended);
  return ended.length;
}

/** Whether calls are allowed by both members, and what else stands between them (in one read). */
const gateRow = z.strictObject({
  mine: z.boolean(),
  theirs: z.boolean(),
  closed: z.boolean(),
  firstName: z.string(),
  unanswered: z.number().int(),
});

function callGate(me: string, other: string, matchId: string): SQL {
  return sql`SELECT
      CASE WHEN m.user1_id = ${me} THEN m.user1_calls ELSE m.user2_calls END AS mine,
      CASE WHEN m.user1_id = ${me} THEN m.user2_calls ELSE m.user1_calls END AS theirs,
      -- The typing relay's gate: a member who takes messages from verified members only, and the
      -- shield's quiet hold (issue 36), close calls as they close messages.
      (r.messages_from_verified_only AND s.verified_at IS NULL)
        OR EXISTS (SELECT 1 FROM shield_accounts a WHERE a.user_id = ${me} AND a.status IN ('hold', 'verify'))
        AS closed,
      r.first_name AS "firstName",
      -- Calls in a row the other member did not take, since they last wrote or called.
      (SELECT count(*)::int FROM calls c WHERE c.match_id = m.id AND c.caller_id = ${me}
        AND c.outcome IN ('missed', 'declined', 'cancelled')
        AND c.created_at > coalesce((SELECT max(x.created_at) FROM messages x
          WHERE x.match_id = m.id AND x.sender_id = ${other} AND x.call_id IS NULL), '-infinity')
        AND c.created_at > coalesce((SELECT max(o.created_at) FROM calls o
          WHERE o.match_id = m.id AND (o.caller_id = ${other} OR o.answered_at IS NOT NULL)), '-infinity')
      ) AS unanswered
    FROM matches m, profiles r, profiles s
    WHERE m.id = ${matchId}::uuid AND r.user_id = ${other} AND s.user_id = ${me}`;
}

/** The open calls of either member (after the stale ones were ended). */
const openOf = (a: string, b: string) =>
  sql`SELECT ${COLUMNS} FROM calls WHERE ended_at IS NULL AND (caller_id IN (${a}, ${b}) OR callee_id IN (${a}, ${b}))`;

export interface StartCall {
  video: boolean;
  offer: string;
}

/**
 * Starts a call in one of the member's conversations: both members allow calls, nothing closes the
 * conversation, neither is in another call, and the member has not called unanswered too often. Two
 * members calling each other at once queue on the match row: the second finds the first call and is
 * answered 409 CALL_CROSSED with its id, which their page shows as the incoming call.
 */
export async function startCall(
  deps: Deps & Pick<AppDeps, "config">,
  me: string,
  matchId: string,
  input: StartCall,
): Promise<CallDto> {
  const { db } = deps.database;
  const { call, ended } = await deps.events.transaction(db, async (tx, record) => {
    if (!(await lockMember(tx, me))) throw unauthenticated();
    const { otherId } = await openConversation(tx, me, matchId, { lock: true });
    const ended = await closeCalls(tx, record, stalePair(me, otherId), STALE_OUTCOME, null);
    const [gate] = await queryRows(tx, gateRow, callGate(me, otherId, matchId));
    if (!gate || gate.closed) throw new AppError(403, "CALL_NOT_ALLOWED", CALL_MSG.NOT_ALLOWED);
    if (!gate.mine) throw new AppError(403, "CALLS_OFF", CALL_MSG.NOT_ALLOWED_MINE);
    if (!gate.theirs) throw new AppError(403, "CALLS_OFF", CALL_MSG.NOT_ALLOWED_THEIRS(gate.firstName));
    for (const open of await queryRows(tx, callRow, openOf(me, otherId))) {
      if (open.matchId === matchId && open.callerId === otherId)
        throw new AppError(409, "CALL_CROSSED", CALL_MSG.CROSSED, { callId: open.id });
      if (open.callerId === me || open.calleeId === me)
        throw new AppError(409, "CALL_SELF_BUSY", CALL_MSG.YOU_ARE_BUSY);
      throw new AppError(409, "CALL_BUSY", CALL_MSG.BUSY);
    }
    if (gate.unanswered >= CALL.UNANSWERED_IN_A_ROW)
      throw new AppError(429, "CALL_UNANSWERED", CALL_MSG.UNANSWERED);
    const [call] = await queryRows(
      tx,
      callRow,
      sql`INSERT INTO calls (match_id, caller_id, callee_id, video, ring_expires_at, offer_sdp)
        VALUES (${matchId}::uuid, ${me}, ${otherId}, ${input.video},
          now() + make_interval(secs => ${deps.config.calls.ringSeconds}), ${input.offer})
        RETURNING ${COLUMNS}`,
    );
    await record(callRinging, {
      callId: call!.id,
      matchId,
      callerId: me,
      calleeId: otherId,
      video: input.video,
    });
    return { call: call!, ended };
  });
  await announceEnded(deps, ended);
  // The offer stays in the row: the callee's page reads it with GET /api/calls/:id.
  await notify(deps, [call.calleeId], { type: "call.ringing", call: toCallDto(call, call.callerId) });
  return toCallDto(call, me);
}

/** A call of the member's (404 for anyone else's, or an invented id). */
async function callOf(db: Db, me: string, callId: string, opts: { lock?: boolean } = {}): Promise<CallRow> {
  if (!UUID.test(callId)) throw notFound();
  const [row] = await queryRows(
    db,
    callRow,
    sql`SELECT ${COLUMNS} FROM calls WHERE id = ${callId}::uuid AND (caller_id = ${me} OR callee_id = ${me})
      ${opts.lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw notFound();
  return row;
}

export async function getCall(deps: Deps, me: string, callId: string): Promise<CallDto> {
  return toCallDto(await callOf(deps.database.db, me, callId), me);
}

/**
 * The callee answers, from one of their devices: the first answer wins (the row is locked), the
 * others are told 409 and stop ringing on « call.answered ». The conversation is checked again: a
 * block since the ring closes it.
 */
export async function acceptCall(deps: Deps, me: string, callId: string, answer: string): Promise<CallDto> {
  const { db } = deps.database;
  const result = await deps.events.transaction(db, async (tx, record) => {
    const row = await callOf(tx, me, callId, { lock: true });
    if (row.calleeId !== me) throw new AppError(409, "CALL_NOT_RINGING", CALL_MSG.NOT_RINGING);
    if (row.endedAt) throw new AppError(409, "CALL_ENDED", CALL_MSG.ENDED);
    if (row.answeredAt) throw new AppError(409, "CALL_ANSWERED", CALL_MSG.ALREADY_ANSWERED);
    if (!row.ringing) {
      const ended = await closeCalls(tx, record, sql`id = ${callId}::uuid`, sql`'missed'`, null);
      return { ended, call: null };
    }
    await openConversation(tx, me, row.matchId);
    const [call] = await queryRows(
      tx,
      callRow,
      sql`UPDATE calls SET answered_at = now(), answer_sdp = ${answer}, offer_sdp = NULL,
          caller_seen_at = now(), callee_seen_at = now()
        WHERE id = ${callId}::uuid RETURNING ${COLUMNS}`,
    );
    return { ended: [], call: call! };
  });
  await announceEnded(deps, result.ended);
  if (!result.call) throw new AppError(409, "CALL_NOT_RINGING", CALL_MSG.NOT_RINGING);
  const { call } = result;
  await notify(deps, [call.callerId, call.calleeId], {
    type: "call.answered",
    callId,
    matchId: call.matchId,
  });
  return toCallDto(call, me);
}

/**
 * Hangs up, declines or cancels, as the call stands: ringing, the caller cancels and the callee
 * declines; answered, either ends it (« failed » when their page could not connect). Ending an
 * ended call answers it as it is: a page's retry, or both members hanging up together.
 */
export async function endCall(
  deps: Deps,
  me: string,
  callId: string,
  reason: "hangup" | "failed",
): Promise<CallDto> {
  const { db } = deps.database;
  const ended = await deps.events.transaction(db, async (tx, record) => {
    const row = await callOf(tx, me, callId, { lock: true });
    if (row.endedAt) return [] as EndedCall[];
    const outcome: CallOutcome = row.answeredAt
      ? reason === "failed"
        ? "failed"
        : "ended"
      : !row.ringing
        ? "missed"
        : row.callerId === me
          ? "cancelled"
          : "declined";
    return closeCalls(tx, record, sql`id = ${callId}::uuid`, sql`${outcome}`, me);
  });
  await announceEnded(deps, ended);
  return toCallDto(ended[0]?.call ?? (await callOf(db, me, callId)), me);
}

/** A page in the call says it is still there; answers the call as it stands (ended: close it). */
export async function heartbeat(deps: Deps, me: string, callId: string): Promise<CallDto> {
  const { db } = deps.database;
  if (!UUID.test(callId)) throw notFound();
  const [row] = await queryRows(
    db,
    callRow,
    sql`UPDATE calls SET
        caller_seen_at = CASE WHEN caller_id = ${me} THEN now() ELSE caller_seen_at END,
        callee_seen_at = CASE WHEN callee_id = ${me} THEN now() ELSE callee_seen_at END
      WHERE id = ${callId}::uuid
        AND (caller_id = ${me} OR callee_id = ${me}) AND ended_at IS NULL
      RETURNING ${COLUMNS}`,
  );
  return toCallDto(row ?? (await callOf(db, me, callId)), me);
}

/** Ends a match's open call at once: a block or « Retirer » (the conversation closes). */
export async function endCallsOfMatch(deps: Deps, matchId: string): Promise<void> {
  const ended = await deps.events.transaction(deps.database.db, (tx, record) =>
    closeCalls(tx, record, sql`match_id = ${matchId}::uuid`, sql`'ended_by_safety'`, null),
  );
  await announceEnded(deps, ended);
}

/** Ends a banned member's calls at once: the other member's page closes its connection. */
export async function endCallsOfMember(deps: Deps, userId: string): Promise<void> {
  const ended = await deps.events.transaction(deps.database.db, (tx, record) =>
    closeCalls(
      tx,
      record,
      sql`(caller_id = ${userId} OR callee_id = ${userId})`,
      sql`'ended_by_safety'`,
      null,
    ),
  );
  await announceEnded(deps, ended);
}

/** The member's call in this conversation still ringing or running, if any (a reloaded page). */
export async function currentCall(db: Db, me: string, matchId: string): Promise<CallDto | null> {
  const [row] = await queryRows(
    db,
    callRow,
    sql`SELECT ${COLUMNS} FROM calls WHERE match_id = ${matchId}::uuid AND ended_at IS NULL
      AND (caller_id = ${me} OR callee_id = ${me}) AND NOT (${STALE})`,
  );
  return row ? toCallDto(row, me) : null;
}
