// The real process (server/main.ts), started and stopped like in production:
// - SIGTERM: requests in flight are answered, event streams are closed, the database is closed
//   (the embedded folder's lock is released) and the process exits 0;
// - kill -9 in the middle of a stream of writes: after a restart, every write the API acknowledged
//   is there — on the embedded database (PGlite) and on a PostgreSQL server.
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startAppProcess } from "./test/app-process.ts";
import { createServerDatabase } from "./test/harness.ts";
import { linkIn, waitForMail } from "./test/mail.ts";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * A data folder whose embedded database is already migrated (a copy of the run's template), so a
 * start costs what a restart costs in production rather than a first initialisation.
 */
async function dataFolder(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dataDir);
  await cp(inject("pgliteDataDir"), path.join(dataDir, "db"), { recursive: true });
  return dataDir;
}

/** The app process with the settings of these tests (sign-ups and messages unthrottled). */
const start = (env: Record<string, string>) =>
  startAppProcess({ SIGNUP_RATE_LIMIT_MAX: "100", MESSAGES_PER_MINUTE: "100000", ...env });

const PROFILE = {
  firstName: "Essai",
  lastName: "Vie",
  lookingFor: "Une relation sérieuse",
  birthDate: "1990-04-02",
  country: "France",
  phoneNumber: "",
  bio: "",
  occupation: "",
  education: "",
  languages: ["Français"],
  interests: ["Voyages"],
};

/**
 * Signs up through the API (same-origin headers), follows the e-mailed confirmation link from the
 * app's outbox (it opens the session), and completes a subscribed-looking profile.
 */
async function member(base: string, dataDir: string, gender: "male" | "female") {
  const email = `vie-${Math.random().toString(36).slice(2)}@exemple.fr`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      email,
      password: "un mot de passe solide",
      name: "Essai",
      ageConfirmed: true,
      termsAccepted: true,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  const confirmed = await fetch(linkIn((await waitForMail(dataDir, email, "Confirmez")).text), {
    redirect: "manual",
  });
  expect(confirmed.status).toBe(302);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const profile = await fetch(`${base}/api/profile`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify({ ...PROFILE, gender }),
  });
  expect(profile.status, await profile.clone().text()).toBe(200);
  return { cookie, userId: user.id };
}

const api =
  (base: string, cookie: string) =>
  (p: string, method = "GET", json?: unknown) =>
    fetch(`${base}${p}`, {
      method,
      headers: { origin: base, cookie, ...(json ? { "content-type": "application/json" } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });

/** Pays with the demo provider, as a member would: events and messages are for subscribers. */
async function subscribe(base: string, m: { cookie: string }) {
  const call = api(base, m.cookie);
  const checkout = (await (await call("/api/subscription/checkout", "POST", { plan: "1-mois" })).json()) as {
    id: string;
  };
  expect((await call(`/api/subscription/checkouts/${checkout.id}/confirm-demo`, "POST", {})).status).toBe(
    200,
  );
}

describe("graceful shutdown on SIGTERM", () => {
  it("answers what is in flight, closes event streams and the database, exits 0", async () => {
    const dataDir = await dataFolder("passerelle-life-");
    const app = await start({ DATA_DIR: dataDir });
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
    const a = await member(app.base, dataDir, "female");
    await subscribe(app.base, a);
    const call = api(app.base, a.cookie);

    const stream = await call("/api/events");
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const streamEnded = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();

    // Twenty writes in flight, then the signal.
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      call("/api/profile", "PUT", { ...PROFILE, gender: "female", bio: `Écrit ${i}` }),
    );
    // Long enough for all of them to reach the server, short of their answers (they queue on the
    // database one after the other).
    await new Promise((r) => setTimeout(r, 50));
    app.child.kill("SIGTERM");
    const answers = await Promise.allSettled(inFlight);
    // Requests already received are answered (a request sent after the listener closed may be
    // refused at connection, never half-answered).
    const answered = answers.filter((r) => r.status === "fulfilled").map((r) => r.value.status);
    expect(answered.every((s) => s === 200)).toBe(true);
    expect(answered.length).toBeGreaterThan(0);

    expect(await streamEnded).toBe(true);
    expect(await app.exit).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, "db.lock")), "the database was closed").toBe(false);
  });
});

/**
 * Sends messages one after the other inside a match, noting each acknowledged one, kills the
 * process with SIGKILL once `acknowledgedBefore` writes are acknowledged (and more are in flight),
 * restarts it and reads the conversation back. Counting writes rather than waiting a fixed time
 * keeps the test meaningful on a busy machine.
 */
async function killDuringWrites(env: Record<string, string>, acknowledgedBefore: number) {
  const app = await start(env);
  const a = await member(app.base, env.DATA_DIR ?? "", "female");
  const b = await member(app.base, env.DATA_DIR ?? "", "male");
  await subscribe(app.base, a);
  await subscribe(app.base, b);
  const like = await api(app.base, a.cookie)("/api/likes", "POST", { likedId: b.userId, type: "like" });
  const { matchId } = (await like.json()) as { matchId: string };

  const acknowledged: string[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      try {
        const res = await api(app.base, a.cookie)(`/api/matches/${matchId}/messages`, "POST", {
          content: `n°${i}`,
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
      } catch {
        return; // the process is gone
      }
    }
  })();
  let writing = true;
  void writer.finally(() => {
    writing = false;
  });
  while (writing && acknowledged.length < acknowledgedBefore) await new Promise((r) => setTimeout(r, 10));
  app.child.kill("SIGKILL");
  stop = true;
  await writer;
  expect(await app.exit).toEqual({ code: null, signal: "SIGKILL" });

  const again = await start(env);
  const stored = new Set<string>();
  let before: string | undefined;
  for (;;) {
    const res = await api(
      again.base,
      a.cookie,
    )(`/api/matches/${matchId}/messages${before ? `?before=${encodeURIComponent(before)}` : ""}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: { id: string }[]; nextCursor: string | null };
    for (const m of page.data) stored.add(m.id);
    if (!page.nextCursor) break;
    before = page.nextCursor;
  }
  again.child.kill("SIGTERM");
  await again.exit;
  return { acknowledged, stored };
}

describe("kill -9 during a stream of writes", () => {
  it("keeps every acknowledged write on the embedded database", async () => {
    const dataDir = await dataFolder("passerelle-kill-");
    const { acknowledged, stored } = await killDuringWrites({ DATA_DIR: dataDir }, 20);
    console.log(`kill -9 [pglite]: ${acknowledged.length} acknowledged, ${stored.size} stored after restart`);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "keeps every acknowledged write on a PostgreSQL server",
    async () => {
      const server = await createServerDatabase();
      const dataDir = await mkdtemp(path.join(tmpdir(), "passerelle-kill-pg-"));
      dirs.push(dataDir);
      const { acknowledged, stored } = await killDuringWrites(
        { DATA_DIR: dataDir, DATABASE_URL: server.url },
        20,
      );
      console.log(
        `kill -9 [postgres]: ${acknowledged.length} acknowledged, ${stored.size} stored after restart`,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(20);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
    120_000,
  );
});
