import { MSG } from "@domain/messages.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { frenchTypography } from "@domain/typography.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { profiles } from "../../platform/db/schema/index.ts";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";

const complete = {
  firstName: "Mamadou",
  lastName: "Traoré",
  gender: "male",
  lookingFor: "Le mariage",
  birthDate: "1990-06-15",
  country: "Mali",
  phoneNumber: "+223 70 12 34 56",
  bio: "Ingénieur à Bamako, j’aime la musique mandingue et les voyages.",
  occupation: "Ingénieur",
  education: "Master",
  languages: ["Français", "Bambara"],
  interests: ["Musique", "Voyages"],
};

describeEachEngine("profile API", (engine) => {
  // A first load under concurrent requests depends on the engine; the other tests are rules.
  const rule = ruleIt(engine);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const rowsOf = (userId: string) =>
    t.deps.database.db.select().from(profiles).where(eq(profiles.userId, userId));

  rule("refuses anonymous visitors", async () => {
    const res = await t.request("/api/profile");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: MSG.UNAUTHENTICATED } });
    expect((await t.request("/api/profile", { method: "PUT", json: complete })).status).toBe(401);
  });

  it("creates the profile with the SPEC defaults on first load, once even under concurrent loads", async () => {
    const { cookie, userId } = await t.createMember();
    const loads = await Promise.all(Array.from({ length: 5 }, () => t.request("/api/profile", { cookie })));
    const bodies = (await Promise.all(loads.map((r) => r.json()))) as ProfileDto[];
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(await rowsOf(userId)).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      userId,
      firstName: "",
      lastName: "",
      gender: null,
      lookingFor: "Une relation sérieuse",
      birthDate: "2000-01-01",
      languages: ["Français"],
      interests: ["Rencontre"],
      photos: [],
      accountStatus: "trial",
    });
  });

  rule("saves every field and returns the normalised profile", async () => {
    const { cookie, userId } = await t.createMember();
    const res = await t.request("/api/profile", { method: "PUT", cookie, json: complete });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ProfileDto;
    expect(body).toMatchObject({ ...complete, phoneNumber: "+22370123456" });
    const [row] = await rowsOf(userId);
    expect(row?.country).toBe("Mali");
    expect(row?.accountStatus).toBe("trial");
  });

  rule("refuses invalid fields with French messages per field and changes nothing", async () => {
    const { cookie, userId } = await t.createMember();
    await t.request("/api/profile", { method: "PUT", cookie, json: complete });
    const res = await t.request("/api/profile", {
      method: "PUT",
      cookie,
      json: { ...complete, firstName: "Changé", birthDate: "2012-01-01", phoneNumber: "abc" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.fields.birthDate).toBe("Vous devez avoir entre 18 et 99 ans");
    expect(body.error.fields.phoneNumber).toMatch(/^Numéro de téléphone invalide/);
    const [row] = await rowsOf(userId);
    expect(row?.firstName).toBe("Mamadou");
  });

  rule("refuses attempts to set the account status or other unknown fields", async () => {
    const { cookie, userId } = await t.createMember();
    const res = await t.request("/api/profile", {
      method: "PUT",
      cookie,
      json: { ...complete, accountStatus: "subscribed" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.accountStatus).toBe("Champ inconnu");
    const rows = await rowsOf(userId);
    expect(rows[0]?.accountStatus ?? "trial").toBe("trial");
  });

  rule.each([
    [
      "malformed JSON",
      { body: "{ pas du json", headers: { "content-type": "application/json" } },
      400,
      "INVALID_JSON",
    ],
    [
      "a non-JSON body",
      { body: "firstName=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
      415,
      "INVALID_JSON",
    ],
    ["an array", { json: [1, 2] }, 400, "VALIDATION_ERROR"],
    ["wrong types", { json: { ...complete, languages: "Français", gender: 3 } }, 400, "VALIDATION_ERROR"],
    ["a body over 100 KB", { json: { ...complete, bio: "x".repeat(200_000) } }, 413, "BODY_TOO_LARGE"],
  ])("answers %s with a 4xx and a French message", async (_label, init, status, code) => {
    const { cookie } = await t.createMember();
    const res = await t.request("/api/profile", { method: "PUT", cookie, ...init });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(/[a-zé]/);
  });

  rule("keeps where the member lives and comes from, and leaves them as they are when not sent", async () => {
    const { cookie, userId } = await t.createMember();
    const where = { country: "France", originCountry: "Sénégal", city: "  Lyon ", relocate: "maybe" };
    const res = await t.request("/api/profile", { method: "PUT", cookie, json: { ...complete, ...where } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      country: "France",
      originCountry: "Sénégal",
      city: "Lyon",
      relocate: "maybe",
    });
    // A client that does not know the new fields (the SPEC's form) changes none of them.
    const again = await t.request("/api/profile", { method: "PUT", cookie, json: complete });
    expect(await again.json()).toMatchObject({ country: "Mali", originCountry: "Sénégal", city: "Lyon" });
    // « Ne pas préciser »: "" for the country of origin and for relocation.
    const cleared = await t.request("/api/profile", {
      method: "PUT",
      cookie,
      json: { ...complete, originCountry: "", city: "", relocate: "" },
    });
    expect(await cleared.json()).toMatchObject({ originCountry: "", city: "", relocate: null });
    const [row] = await rowsOf(userId);
    expect(row).toMatchObject({ originCountry: "", city: "", relocate: null });
  });

  rule("refuses an unknown country of origin, a city too long and an unknown relocation answer", async () => {
    const { cookie, userId } = await t.createMember();
    const res = await t.request("/api/profile", {
      method: "PUT",
      cookie,
      json: { ...complete, originCountry: "Atlantide", city: "x".repeat(81), relocate: "jamais" },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.fields).toEqual({
      originCountry: "Veuillez choisir un pays d’origine dans la liste",
      city: frenchTypography("Ville : 80 caractères au maximum"),
      relocate: "Veuillez répondre oui, non ou peut-être",
    });
    const [row] = await rowsOf(userId);
    expect(row?.firstName ?? "").toBe("");
  });

  rule("answers unknown API paths with a French 404", async () => {
    const res = await t.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: MSG.NOT_FOUND } });
  });
});
