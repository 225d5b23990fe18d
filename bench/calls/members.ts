// Members for the calls bench. Pairs of long-standing, subscribed members, matched, each with a
// session, are written straight into the database (bench/harness/pair.ts: signing up through the API
// costs a scrypt hash and an e-mail, which this bench does not measure), but not selfie-verified.
// Everything a member does for a call then goes through the API: « Appels » turned on in the
// conversation (PUT …/calls/settings), a profile photo uploaded, the selfie verification (a
// challenge, then the live capture the verification tests compose from the sample faces).
import type { CallSettingsDto } from "@domain/responses/calls.ts";
import { sql } from "drizzle-orm";
import type { Database } from "../../server/platform/db/client.ts";
import type { Capture } from "../../server/test/face-samples.ts";
import { type BenchMember, type BenchPair, benchMember, benchPair } from "../harness/pair.ts";

export type CallMember = BenchMember;
export type CallPair = BenchPair;

const CALLERS = { prefix: "Appel", verified: false };

/** One member (not matched, not verified). */
export function callMember(
  database: Database,
  authSecret: string,
  gender: "male" | "female",
): Promise<CallMember> {
  return benchMember(database, authSecret, gender, CALLERS);
}

/** A man and a woman, matched (accepted, both opened); calls not yet allowed. */
export function callPair(database: Database, authSecret: string): Promise<CallPair> {
  return benchPair(database, authSecret, CALLERS);
}

/** A request to the app as `who`, from the app's own origin (its same-origin check). */
export async function api(
  base: string,
  who: CallMember,
  method: string,
  route: string,
  body?: unknown,
): Promise<Response> {
  const form = body instanceof FormData;
  return fetch(`${base}${route}`, {
    method,
    headers: {
      cookie: who.cookie,
      origin: base,
      ...(body !== undefined && !form ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
}

async function ok(res: Response, what: string, status = 200): Promise<unknown> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** Both members turn « Appels » on in their conversation, as the call dialog's switch does. */
export async function allowCalls(base: string, pair: CallPair): Promise<CallSettingsDto> {
  await ok(
    await api(base, pair.him, "PUT", `/api/matches/${pair.matchId}/calls/settings`, { allowed: true }),
    "calls settings",
  );
  return (await ok(
    await api(base, pair.her, "PUT", `/api/matches/${pair.matchId}/calls/settings`, { allowed: true }),
    "calls settings",
  )) as CallSettingsDto;
}

/** A profile photo, through the upload the profile page uses. */
export async function uploadPhoto(base: string, who: CallMember, jpeg: Buffer): Promise<void> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "portrait.jpg");
  await ok(await api(base, who, "POST", "/api/profile/photos", form), "photo upload", 201);
}

export interface Challenge {
  id: string;
  /** performance.now() when it was drawn. */
  drawnAt: number;
}

/** The verification page's first step: a challenge (with consent). */
export async function drawChallenge(base: string, who: CallMember): Promise<Challenge> {
  const res = await api(base, who, "POST", "/api/verification/challenge", { consent: true });
  const drawnAt = performance.now();
  const { id } = (await ok(res, "verification challenge", 201)) as { id: string };
  return { id, drawnAt };
}

/** How long until `capture` may be sent for `challenge` (the server checks it could have been taken). */
export const captureWait = (challenge: Challenge, capture: Capture) =>
  Math.max(0, capture.times.at(-1)! + 200 - (performance.now() - challenge.drawnAt));

/** POST /api/verification with the capture: its wall time, and the state it answers. */
export async function submitVerification(
  base: string,
  who: CallMember,
  challenge: Challenge,
  capture: Capture,
): Promise<{ ms: number; status: string }> {
  const form = new FormData();
  form.set("challengeId", challenge.id);
  for (const [i, frame] of capture.frames.entries())
    form.append("frames", new Blob([new Uint8Array(frame)], { type: "image/jpeg" }), `frame-${i}.jpg`);
  for (const t of capture.times) form.append("times", String(t));
  const started = performance.now();
  const res = await api(base, who, "POST", "/api/verification", form);
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`verification: ${res.status} ${body}`);
  return { ms, status: (JSON.parse(body) as { status: string }).status };
}

/**
 * POST /api/calls/:id/live-check with three frames (multipart `frames`, as the call screen sends
 * them): its wall time and result.
 */
export async function liveCheck(
  base: string,
  who: CallMember,
  callId: string,
  frames: readonly Buffer[],
): Promise<{ ms: number; result: string }> {
  const form = new FormData();
  for (const [i, f] of frames.entries())
    form.append("frames", new Blob([new Uint8Array(f)], { type: "image/jpeg" }), `image-${i + 1}.jpg`);
  const started = performance.now();
  const res = await api(base, who, "POST", `/api/calls/${callId}/live-check`, form);
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`live check: ${res.status} ${body}`);
  return { ms, result: (JSON.parse(body) as { result: string }).result };
}

/**
 * Makes the member « not yet seen on a call » again, and gives back the day's live-check attempts
 * (LIVE_CHECK.ATTEMPTS_PER_DAY): the same verified member checked run after run.
 */
export async function resetLiveCheck(database: Database, who: CallMember): Promise<void> {
  await database.db.execute(sql`UPDATE profiles SET seen_on_call_at = NULL WHERE user_id = ${who.id}`);
  await database.db.execute(sql`DELETE FROM attempt_counters WHERE key = ${`live-check:${who.id}`}`);
}
