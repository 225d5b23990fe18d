// Issue 33, reliability findings 1 and 3: a member deleting their account while their own messages
// are still being sent (another tab, a phone) deadlocked on PostgreSQL — the deletion's cascade and
// the send locked rows in opposite orders — and answered 500 with nothing deleted; an upload in
// flight answered 500 (it recreated the deleted member's profile) or a misleading 409. Now every
// such request answers the right 4xx, the deletion always completes, and nothing of the member is
// left or recreated. Ten rounds each, on both engines.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../db/client.ts";
import { profiles, session, user } from "../../db/schema/index.ts";
import { createTestApp, describeEachEngine, MEMBER_PASSWORD, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { signUpMember } from "../../test/members.ts";

const ROUNDS = 10;

describeEachEngine("account deletion during the member's own writes", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      MESSAGES_PER_MINUTE: "100000",
      NEW_CONVERSATIONS_PER_DAY: "100000",
      UPLOADS_PER_HOUR: "100000",
    });
  });
  afterAll(() => t?.close());

  async function pair() {
    const him = await signUpMember(t, "male");
    const her = await signUpMember(t, "female");
    const res = await t.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    const { matchId } = (await res.json()) as { matchId: string };
    return { him, her, matchId };
  }

  const deleteAccount = (cookie: string) =>
    t.request("/api/me/delete", { method: "POST", cookie, json: { password: MEMBER_PASSWORD } });

  /** What is left of a member in the database: rows of theirs in each table that held some. */
  async function leftOf(userId: string, matchId: string) {
    const db = t.deps.database.db;
    const [counts] = await queryRows(
      db,
      z.strictObject({ messages: z.number().int(), matches: z.number().int() }),
      sql`SELECT (SELECT count(*) FROM messages WHERE match_id = ${matchId}::uuid OR sender_id = ${userId})::int AS messages,
          (SELECT count(*) FROM matches WHERE id = ${matchId}::uuid)::int AS matches`,
    );
    return {
      users: await db.$count(user, eq(user.id, userId)),
      profiles: await db.$count(profiles, eq(profiles.userId, userId)),
      sessions: await db.$count(session, eq(session.userId, userId)),
      ...counts,
    };
  }
  const nothing = { users: 0, profiles: 0, sessions: 0, messages: 0, matches: 0 };

  async function filesOf(userId: string): Promise<string[]> {
    const dir = path.join(t.dataDir, "storage", "profiles", "photos");
    const files = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
    return files.filter((f) => path.basename(f).startsWith(userId));
  }

  it("deletes the account while its messages are being sent: no 500, nothing left", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { him, matchId } = await pair();
      const send = () =>
        t.request(`/api/matches/${matchId}/messages`, {
          method: "POST",
          cookie: him.cookie,
          json: { content: `Message de la manche ${round}` },
        });
      const before = Array.from({ length: 6 }, send);
      const deletion = deleteAccount(him.cookie);
      const after = Array.from({ length: 6 }, send);
      const sends = await Promise.all([...before, ...after]);
      expect((await deletion).status, `round ${round}`).toBe(204);
      for (const res of sends) {
        // Sent before the deletion (201), or refused after it: the session is gone (401) or the
        // conversation with it (404). Never a 500.
        expect([201, 401, 404], `round ${round}: ${await res.clone().text()}`).toContain(res.status);
      }
      expect(await leftOf(him.userId, matchId), `round ${round}`).toEqual(nothing);
    }
  });

  it("deletes the account while its photos are being uploaded: the right 4xx, nothing recreated", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { him, matchId } = await pair();
      const upload = async () => {
        const form = new FormData();
        form.append(
          "file",
          new File([new Uint8Array(await makeImage("jpeg", 200, 150))], "photo.jpg", { type: "image/jpeg" }),
        );
        return t.request("/api/profile/photos", { method: "POST", cookie: him.cookie, body: form });
      };
      const uploads = [upload(), upload()];
      const deletion = deleteAccount(him.cookie);
      const answers = await Promise.all(uploads);
      expect((await deletion).status, `round ${round}`).toBe(204);
      for (const res of answers) {
        expect([201, 401], `round ${round}: ${await res.clone().text()}`).toContain(res.status);
      }
      expect(await leftOf(him.userId, matchId), `round ${round}`).toEqual(nothing);
      // Files written for an upload that lost the race are removed with it.
      await expect.poll(() => filesOf(him.userId), { timeout: 10_000 }).toEqual([]);
    }
  }, 240_000);
});
