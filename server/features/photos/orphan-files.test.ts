// The orphan sweep (issue 33, finding 5), on each engine and each storage driver (local disk, and an
// S3-compatible server: s3rver): a file no row names goes once older than the grace period, a
// named one (a photo, its thumbnail, a hash's or a hold's key) never does, and the files of an upload
// in flight — written, their row not yet committed — are left alone. Then the daily job, through
// the queue.
import { utimes } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startJobWorkers } from "../../job-workers.ts";
import { queryRows } from "../../platform/db/client.ts";
import { photoHashes, photoReviews } from "../../platform/db/schema/index.ts";
import { thumbKey } from "../../platform/storage/photo-keys.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { createTestApp, engines, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { insertMember } from "../../test/members.ts";
import { type LocalS3, startLocalS3 } from "../../test/s3-server.ts";
import { PHOTO_QUEUES } from "./jobs.ts";
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from "./orphan-files.ts";
import { addPhoto } from "./photos.service.ts";

const HASH = "0101".repeat(16);
/** A moment the grace period has run out for every file written so far. */
const afterGrace = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

async function keysIn(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of storage.list()) keys.push(...page.map((e) => e.key));
  return keys.sort();
}

async function upload(t: TestApp, userId: string, storage: Storage = t.deps.storage) {
  const file = await makeImage("jpeg");
  const row = await addPhoto({ ...t.deps, storage }, userId, {
    name: "photo.jpg",
    type: "image/jpeg",
    size: file.length,
    bytes: async () => new Uint8Array(file),
  });
  return row.photos.at(-1)!;
}

for (const engine of engines()) {
  for (const driver of ["local", "s3"] as const) {
    describe(`orphan sweep [${engine}, ${driver}]`, () => {
      let t: TestApp;
      let s3: LocalS3 | undefined;
      beforeAll(async () => {
        s3 = driver === "s3" ? await startLocalS3() : undefined;
        t = await createTestApp(engine, s3?.env ?? {});
      });
      afterAll(async () => {
        await t?.close();
        await s3?.close();
      });

      it("removes what no row names once old enough, never a named file, and spares fresh ones", async () => {
        const { db } = t.deps.database;
        const { storage } = t.deps;
        const member = await insertMember(db, "female");
        const other = await insertMember(db, "male");
        const photo = await upload(t, member);
        // Keys only the moderation tables name: a hash, a hold, the other account's matched photo.
        const hashed = `photos/hash-${member}.jpg`;
        const held = `photos/held-${member}.jpg`;
        const matched = `photos/matched-${other}.jpg`;
        for (const key of [hashed, held, matched]) {
          await storage.put(key, bytes, "image/jpeg");
          await storage.put(thumbKey(key), bytes, "image/jpeg");
        }
        await db.insert(photoHashes).values({ photoKey: hashed, userId: member, hash: HASH, bands: [1] });
        await db.insert(photoReviews).values({
          userId: member,
          photoKey: held,
          reason: "reused",
          matchedUserId: other,
          matchedKey: matched,
        });
        // Orphans: a main photo and its thumbnail (what kill -9 mid-upload leaves) and a file named
        // like nothing the app makes: the sweep compares with the rows, not with a naming scheme.
        const orphans = [
          `photos/orphan-${member}.jpg`,
          thumbKey(`photos/orphan-${member}.jpg`),
          "misc/x.bin",
        ];
        for (const key of orphans) await storage.put(key, bytes, "image/jpeg");
        const named = [photo, thumbKey(photo), hashed, thumbKey(hashed), held, thumbKey(held)];
        named.push(matched, thumbKey(matched));

        // Today: all of them are younger than the grace period.
        const now = await sweepOrphanFiles(t.deps);
        expect(now).toMatchObject({
          listed: named.length + 3,
          referenced: named.length,
          fresh: 3,
          removed: 0,
        });
        expect(await keysIn(storage)).toEqual([...named, ...orphans].sort());

        // A day later: the orphans go, every named file stays.
        const later = await sweepOrphanFiles(t.deps, { now: afterGrace() });
        expect(later).toMatchObject({ listed: named.length + 3, referenced: named.length, fresh: 0 });
        expect(later).toMatchObject({ orphans: 3, removed: 3, bytes: 3 * bytes.length, refused: false });
        expect(await keysIn(storage)).toEqual([...named].sort());
        for (const key of orphans) expect(await storage.get(key)).toBeNull();
        expect((await storage.get(photo))?.body.length).toBeGreaterThan(100);
      });

      it("leaves alone the files of an upload in flight: written, their row not yet committed", async () => {
        const { storage } = t.deps;
        const member = await insertMember(t.deps.database.db, "female");
        let during: Awaited<ReturnType<typeof sweepOrphanFiles>> | undefined;
        const written: string[] = [];
        // The real storage, with the sweep run right after the upload's second write (its thumbnail),
        // before addPhoto's transaction adds the key to the profile.
        const inFlight: Storage = {
          ...storage,
          async put(key, body, type) {
            await storage.put(key, body, type);
            written.push(key);
            if (written.length === 2) during = await sweepOrphanFiles(t.deps);
          },
        };
        const key = await upload(t, member, inFlight);
        expect(written).toEqual([key, thumbKey(key)]);
        expect(during?.fresh).toBeGreaterThanOrEqual(2);
        expect(during?.removed).toBe(0);
        expect(await storage.get(key)).not.toBeNull();
        expect(await storage.get(thumbKey(key))).not.toBeNull();
        // Committed since: named, so kept however old.
        const later = await sweepOrphanFiles(t.deps, { now: afterGrace() });
        expect(later.removed).toBe(0);
        expect(await storage.get(thumbKey(key))).not.toBeNull();
      });
    });
  }
}

describe("orphan sweep, a database that names almost nothing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t?.close());

  it("removes nothing and says why when most old files would go", async () => {
    const { storage } = t.deps;
    const member = await insertMember(t.deps.database.db, "female");
    await upload(t, member);
    for (let i = 0; i < 25; i++) await storage.put(`photos/autre-base-${i}.jpg`, bytes, "image/jpeg");
    const report = await sweepOrphanFiles(t.deps, { now: afterGrace() });
    expect(report).toMatchObject({ listed: 27, referenced: 2, orphans: 25, removed: 0, refused: true });
    expect(await keysIn(storage)).toHaveLength(27);
  });
});

describe.each(engines())("orphan sweep job [%s]", (engine) => {
  let t: TestApp;
  let stopWorkers: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    stopWorkers = await startJobWorkers(t.deps, { pollingSeconds: 0.5, maintenanceSeconds: 1 });
  });
  afterAll(async () => {
    await stopWorkers?.();
    await t?.close();
  });

  it("is scheduled daily, and a run through the queue removes an orphan older than a day", async () => {
    const { db } = t.deps.database;
    const schedule = await queryRows(
      db,
      z.strictObject({ cron: z.string() }),
      sql`SELECT cron FROM pgboss.schedule WHERE name = 'orphan-files'`,
    );
    expect(schedule).toEqual([{ cron: "20 4 * * *" }]);

    const member = await insertMember(db, "male");
    const photo = await upload(t, member);
    const orphan = `photos/orphan-job-${member}.jpg`;
    await t.deps.storage.put(orphan, bytes, "image/jpeg");
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const folder = path.join(t.dataDir, "storage", "profiles");
    for (const key of [orphan, photo, thumbKey(photo)])
      await utimes(path.join(folder, key), twoDaysAgo, twoDaysAgo);

    const id = await t.deps.jobs.send(PHOTO_QUEUES.orphanFiles, {});
    const state = async () =>
      (
        await queryRows(
          db,
          z.strictObject({ state: z.string() }),
          sql`SELECT state FROM pgboss.job WHERE name = 'orphan-files' AND id = ${id}::uuid`,
        )
      )[0]?.state;
    // Waits for the job (a poll of its row; on a busy machine the worker may take a while).
    while (!["completed", "failed"].includes((await state()) ?? ""))
      await new Promise((r) => setTimeout(r, 100));
    expect(await state()).toBe("completed");
    expect(await t.deps.storage.get(orphan)).toBeNull();
    expect(await t.deps.storage.get(photo)).not.toBeNull();
    expect(await t.deps.storage.get(thumbKey(photo))).not.toBeNull();
  });
});
