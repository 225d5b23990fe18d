// Every column that may hold a storage key is classified: listed in STORAGE_KEY_COLUMNS (the orphan
// sweep keeps what it names, a backup checks the required ones), or known to hold something else.
// A new column named like a photo, an image, a file or a key fails here until it is one or the other.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { namesFile, STORAGE_KEY_COLUMNS, VOICE_KEY_COLUMNS, withThumbnails } from "./key-references.ts";

/** Columns whose names look like storage keys but hold something else. */
const NOT_STORAGE_KEYS: Record<string, string> = {
  "rate_limit.key": "Better Auth’s rate-limit counter key (an address and a path)",
  "attempt_counters.key": "the app’s own attempt and rate counters (a kind and an account or address)",
  "user.image": "Better Auth’s account picture URL: nothing in the app sets it (server/app.ts closes it)",
  "email_outbox.dedupe_key": "one e-mail per member and day or job",
  "notification_log.dedupe_key": "one notification per subscription end date",
  "photo_renditions.photo_key":
    "a photo profiles.photos names, whose renditions are made: its files (photos/r/<file>-…) follow that photo, not this row",
};

const LOOKS_LIKE_A_KEY = /photo|image|picture|selfie|frame|file|thumb|(^|_)key$/;

describeOnEngine("storage key columns", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it("lists every text column that may name a stored file, and no column that does not exist", async () => {
    const columns = await queryRows(
      t.deps.database.db,
      z.strictObject({ name: z.string(), array: z.boolean() }),
      sql`SELECT table_name || '.' || column_name AS name, data_type = 'ARRAY' AS array
        FROM information_schema.columns
        WHERE table_schema = 'public' AND (data_type = 'text' OR udt_name = '_text')`,
    );
    const looking = columns.filter((c) => LOOKS_LIKE_A_KEY.test(c.name.split(".")[1]!)).map((c) => c.name);
    const keyColumns = [...STORAGE_KEY_COLUMNS, ...VOICE_KEY_COLUMNS];
    const listed = keyColumns.map((c) => `${c.table}.${c.column}`);
    expect(looking.filter((c) => !listed.includes(c) && !(c in NOT_STORAGE_KEYS))).toEqual([]);
    for (const c of keyColumns) {
      expect(columns, `${c.table}.${c.column}`).toContainEqual({
        name: `${c.table}.${c.column}`,
        array: c.array,
      });
    }
    for (const name of Object.keys(NOT_STORAGE_KEYS)) expect(columns.map((c) => c.name)).toContain(name);
  });
});

describe("the files a photo’s key names", () => {
  it("are the photo, its thumbnail and its renditions (photos/r/<file without extension>-…), no other", () => {
    const key = "photos/abc1795946050833-0123456789abcdef0123456789abcdef.jpg";
    const named = withThumbnails([key]);
    named.add("photos/r/abc1795946050833-0123456789abcdef0123456789abcdef");
    for (const file of [
      key,
      "photos/thumbs/abc1795946050833-0123456789abcdef0123456789abcdef.jpg",
      "photos/r/abc1795946050833-0123456789abcdef0123456789abcdef-t200.avif",
      "photos/r/abc1795946050833-0123456789abcdef0123456789abcdef-m960.webp",
    ])
      expect(namesFile(named, file), file).toBe(true);
    for (const file of [
      "photos/r/abc1795946050833-0123456789abcdef0123456789abcdee-t200.avif",
      "photos/r/abc1795946050833-0123456789abcdef0123456789abcdef-x200.avif",
      "photos/r/abc1795946050833-0123456789abcdef0123456789abcdef.avif",
      "photos/abc1795946050833-0123456789abcdef0123456789abcdef.png",
    ])
      expect(namesFile(named, file), file).toBe(false);
  });
});
