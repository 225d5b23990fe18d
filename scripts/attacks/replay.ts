// The outside tests of issue 33, run again against the production build: `npm run build`, then
//   node --import tsx scripts/attacks/replay.ts [--database postgres://postgres@127.0.0.1:5432/test]
// Each attack or fault is what the testers did, over HTTP (or the command line) against
// build/server/main.mjs in production on a fresh database of the PostgreSQL server; the answer is
// printed beside what they found, and whether it is now the expected one. It takes a few minutes
// (two waits of 62 s: Better Auth's pruning is driven by its own clock). Exits 1 when an answer is
// not the expected one. docs/testing.md keeps the last run's table.
import { spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { parseArgs } from "node:util";
import pg from "pg";
import { makeImage, makePngBomb } from "../../server/test/image-fixtures.ts";
import {
  type Admin,
  administrator,
  adminSignIn,
  call,
  cookiesOf,
  mailTo,
  member,
  type Production,
  type Session,
  saveProfile,
  scratchDatabase,
  startProduction,
  subscribe,
  totpCode,
  wait,
} from "./production.ts";

const { values } = parseArgs({
  options: { database: { type: "string", default: "postgres://postgres@127.0.0.1:5432/test" } },
});
const ADMIN_URL = values.database!;

interface Result {
  finding: string;
  found: string;
  now: string;
  ok: boolean;
}
const results: Result[] = [];
function report(finding: string, found: string, now: string, ok: boolean) {
  results.push({ finding, found, now, ok });
  console.error(`${ok ? "✓" : "✗"} ${finding}: ${now}`);
}

const errorCode = async (res: Response) => {
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string }; code?: string };
  return body.error?.code ?? body.code ?? "";
};

function photoForm(bytes: Uint8Array, name = "photo.png", type = "image/png"): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** Waits, if needed, until the current 30-second TOTP period is at most `at` seconds old. */
async function earlyInPeriod(at = 20): Promise<void> {
  const into = (Date.now() % 30_000) / 1000;
  if (into > at) await wait((30 - into) * 1000 + 200);
}

async function bombs(p: Production, m: Session) {
  const api = call(p, m.cookie);
  const big = makePngBomb(16_000, 16_000, { interlaced: true });
  let started = performance.now();
  const one = await api("/api/profile/photos", { body: photoForm(big) });
  const oneMs = performance.now() - started;
  const code = await errorCode(one);
  started = performance.now();
  const four = await Promise.all(
    [big, big, big, makePngBomb(10_000, 10_000, { interlaced: true })].map((b) =>
      api("/api/profile/photos", { body: photoForm(b) }).then(
        async (r) => `${r.status} ${await errorCode(r)}`,
      ),
    ),
  );
  const fourMs = performance.now() - started;
  report(
    "H1 16000² interlaced PNG upload (then four at once)",
    "139 s, 33 CPU-s, 2.8 GB, then 400 PHOTO_NOT_IMAGE; four held the pool 43 s",
    `${one.status} ${code} in ${oneMs.toFixed(0)} ms; four at once ${fourMs.toFixed(0)} ms (${[...new Set(four)].join(", ")})`,
    one.status === 400 &&
      code === "PHOTO_TOO_MANY_PIXELS" &&
      four.every((f) => f === "400 PHOTO_TOO_MANY_PIXELS"),
  );
}

async function countersAndTotp(p: Production, m: Session, a: Admin) {
  const api = call(p, m.cookie);
  // UPLOADS_PER_HOUR=2 on this server: every upload request counts, even one without a file.
  const uploads = [];
  for (let i = 0; i < 3; i++)
    uploads.push((await api("/api/profile/photos", { body: new FormData() })).status);
  await earlyInPeriod();
  const code = totpCode(a.totpUri, Date.now() + 30_000);
  const first = await adminSignIn(p, a, code);
  const anonymous = () =>
    call(p)("/api/auth/sign-in/email", { json: { email: "personne@exemple.fr", password: "pas le bon" } });
  await anonymous();
  await wait(62_000);
  await anonymous();
  await wait(2_000); // Better Auth prunes in the background after answering.
  const upload = await api("/api/profile/photos", { body: new FormData() });
  report(
    "M2 an upload refused by the hourly limit, 62 s after an anonymous failed sign-in",
    "allowed again (the counter was deleted)",
    `before: ${uploads.join(", ")}; after: ${upload.status} ${await errorCode(upload)}`,
    uploads[2] === 429 && upload.status === 429,
  );
  const replay = await adminSignIn(p, a, code);
  report(
    "M2 a used TOTP code, 62 s later, after the pruning",
    "opened a second admin session",
    `first use ${first.status}; replay ${replay.status} ${await errorCode(replay)}`,
    first.status === 200 && replay.status === 401,
  );
}

async function adminThroughMemberSignIn(p: Production, a: Admin) {
  const statuses = [];
  for (let i = 0; i < 6; i++)
    statuses.push(
      (await call(p)("/api/admin/login", { json: { email: a.email, password: "pas le bon" } })).status,
    );
  const res = await call(p)("/api/auth/sign-in/email", { json: { email: a.email, password: a.password } });
  const body = (await res.json()) as { code?: string; twoFactorRedirect?: boolean };
  report(
    "M3 the member sign-in with an administrator’s right password, after the admin sign-in’s 429",
    "tested passwords (5/min) and confirmed the right one (twoFactorRedirect)",
    `admin sign-in: ${statuses.join(", ")}; member sign-in: ${res.status} ${body.code ?? ""}${body.twoFactorRedirect ? " twoFactorRedirect" : ""}`,
    statuses.at(-1) === 429 && res.status === 401 && !body.twoFactorRedirect,
  );
}

async function trustedDevice(p: Production, a: Admin) {
  await earlyInPeriod();
  const step = await call(p)("/api/admin/login", { json: { email: a.email, password: a.password } });
  const res = await call(p, cookiesOf(step))("/api/auth/two-factor/verify-totp", {
    json: { code: totpCode(a.totpUri, Date.now() + 30_000), trustDevice: true },
  });
  report(
    "L an administrator’s « trust this device »",
    "the mandatory TOTP became once a month",
    `${res.status} ${await errorCode(res)}`,
    res.status === 403,
  );
}

async function emailChange(p: Production) {
  const m = await member(p, "female");
  const api = call(p, m.cookie);
  const without = await api("/api/auth/change-email", { json: { newEmail: "voleur@exemple.fr" } });
  const withPassword = await api("/api/auth/change-email", {
    json: { newEmail: "nouvelle@exemple.fr", password: m.password },
  });
  const told = await mailTo(p, m.email, "Changement d’adresse").then(
    () => "old address told",
    () => "old address not told",
  );
  report(
    "L an e-mail change from a stolen session (no password)",
    "changed without the password, the old address not told",
    `without: ${without.status} ${await errorCode(without)}; with the password: ${withPassword.status}, ${told}`,
    without.status === 400 && withPassword.status === 200 && told === "old address told",
  );
}

async function fcfaFlip(p: Production) {
  const m = await member(p, "male");
  const api = call(p, m.cookie);
  await saveProfile(p, m.cookie, "male", { country: "Sénégal" });
  const res = await api("/api/subscription/checkout", {
    json: { plan: "1-mois", currency: "XOF", method: "card" },
  });
  report(
    "L FCFA prices by declaring an African country for a minute (card)",
    "6 500 FCFA instead of 19,99 €",
    `${res.status} ${await errorCode(res)}`,
    res.status === 400,
  );
}

async function openRedirect(p: Production) {
  const m = await member(p, "female");
  const api = call(p, m.cookie);
  const checkout = (await (
    await api("/api/subscription/checkout", { json: { plan: "1-mois", returnTo: "/.//evil.example/x" } })
  ).json()) as { id: string };
  const back = (await (await api(`/api/subscription/checkouts/${checkout.id}`)).json()) as {
    returnTo: string | null;
  };
  report(
    "L returnTo « /.//evil.example/x » after payment",
    "became //evil.example/x",
    `returnTo ${JSON.stringify(back.returnTo)}`,
    back.returnTo === null || (back.returnTo.startsWith("/") === true && !back.returnTo.startsWith("//")),
  );
}

async function heldPhotos(p: Production) {
  const owner = await member(p, "female");
  const thief = await member(p, "female");
  const photo = await makeImage("jpeg", 800, 600);
  await call(p, owner.cookie)("/api/profile/photos", { body: photoForm(photo, "a.jpg", "image/jpeg") });
  const res = await call(p, thief.cookie)("/api/profile/photos", {
    body: photoForm(photo, "b.jpg", "image/jpeg"),
  });
  const held = ((await res.json()) as { photos: { key: string; url: string }[] }).photos[0]!;
  const anonymous = await fetch(`${p.base}${held.url}`);
  const own = await fetch(`${p.base}${held.url}`, { headers: { cookie: thief.cookie } });
  const misses: number[] = [];
  for (let i = 0; i < 31; i++)
    misses.push(
      (await fetch(`${p.base}/storage/profiles/photos/${thief.userId}${Date.now() + i}.jpg`)).status,
    );
  report(
    "L a photo held by screening, by its URL; then guessing names",
    "served publicly; 1,514 guesses in 10 s",
    `key ${held.key.replace(thief.userId, "<id>")}; anonymous ${anonymous.status}, owner ${own.status}; guesses: ${misses.filter((s) => s === 404).length}× 404 then ${misses.at(-1)}`,
    anonymous.status === 404 &&
      own.status === 200 &&
      misses.at(-1) === 429 &&
      /-[0-9a-f]{32}\./.test(held.key),
  );
}

async function streams(p: Production) {
  const m = await member(p, "male");
  await subscribe(p, m);
  const controllers: AbortController[] = [];
  let open = 0;
  const opened: { ended: Promise<boolean> }[] = [];
  // One after the other, each registered (its « ready » event read) before the next: the oldest first.
  for (let i = 0; i < 60; i++) {
    const ac = new AbortController();
    controllers.push(ac);
    const res = await fetch(`${p.base}/api/events`, {
      headers: { cookie: m.cookie, origin: p.base },
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    open++;
    // A stream the server closes ends; one it keeps stays open until aborted below.
    const ended = (async () => {
      try {
        for (;;) if ((await reader.read()).done) return true;
      } catch {
        return false;
      }
    })();
    opened.push({ ended });
  }
  const endedByServer = await Promise.race([
    Promise.all(opened.slice(0, 50).map((o) => o.ended)).then(() => 50),
    wait(30_000).then(() => -1),
  ]);
  for (const ac of controllers) ac.abort();
  report(
    "L one member opening many event streams (60 here)",
    "4,000 streams for one member",
    `${open} opened; the server closed the ${endedByServer === 50 ? "50 oldest" : "oldest? (timed out)"}, 10 left`,
    endedByServer === 50,
  );
}

async function twoFactorPasswords(p: Production) {
  const m = await member(p, "female");
  const statuses = [];
  for (let i = 0; i < 6; i++)
    statuses.push(
      (await call(p, m.cookie)("/api/auth/two-factor/get-totp-uri", { json: { password: "x" } })).status,
    );
  report(
    "L /two-factor/get-totp-uri and /enable test the password",
    "outside the per-account limits",
    statuses.join(", "),
    statuses.at(-1) === 429,
  );
}

async function demoData() {
  const db = await scratchDatabase(ADMIN_URL);
  try {
    // `npm start`'s entry on an empty database server, as a newcomer would run it (development mode).
    const dev = { NODE_ENV: "development", AUTH_SECRET: "x".repeat(40) };
    await (await startProduction(db.url, dev, "build/server/demo.mjs")).stop();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const count = async () => Number((await client.query('SELECT count(*) AS n FROM "user"')).rows[0].n);
    const users = await count();
    // Seeded when asked, then production on it.
    await (await startProduction(db.url, { ...dev, SEED_DEMO: "true" }, "build/server/demo.mjs")).stop();
    const seeded = await count();
    await client.end();
    const refusal = await startProduction(db.url).then(
      async (started) => {
        await started.stop();
        return "production started on the demo data";
      },
      (err: Error) =>
        err.message.includes("demo administrator") ? "production refused to start" : err.message,
    );
    report(
      "L npm start on an empty PostgreSQL database, then npm run serve",
      "seeded the demo administrator with its published password; production then started on it",
      `npm start seeded ${users} accounts; with SEED_DEMO=true ${seeded}; then ${refusal}`,
      users === 0 && seeded > 0 && refusal === "production refused to start",
    );
  } finally {
    await db.drop();
  }
}

function mailLog(p: Production) {
  const tokens = [...p.output().matchAll(/token=([\w.-]{20,})/g)];
  report(
    "I links in the log when production has no SMTP",
    "working reset and verification links written to the log",
    tokens.length === 0 ? "no link or token in the log" : `${tokens.length} tokens in the log`,
    tokens.length === 0,
  );
}

async function deletionRaces(p: Production) {
  let fiveHundreds = 0;
  let deleted = 0;
  const uploadAnswers = new Set<number>();
  for (let round = 0; round < 10; round++) {
    const him = await member(p, "male");
    const her = await member(p, "female");
    await subscribe(p, him);
    await subscribe(p, her);
    const like = await call(p, him.cookie)("/api/likes", { json: { likedId: her.userId, type: "like" } });
    const { matchId } = (await like.json()) as { matchId: string };
    const send = () =>
      call(p, him.cookie)(`/api/matches/${matchId}/messages`, { json: { content: "Bonjour" } });
    const upload = () =>
      makeImage("jpeg", 300, 200).then((img) =>
        call(p, him.cookie)("/api/profile/photos", { body: photoForm(img, "p.jpg", "image/jpeg") }),
      );
    const photo = upload();
    const writes = [send(), send(), photo, send(), send()];
    const deletion = call(p, him.cookie)("/api/me/delete", { json: { password: him.password } });
    const answers = await Promise.all([...writes, send(), send()]);
    const d = await deletion;
    if (d.status === 204) deleted++;
    for (const a of [...answers, d]) if (a.status >= 500) fiveHundreds++;
    uploadAnswers.add((await photo).status);
  }
  report(
    "R1/R3 a member deletes their account while their messages and a photo are being sent (10 rounds)",
    "4–5 of 10 deletions 500 (deadlock), nothing deleted; uploads 500 or 409",
    `${deleted} of 10 deleted, ${fiveHundreds} answers ≥ 500; the uploads answered ${[...uploadAnswers].sort().join(", ")}`,
    deleted === 10 && fiveHundreds === 0 && [...uploadAnswers].every((s) => s === 201 || s === 401),
  );
}

async function keptAlive413(p: Production) {
  const port = Number(new URL(p.base).port);
  const body = JSON.stringify({ email: "a@exemple.fr", password: "x".repeat(200_000) });
  const head = [
    "POST /api/auth/sign-in/email HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    `Origin: ${p.base}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    "",
  ].join("\r\n");
  let closes = 0;
  for (let i = 0; i < 20; i++) {
    const socket: Socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (c) => {
        text += String(c);
        if (text.includes("\r\n\r\n")) resolve(text);
      });
      socket.once("close", () => resolve(text));
    });
    // The headers and part of the body, as a slow network sends them.
    socket.write(head + body.slice(0, 50_000));
    const text = await answer;
    if (/^HTTP\/1\.1 413/.test(text) && /\r\nconnection: close\r\n/i.test(text)) closes++;
    socket.destroy();
  }
  report(
    "R4 a 413 on a kept-alive connection (20 times)",
    "Connection: keep-alive, then the socket closed 0.5 s later: the next request failed 20 of 20",
    `${closes} of 20 answered 413 with Connection: close`,
    closes === 20,
  );
}

async function backupDuringDeletions(p: Production) {
  const m = await member(p, "female");
  const api = call(p, m.cookie);
  const keys = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await api("/api/profile/photos", {
      body: photoForm(await makeImage("jpeg", 400, 300), "p.jpg", "image/jpeg"),
    });
    if (res.status === 201)
      for (const x of ((await res.json()) as { photos: { key: string }[] }).photos) keys.add(x.key);
  }
  const out = `${p.dataDir}/sauvegarde`;
  const backup = new Promise<{ code: number | null; text: string }>((resolve) => {
    const child = spawn(process.execPath, ["build/server/backup.mjs", "--out", out], { env: p.env });
    let text = "";
    child.stdout.on("data", (c) => {
      text += String(c);
    });
    child.stderr.on("data", (c) => {
      text += String(c);
    });
    child.once("exit", (code) => resolve({ code, text }));
  });
  // Deletions while it runs.
  for (const key of [...keys].slice(0, 4))
    await api(`/api/profile/photos?path=${encodeURIComponent(key)}`, { method: "DELETE" });
  const { code, text } = await backup;
  report(
    "R2 a backup while photos are deleted",
    "3 of 3 restores had keys without their file; success printed every time",
    `exit ${code}; ${text.trim().split("\n").slice(-2).join(" / ")}`,
    code === 0,
  );
}

const db = await scratchDatabase(ADMIN_URL);
let p: Production | undefined;
try {
  p = await startProduction(db.url);
  console.error(`production build on ${p.base}, database ${db.name}`);
  await bombs(p, await member(p, "male"));
  await adminThroughMemberSignIn(p, await administrator(p));
  await trustedDevice(p, await administrator(p));
  await emailChange(p);
  await fcfaFlip(p);
  await openRedirect(p);
  await twoFactorPasswords(p);
  await streams(p);
  await keptAlive413(p);
  await heldPhotos(p);
  await deletionRaces(p);
  await backupDuringDeletions(p);
  mailLog(p);
  await p.stop();
  // The hourly upload limit at 2, to meet it in three requests.
  p = await startProduction(db.url, { UPLOADS_PER_HOUR: "2" });
  await countersAndTotp(p, await member(p, "female"), await administrator(p));
  await p.stop();
  p = undefined;
  await demoData();
} finally {
  await p?.stop();
  await db.drop();
}

console.log(`\n| finding | what the outside test found | the production build now | as expected |`);
console.log("|---|---|---|---|");
for (const r of results) console.log(`| ${r.finding} | ${r.found} | ${r.now} | ${r.ok ? "yes" : "**no**"} |`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
