// Only the newest password-reset link of an account works (issue 20, point 3).
import { MSG } from "@domain/messages.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { queryRows } from "../db/client.ts";

describeOnEngine("password-reset links", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const post = (p: string, json: unknown) => t.request(p, { method: "POST", json });
  /** The account's reset tokens, as the e-mailed links carry them. */
  const tokensOf = async (userId: string) =>
    (
      await queryRows(
        t.deps.database.db,
        z.strictObject({ identifier: z.string() }),
        sql`SELECT identifier FROM verification WHERE value = ${userId}
            AND identifier LIKE 'reset-password:%' ORDER BY created_at`,
      )
    ).map((r) => r.identifier.slice("reset-password:".length));
  const requestLink = async (email: string) => {
    const res = await post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(res.status).toBe(200);
  };
  const reset = (token: string, newPassword: string) =>
    post("/api/auth/reset-password", { token, newPassword });

  it("retires the older links when a new one is sent; a completed reset confirms the address", async () => {
    // An account from before sign-up required a confirmed address.
    const member = await t.createMember({ emailVerified: false, password: "un ancien secret" });
    await requestLink(member.email);
    const [first] = await tokensOf(member.userId);
    await requestLink(member.email);
    const tokens = await tokensOf(member.userId);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).not.toBe(first);

    const old = await reset(first ?? "", "un ancien lien qui ne sert plus");
    expect(old.status).toBe(400);
    expect(((await old.json()) as { message: string }).message).toBe(MSG.RESET_TOKEN_INVALID);
    expect((await reset(tokens[0] ?? "", "le lien le plus récent")).status).toBe(200);
    // The link reached the inbox: the address counts as confirmed and the member signs in.
    const signIn = await post("/api/auth/sign-in/email", {
      email: member.email,
      password: "le lien le plus récent",
    });
    expect(signIn.status).toBe(200);
  });

  it("retires every other link once a reset is completed", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    // (Links inserted as Better Auth stores them: the request endpoint allows 3 a minute per address.)
    const insertLink = (id: string, userId: string) =>
      t.deps.database.db.execute(
        sql`INSERT INTO verification (id, identifier, value, expires_at)
            VALUES (${id}, ${`reset-password:${id}`}, ${userId}, now() + interval '1 hour')`,
      );
    await insertLink(`other-${other.userId}`, other.userId);
    // Two links alive at once (a race between two requests): completing one retires the other.
    await requestLink(member.email);
    const [used] = await tokensOf(member.userId);
    await insertLink(`parallel-${member.userId}`, member.userId);
    expect(await tokensOf(member.userId)).toHaveLength(2);

    expect((await reset(used ?? "", "mon tout nouveau secret")).status).toBe(200);
    expect(await tokensOf(member.userId)).toEqual([]);
    expect((await reset(`parallel-${member.userId}`, "encore un autre secret")).status).toBe(400);
    // Another account's link is untouched.
    expect(await tokensOf(other.userId)).toHaveLength(1);
  });
});
