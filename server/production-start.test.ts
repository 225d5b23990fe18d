// Issue 33: production and the demo data. The demo seed's administrator signs in with a password
// published in the README, so production (the bundled server, NODE_ENV=production) refuses to start
// on a database holding it; and a production server without SMTP writes its mails to the outbox but
// never logs their text, whose links work.
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO_ADMIN_EMAIL } from "./platform/auth/demo-administrator.ts";
import { openDatabase } from "./platform/db/client.ts";
import { user } from "./platform/db/schema/index.ts";
import { vapidEnv } from "./platform/settings/vapid-keys.ts";
import { freePort } from "./test/app-process.ts";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A migrated embedded database in a fresh data folder, with `users` inserted. */
async function dataFolder(users: { id: string; email: string; role?: string }[] = []): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "passerelle-prod-"));
  dirs.push(dataDir);
  await cp(inject("pgliteDataDir"), path.join(dataDir, "db"), { recursive: true });
  if (users.length > 0) {
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      await database.db
        .insert(user)
        .values(users.map((u) => ({ ...u, name: "", emailVerified: true, role: u.role ?? "user" })));
    } finally {
      await database.close();
    }
  }
  return dataDir;
}

interface Production {
  child: ChildProcess;
  base: string;
  output: () => string;
  exit: Promise<number | null>;
}

async function startProduction(dataDir: string): Promise<Production> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [inject("serverBundle")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: base,
      AUTH_SECRET: "production-start-test-secret-0123456789",
      ALLOW_EMBEDDED_DATABASE: "true",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // Loaded on first use instead: no photo is screened here (config.preloadModels).
      PRELOAD_MODELS: "false",
      ...vapidEnv(),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, base, output: () => output, exit };
}

async function ready(app: Production): Promise<void> {
  for (;;) {
    if (app.child.exitCode !== null) throw new Error(`the app stopped:\n${app.output()}`);
    if (app.output().includes("Passerelle is ready")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("production start", () => {
  it("refuses to start on a database holding the demo administrator", async () => {
    const app = await startProduction(
      await dataFolder([{ id: "demo-admin", email: DEMO_ADMIN_EMAIL, role: "admin" }]),
    );
    expect(await app.exit).toBe(1);
    expect(app.output()).toContain(`The demo administrator ${DEMO_ADMIN_EMAIL}`);
  });

  it("starts without SMTP, writes mails to the outbox and never logs their links", async () => {
    const email = "membre.prod@exemple.fr";
    const dataDir = await dataFolder();
    const app = await startProduction(dataDir);
    try {
      await ready(app);
      const res = await fetch(`${app.base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.base },
        body: JSON.stringify({
          email,
          password: "un mot de passe solide",
          name: "",
          ageConfirmed: true,
          termsAccepted: true,
        }),
      });
      expect(res.status).toBe(200);
      // The confirmation mail, with its working link, in the outbox…
      let text = "";
      for (;;) {
        const files = await readdir(path.join(dataDir, "outbox")).catch(() => [] as string[]);
        const file = files.find((f) => f.endsWith(".json") && f.includes("membre.prod"));
        if (file) {
          text = (JSON.parse(await readFile(path.join(dataDir, "outbox", file), "utf8")) as { text: string })
            .text;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const link = /https?:\/\/\S+token=[^\s&]+/.exec(text)?.[0];
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get("token")!;
      // …and in the log only its address and subject.
      for (;;) {
        if (app.output().includes("e-mail written to outbox")) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(app.output()).not.toContain(token);
      expect(app.output()).toContain("SMTP_URL is not set");
    } finally {
      app.child.kill("SIGTERM");
      await app.exit;
    }
  });
});
