// Better Auth's `name`: bounded and free of hidden characters at sign-up; never changed afterwards
// (issue 20, point 6: 90,000 characters used to be stored).
import { MSG } from "@domain/messages.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { user } from "../db/schema/index.ts";

describeOnEngine("account name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signUp = (email: string, name: unknown) =>
    t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password: "un mot de passe long", name, ageConfirmed: true, termsAccepted: true },
    });
  const accounts = (email: string) => t.deps.database.db.select().from(user).where(eq(user.email, email));

  it("refuses a name past 60 characters or with bidirectional controls, and creates no account", async () => {
    for (const [email, name] of [
      ["long@exemple.fr", "x".repeat(90_000)],
      ["bidi@exemple.fr", "Awa\u202Egnp.exe"],
      ["isolat@exemple.fr", "\u2066Awa"],
    ] as const) {
      const res = await signUp(email, name);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "ACCOUNT_NAME_INVALID", message: MSG.ACCOUNT_NAME_INVALID });
      expect(await accounts(email)).toEqual([]);
    }
    expect((await signUp("normal@exemple.fr", "")).status).toBe(200);
  });

  it("offers no way to change the name afterwards", async () => {
    const member = await t.createMember();
    const res = await t.request("/api/auth/update-user", {
      method: "POST",
      cookie: member.cookie,
      json: { name: "x".repeat(90_000), image: "javascript:alert(1)" },
    });
    expect(res.status).toBe(404);
    const [row] = await accounts(member.email);
    expect(row?.name).toBe("");
    expect(row?.image).toBeNull();
  });
});
