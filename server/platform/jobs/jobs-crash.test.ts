// A durable job survives its worker's death: a digest batch is running (held on a lock mid-way, its
// e-mails not yet written) when the process is killed with SIGKILL; after a restart the job is given
// up by pg-boss's maintenance, retried, and writes each member's digest exactly once.
// PostgreSQL only: holding the job mid-way needs a second connection (a lock), which the embedded
// database, one process and one connection, cannot give.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@domain/notifications.ts";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { NOTIFICATION_QUEUES } from "../../features/notifications/index.ts";
import { JOB_CATALOGUE } from "../../job-catalogue.ts";
import { startAppProcess } from "../../test/app-process.ts";
import { createServerDatabase, type TestServerDatabase } from "../../test/harness.ts";
import { insertMember } from "../../test/members.ts";
import { openDatabase, queryRows } from "../db/client.ts";
import { matches, messages, notificationSettings, user } from "../db/schema/index.ts";
import { installJobSchema } from "./queue.ts";
import { queuesOf } from "./workers.ts";

const MEMBERS = 6;

async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 30_000,
): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("a job interrupted by kill -9 [postgres]", () => {
  let scratch: TestServerDatabase;
  let dataDir: string;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("runs once after the restart: every member gets one digest", async () => {
    scratch = await createServerDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "passerelle-jobs-"));
    const database = await openDatabase({ url: scratch.url, poolSize: 2 });
    const db = database.db;
    const ids: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const him = await insertMember(db, "male", { firstName: `Membre${i}` });
      const her = await insertMember(db, "female", { firstName: `Awa${i}` });
      await db.update(user).set({ emailVerified: true }).where(sql`id = ${him}`);
      await db.insert(notificationSettings).values({
        userId: him,
        preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, emailRhythm: "daily" },
        emailRhythm: "daily",
        emailCoveredUntil: new Date(Date.now() - 86_400_000),
      });
      const [match] = await db
        .insert(matches)
        .values({ user1Id: him < her ? him : her, user2Id: him < her ? her : him, status: "accepted" })
        .returning({ id: matches.id });
      await db.insert(messages).values({ matchId: match!.id, senderId: her, content: `Bonjour ${i}` });
      ids.push(him);
    }
    // Held mid-way: the digest's e-mails cannot be written while this lock is held.
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE email_outbox IN SHARE ROW EXCLUSIVE MODE");

    const boss = await installJobSchema(database, queuesOf(JOB_CATALOGUE));
    const jobId = await boss.send(
      NOTIFICATION_QUEUES.digestBatch.name,
      { userIds: ids, kind: "daily", periodKey: "2026-11-24" },
      // Given up 3 s after its worker stops answering (the queue's own policy says 15 minutes).
      { expireInSeconds: 3, retryDelay: 0 },
    );
    await boss.stop({ graceful: false, wait: true, close: false });
    const jobState = async () =>
      (
        await queryRows(
          db,
          z.strictObject({ state: z.string(), retry_count: z.number() }),
          sql`SELECT state::text, retry_count FROM pgboss.job WHERE id = ${jobId}::uuid`,
        )
      )[0];

    const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, JOB_MAINTENANCE_SECONDS: "1" };
    const first = (await startAppProcess(env)).child;
    children.push(first);
    await until("the job to start", jobState, (j) => j?.state === "active");
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    await holder.query("ROLLBACK");
    await holder.end();
    expect(
      (
        await queryRows(
          db,
          z.strictObject({ n: z.number() }),
          sql`SELECT count(*)::int AS n FROM email_outbox`,
        )
      )[0]?.n,
    ).toBe(0);

    children.push((await startAppProcess(env)).child);
    const done = await until("the job to complete", jobState, (j) => j?.state === "completed");
    expect(done?.retry_count).toBeGreaterThanOrEqual(1);
    const rows = await until(
      "the digests to be sent",
      () =>
        queryRows(
          db,
          z.strictObject({ user_id: z.string(), sent: z.boolean() }),
          sql`SELECT user_id, sent_at IS NOT NULL AS sent FROM email_outbox`,
        ),
      (r) => r.length === MEMBERS && r.every((x) => x.sent),
    );
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(ids));
    const files = (await readdir(path.join(dataDir, "outbox"))).filter((f) => f.endsWith(".json"));
    expect(files).toHaveLength(MEMBERS);
    await database.close();
  });
});
