// Bouclier (issue 36), measured: `npm run bench:shield`.
//
// 1. The content detector on the evaluation set (bench/shield/data, written with the rules) and on
//    the held-out set (bench/shield/holdout, written apart, without sight of the rules): precision
//    and recall of holding, every message read as if a new account sent it.
// 2. Replay through the real API (the app in this process, the embedded database): each scripted
//    scam account plays its script into four conversations, each genuine member three of the
//    genuine conversations into three; members new, e-mail confirmed, not selfie-verified — the
//    accounts the shield is hardest on. Figures: scam accounts restricted before their third
//    conversation (goal ≥ 90 %), genuine members restricted (goal ≤ 1 %), holding's precision and
//    recall as the running shield decided, restriction rates by country of origin.
// 3. What the shield adds to sending a message: p50 / p99 of the same sends with the shield on and
//    off, interleaved in batches in one run.
import { randomBytes } from "node:crypto";
import { analyseMessage } from "@domain/shield/analyse.ts";
import { DEFAULT_SHIELD_SETTINGS } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { saveShieldSettings } from "../server/features/shield/settings.ts";
import { queryRows } from "../server/platform/db/client.ts";
import { sessionCookie } from "./chat/seed.ts";
import { withCleanup } from "./harness/cleanup.ts";
import { watchMachine } from "./harness/machine.ts";
import { heading, printHeading, progress, table } from "./harness/report.ts";
import { startApp } from "./harness/server.ts";
import { ms, pct, ratio } from "./harness/stats.ts";
import {
  type GenuineConversation,
  genuineConversations,
  holdoutGenuine,
  holdoutScam,
  type ScamConversation,
  scamConversations,
} from "./shield/dataset.ts";

const log = progress("shield");
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const SCAM_CONVERSATIONS = 4;
const GENUINE_CONVERSATIONS = 3;
const COST_ROUNDS = Number(process.env.SHIELD_COST_ROUNDS ?? 12);
const COST_BATCH = 25;
const OPENER_BATCH = 10;

interface Counts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}
const precision = (c: Counts) => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
const recall = (c: Counts) => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));

function detectorCounts(scam: ScamConversation[], genuine: GenuineConversation[]): Counts {
  const c = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const conv of scam)
    for (const m of conv.messages) {
      const held = analyseMessage(m.text).money.request;
      if (m.kind === "money") held ? c.tp++ : c.fn++;
      else held ? c.fp++ : c.tn++;
    }
  for (const conv of genuine)
    for (const m of conv.messages) analyseMessage(m.text).money.request ? c.fp++ : c.tn++;
  return c;
}

function detector() {
  heading("Holding on the evaluation sets (the detector alone)");
  const rows = [
    ["evaluation set (rules written with it)", scamConversations(), genuineConversations()] as const,
    ["held-out set (written apart)", holdoutScam(), holdoutGenuine()] as const,
  ].map(([name, scam, genuine]) => {
    const c = detectorCounts(scam, genuine);
    const messages = c.tp + c.fn + c.fp + c.tn;
    return [name, messages, c.tp + c.fn, c.tp, c.fp, percent(precision(c)), percent(recall(c))];
  });
  table("set | messages | money requests | held rightly | held wrongly | precision | recall", rows);
}

interface Account {
  id: string;
  cookie: string;
  origin: string;
}

async function replay() {
  const authSecret = randomBytes(32).toString("hex");
  const app = await startApp({
    env: { AUTH_SECRET: authSecret, MESSAGES_PER_MINUTE: "100000", NEW_CONVERSATIONS_PER_DAY: "100000" },
  });
  const { db } = app.deps.database;
  const cookieOf = (token: string) =>
    [sessionCookie(token, authSecret), `__Secure-${sessionCookie(token, authSecret)}`].join("; ");

  let next = 0;
  /** A member straight into the database, with a session: `ageDays` old, e-mail confirmed. */
  async function account(gender: "male" | "female", country: string, origin: string, ageDays: number) {
    const id = `bench-shield-${++next}`;
    const token = randomBytes(24).toString("hex");
    const created = new Date(Date.now() - ageDays * 86_400_000).toISOString();
    await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
      VALUES (${id}, '', ${`${id}@bench.example`}, true, ${created}::timestamptz, now())`);
    await db.execute(sql`INSERT INTO profiles (user_id, first_name, last_name, gender, birth_date,
        birth_date_confirmed, country, origin_country, account_status, subscription_ends_at, onboarding_step, created_at)
      VALUES (${id}, ${`Membre${next}`}, 'Banc', ${gender}, '1990-01-01', true, ${country}, ${origin},
        'subscribed', now() + interval '30 days', 3, ${created}::timestamptz)`);
    await db.execute(sql`INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref, amount, currency)
      VALUES (${id}, 'bench', 'active', now(), now() + interval '30 days', 'bench', ${`bench-${id}`}, 1, 'EUR')`);
    await db.execute(sql`INSERT INTO session (id, token, user_id, expires_at, created_at, updated_at)
      VALUES (${`s-${id}`}, ${token}, ${id}, now() + interval '30 days', now(), now())`);
    return { id, cookie: cookieOf(token), origin };
  }
  async function match(a: string, b: string) {
    const [row] = await queryRows(
      db,
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO matches (user1_id, user2_id, status) VALUES (${a}, ${b}, 'accepted') RETURNING id::text`,
    );
    return row!.id;
  }
  async function send(from: Account, matchId: string, content: string) {
    const res = await fetch(`${app.base}/api/matches/${matchId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base, cookie: from.cookie },
      body: JSON.stringify({ content }),
    });
    if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  }
  const restricted = async (userId: string) =>
    (
      await queryRows(
        db,
        z.strictObject({ r: z.boolean() }),
        sql`SELECT EXISTS (SELECT 1 FROM shield_accounts WHERE user_id = ${userId} AND status IN ('hold', 'verify'))
          OR EXISTS (SELECT 1 FROM messages WHERE sender_id = ${userId} AND shield IS NOT NULL) AS r`,
      )
    )[0]!.r;
  const shieldOf = async (id: string) =>
    (
      await queryRows(
        db,
        z.strictObject({ shield: z.string().nullable() }),
        sql`SELECT shield FROM messages WHERE id = ${id}::uuid`,
      )
    )[0]!.shield;

  try {
    const scam = [...scamConversations(), ...holdoutScam()];
    const genuine = [...genuineConversations(), ...holdoutGenuine()];
    const c: Counts = { tp: 0, fn: 0, fp: 0, tn: 0 };
    const byOrigin = new Map<
      string,
      { scam: number; scamRestricted: number; genuine: number; genuineRestricted: number }
    >();
    const origin = (o: string) => {
      const row = byOrigin.get(o) ?? { scam: 0, scamRestricted: 0, genuine: 0, genuineRestricted: 0 };
      byOrigin.set(o, row);
      return row;
    };
    const gender = (g: "man" | "woman") => (g === "man" ? "male" : "female");
    const other = (g: "man" | "woman") => (g === "man" ? "female" : "male");

    log(`replaying ${scam.length} scam accounts × ${SCAM_CONVERSATIONS} conversations…`);
    let scamEarly = 0;
    for (const conv of scam) {
      const p = conv.persona;
      const me = await account(gender(p.gender), p.residenceCountry, p.originCountry, 0);
      let early = false;
      for (let k = 0; k < SCAM_CONVERSATIONS; k++) {
        if (k === 2) early = await restricted(me.id);
        const target = await account(other(p.gender), "France", "France", 200);
        const matchId = await match(me.id, target.id);
        for (const m of conv.messages) {
          const id = await send(me, matchId, m.text);
          const held = (await shieldOf(id)) === "held";
          if (k === 0) {
            if (m.kind === "money") held ? c.tp++ : c.fn++;
            else held ? c.fp++ : c.tn++;
          }
        }
      }
      if (early) scamEarly++;
      const row = origin(p.originCountry);
      row.scam++;
      if (early) row.scamRestricted++;
    }

    log(`replaying ${genuine.length} genuine members × ${GENUINE_CONVERSATIONS} conversations…`);
    let genuineRestricted = 0;
    for (const [i, conv] of genuine.entries()) {
      const p = conv.persona;
      const me = await account(gender(p.gender), p.residenceCountry, p.originCountry, 0);
      for (let k = 0; k < GENUINE_CONVERSATIONS; k++) {
        const script = genuine[(i + k) % genuine.length]!;
        const target = await account(other(p.gender), "Sénégal", "Sénégal", 200);
        const matchId = await match(me.id, target.id);
        for (const m of script.messages) {
          const id = await send(me, matchId, m.text);
          if (k === 0) (await shieldOf(id)) === "held" ? c.fp++ : c.tn++;
        }
      }
      const r = await restricted(me.id);
      if (r) genuineRestricted++;
      const row = origin(p.originCountry);
      row.genuine++;
      if (r) row.genuineRestricted++;
    }

    heading("Replay through the API (new, e-mail confirmed, unverified accounts)");
    table("figure | value | goal", [
      [
        "scam accounts restricted before their 3rd conversation",
        `${scamEarly} / ${scam.length} = ${percent(scamEarly / scam.length)}`,
        "≥ 90 %",
      ],
      [
        "genuine members restricted",
        `${genuineRestricted} / ${genuine.length} = ${percent(genuineRestricted / genuine.length)}`,
        "≤ 1 %",
      ],
      ["holding precision (first conversations)", percent(precision(c)), ""],
      ["holding recall (first conversations)", percent(recall(c)), ""],
    ]);
    heading("Restriction rates by country of origin", 3);
    table(
      "country of origin | scam accounts | restricted | genuine members | restricted",
      [...byOrigin.entries()]
        .sort((a, b) => a[0].localeCompare(b[0], "fr"))
        .map(([country, r]) => [
          country,
          r.scam,
          r.scam ? percent(r.scamRestricted / r.scam) : "–",
          r.genuine,
          r.genuine ? percent(r.genuineRestricted / r.genuine) : "–",
        ]),
    );

    // The cost: the same sends (a verified member of long standing to another, genuine texts with a
    // number among them), the shield on and off in alternate batches.
    log(`timing ${COST_ROUNDS} rounds of ${COST_BATCH} sends with the shield on and off…`);
    const a = await account("male", "France", "Côte d’Ivoire", 400);
    const b = await account("female", "Côte d’Ivoire", "Côte d’Ivoire", 400);
    await db.execute(sql`UPDATE profiles SET verified_at = now() WHERE user_id IN (${a.id}, ${b.id})`);
    const matchId = await match(a.id, b.id);
    const texts = genuine.flatMap((g) => g.messages.map((m) => m.text));
    const admin = { id: a.id, email: "bench@bench.example" };
    const samples: Record<"on" | "off", number[]> = { on: [], off: [] };
    const openers: Record<"on" | "off", number[]> = { on: [], off: [] };
    let t = 0;
    for (let round = -1; round < COST_ROUNDS; round++)
      for (const mode of ["off", "on"] as const) {
        await saveShieldSettings(
          app.deps.database,
          {
            ...DEFAULT_SHIELD_SETTINGS,
            enabled: mode === "on",
            // The timing's sender starts hundreds of conversations: out of the allowance's way.
            allowances: { unconfirmed: 1000, email: 1000, selfie: 1000 },
          },
          admin,
        );
        for (let i = 0; i < COST_BATCH; i++) {
          const started = performance.now();
          await send(a, matchId, texts[t++ % texts.length]!);
          if (round >= 0) samples[mode].push(performance.now() - started);
        }
        // First messages, in conversations of their own: the shield does the most for them.
        for (let i = 0; i < OPENER_BATCH; i++) {
          const target = await account("female", "Sénégal", "Sénégal", 300);
          const opening = await match(a.id, target.id);
          const started = performance.now();
          await send(a, opening, texts[t++ % texts.length]!);
          if (round >= 0) openers[mode].push(performance.now() - started);
        }
      }
    heading("What the shield adds to sending a message", 3);
    const row = (what: string, xs: Record<"on" | "off", number[]>, mode: "on" | "off") => [
      `${what}, shield ${mode}${mode === "off" ? " (baseline)" : ""}`,
      ms(pct(xs[mode], 50)),
      ms(pct(xs[mode], 99)),
      ratio(pct(xs[mode], 50) / pct(xs.off, 50), 2),
    ];
    table("send (POST …/messages) | p50 ms | p99 ms | p50 ratio", [
      row("in a conversation", samples, "off"),
      row("in a conversation", samples, "on"),
      row("a first message", openers, "off"),
      row("a first message", openers, "on"),
    ]);
    console.log(
      `\n${samples.on.length} sends and ${openers.on.length} first messages each way, in alternating batches; the embedded database, one process.`,
    );
  } finally {
    await app.stop();
  }
}

const machine = watchMachine();
await withCleanup(async () => {
  printHeading("Bouclier (issue 36)", machine);
  detector();
  await replay();
  console.log(`\n${machine.line()}`);
});
