// The production build as the outside testers ran it, for scripts/attacks/replay.ts: the compiled
// server (build/server/main.mjs, NODE_ENV=production) on a fresh database of a PostgreSQL server, no
// SMTP (mails land in DATA_DIR/outbox), the demo payment provider allowed; members who sign up
// through the API and follow their e-mailed link, as real ones do; an administrator made with
// `admin:create` who turns TOTP on, as production requires.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createScratchDatabase, type ScratchDatabase } from "../../server/platform/db/scratch-database.ts";
import { vapidEnv } from "../../server/platform/settings/vapid-keys.ts";

export interface Production {
  base: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh database on the server at `adminUrl`, dropped by the returned function. */
export function scratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  return createScratchDatabase(adminUrl, "passerelle_attacks");
}

/** Starts an entry of the build (main.mjs by default) in production; resolves once it is ready. */
export async function startProduction(
  databaseUrl: string,
  extra: Record<string, string> = {},
  entry = "build/server/main.mjs",
): Promise<Production> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "passerelle-attacks-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: base,
    AUTH_SECRET: "attack-replay-secret-0123456789abcdef0123",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ALLOW_DEMO_PAYMENTS: "true",
    // Each request comes from an address of its own (call() below): the attacks are about the
    // per-account limits, not the per-address ones a single test machine would meet first.
    TRUST_PROXY: "true",
    LOG_LEVEL: "info",
    ...vapidEnv(),
    ...extra,
  };
  const child: ChildProcess = spawn(process.execPath, [entry], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  for (const started = Date.now(); !output.includes("Passerelle is ready"); await wait(100)) {
    if (child.exitCode !== null) throw new Error(`the production server stopped:\n${output}`);
    if (Date.now() - started > 180_000) throw new Error(`the production server was not ready:\n${output}`);
  }
  return { base, dataDir, env, output: () => output, stop };
}

/** Runs another entry of the build (create-admin…) with the server's settings; its exit code. */
export async function runEntry(p: Production, entry: string, args: string[]): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [entry, ...args], { env: p.env });
  return stdout + stderr;
}

export interface Session {
  cookie: string;
  userId: string;
  email: string;
  password: string;
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

let addresses = 0;
/** A documentation address (RFC 5737) not used before. */
const nextAddress = () => {
  addresses++;
  return `198.51.${100 + ((addresses >> 8) % 100)}.${addresses & 255}`;
};

/** A request as the app's pages send it (same origin, the session's cookie), from a new address. */
export function call(p: Production, cookie: string | null = null) {
  return (
    route: string,
    init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${p.base}${route}`, {
      method: init.method ?? (init.json || init.body ? "POST" : "GET"),
      redirect: "manual",
      headers: {
        origin: p.base,
        "x-forwarded-for": nextAddress(),
        ...(cookie ? { cookie } : {}),
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
}

/** The newest mail to `to` whose subject contains `subject`, from the outbox (waits for it). */
export async function mailTo(p: Production, to: string, subject: string): Promise<string> {
  const dir = path.join(p.dataDir, "outbox");
  for (const started = Date.now(); Date.now() - started < 60_000; await wait(100)) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
    for (const f of files.reverse().filter((f) => f.includes(to.replace(/[^a-zA-Z0-9@._-]/g, "_")))) {
      const mail = JSON.parse(await readFile(path.join(dir, f), "utf8")) as { subject: string; text: string };
      if (mail.subject.includes(subject)) return mail.text;
    }
  }
  throw new Error(`no mail « ${subject} » for ${to}`);
}

let counter = 0;

/** Signs up through the API, follows the e-mailed link (which signs in), fills a profile. */
export async function member(
  p: Production,
  gender: "male" | "female",
  profile: Record<string, unknown> = {},
): Promise<Session> {
  const email = `attaque-${Date.now()}-${++counter}@exemple.fr`;
  const password = "un mot de passe solide";
  const res = await call(p)("/api/auth/sign-up/email", {
    json: { email, password, name: "", ageConfirmed: true, termsAccepted: true },
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const link = /https?:\/\/\S+/.exec(await mailTo(p, email, "Confirmez"))![0];
  const confirmed = await fetch(link, { redirect: "manual" });
  const cookie = cookiesOf(confirmed);
  await saveProfile(p, cookie, gender, profile);
  return { cookie, userId: user.id, email, password };
}

/** Saves a whole profile through the form's endpoint: a member in France unless `profile` says otherwise. */
export async function saveProfile(
  p: Production,
  cookie: string,
  gender: "male" | "female",
  profile: Record<string, unknown> = {},
): Promise<void> {
  const saved = await call(p, cookie)("/api/profile", {
    method: "PUT",
    json: {
      firstName: gender === "female" ? "Awa" : "Julien",
      lastName: "Essai",
      gender,
      lookingFor: "Une relation sérieuse",
      birthDate: "1990-04-02",
      country: "France",
      phoneNumber: "",
      bio: "",
      occupation: "",
      education: "",
      languages: ["Français"],
      interests: ["Voyages"],
      ...profile,
    },
  });
  if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${await saved.text()}`);
}

/** Pays a month with the demo provider: messages, likes and streams are for subscribers. */
export async function subscribe(p: Production, m: Session): Promise<void> {
  const api = call(p, m.cookie);
  const checkout = (await (await api("/api/subscription/checkout", { json: { plan: "1-mois" } })).json()) as {
    id: string;
  };
  const res = await api(`/api/subscription/checkouts/${checkout.id}/confirm-demo`, { json: {} });
  if (res.status !== 200) throw new Error(`demo payment: ${res.status} ${await res.text()}`);
}

/** The 6-digit TOTP code (RFC 6238: SHA-1, 30 s) of an otpauth:// URI at a moment. */
export function totpCode(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  let bits = "";
  for (const ch of secret.replace(/=+$/, "").toUpperCase())
    bits += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from(
    Array.from({ length: bits.length >> 3 }, (_, i) => Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2)),
  );
  const counterBytes = Buffer.alloc(8);
  counterBytes.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", key).update(counterBytes).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

export interface Admin extends Session {
  totpUri: string;
}

/**
 * An administrator as production has them: made by `admin:create`, TOTP turned on through Better
 * Auth's endpoints (confirmed with the previous period's code, leaving the current ones unused).
 */
export async function administrator(p: Production): Promise<Admin> {
  const email = `admin-${Date.now()}@exemple.fr`;
  const password = "un mot de passe d’administrateur";
  await runEntry(p, "build/server/create-admin.mjs", ["--email", email, "--password", password]);
  const login = await call(p)("/api/admin/login", { json: { email, password } });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const cookie = cookiesOf(login);
  const enable = await call(p, cookie)("/api/auth/two-factor/enable", { json: { password } });
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const confirm = await call(p, cookie)("/api/auth/two-factor/verify-totp", {
    json: { code: totpCode(totpURI, Date.now() - 30_000) },
  });
  if (confirm.status !== 200) throw new Error(`TOTP: ${confirm.status} ${await confirm.text()}`);
  const me = (await (await call(p, cookie)("/api/admin/me")).json()) as { id: string };
  return { cookie: cookiesOf(confirm) || cookie, userId: me.id, email, password, totpUri: totpURI };
}

/** Signs an administrator in with a code: the first step's answer, then the second's. */
export async function adminSignIn(p: Production, a: Admin, code: string): Promise<Response> {
  const step = await call(p)("/api/admin/login", { json: { email: a.email, password: a.password } });
  return call(p, cookiesOf(step))("/api/admin/login/verify", { json: { code } });
}

export { wait };
