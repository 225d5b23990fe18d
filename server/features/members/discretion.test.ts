// Discretion (issue 40) on both engines: a member who hides from her country, her city or her
// origin leaves the search, the profile view and « Qui a vu mon profil » of exactly those members,
// stays for everyone else, and stays for a member she shares an accepted match with.
import type { ProfileVisitDto } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { matches } from "../../platform/db/schema/index.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { searchClient } from "../../test/search.ts";

describeEachEngine("discretion", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const { search, ids, tag } = searchClient(() => t);
  const hide = async (cookie: string, settings: Record<string, boolean>) => {
    const res = await t.request("/api/profile/privacy", { method: "PUT", cookie, json: settings });
    expect(res.status).toBe(200);
    return (await res.json()) as ProfileDto;
  };
  const finds = async (cookie: string, k: string) => ids(await search(cookie, { interests: k }));
  const profileStatus = async (cookie: string, userId: string) =>
    (await t.request(`/api/members/${userId}`, { cookie })).status;

  it("hidden from her country: gone for a member living there, found by one living elsewhere", async () => {
    const k = tag();
    const her = await signUpMember(t, "female", { interests: [k], country: "Sénégal", city: "Dakar" });
    const inSenegal = await signUpMember(t, "male", { interests: [k], country: "Sénégal", city: "Thiès" });
    const inFrance = await signUpMember(t, "male", { interests: [k], country: "France", city: "Lyon" });
    expect(await finds(inSenegal.cookie, k)).toEqual([her.userId]);

    expect(await hide(her.cookie, { hideFromCountry: true })).toMatchObject({
      hideFromCountry: true,
      hideFromCity: false,
      hideFromOrigin: false,
    });
    expect(await finds(inSenegal.cookie, k)).toEqual([]);
    expect(await profileStatus(inSenegal.cookie, her.userId)).toBe(404);
    expect(await finds(inFrance.cookie, k)).toEqual([her.userId]);
    expect(await profileStatus(inFrance.cookie, her.userId)).toBe(200);

    await hide(her.cookie, { hideFromCountry: false });
    expect(await finds(inSenegal.cookie, k)).toEqual([her.userId]);
  });

  it("hidden from her city: only the members of the same city, in the same country", async () => {
    const k = tag();
    const her = await signUpMember(t, "female", { interests: [k], country: "Sénégal", city: "Dakar" });
    const sameCity = await signUpMember(t, "male", { interests: [k], country: "Sénégal", city: " dakar " });
    const otherCity = await signUpMember(t, "male", { interests: [k], country: "Sénégal", city: "Thiès" });
    const noCity = await signUpMember(t, "male", { interests: [k], country: "Sénégal", city: "" });
    await hide(her.cookie, { hideFromCity: true });
    expect(await finds(sameCity.cookie, k)).toEqual([]);
    expect(await finds(otherCity.cookie, k)).toEqual([her.userId]);
    expect(await finds(noCity.cookie, k)).toEqual([her.userId]);
  });

  it("hidden from her origin: gone for members from her country wherever they live", async () => {
    const k = tag();
    // She comes from Côte d’Ivoire and lives in France.
    const her = await signUpMember(t, "female", {
      interests: [k],
      country: "France",
      originCountry: "Côte d’Ivoire",
    });
    const ivorianInParis = await signUpMember(t, "male", {
      interests: [k],
      country: "France",
      originCountry: "Côte d’Ivoire",
    });
    // No origin given: where he lives counts as where he comes from.
    const inAbidjan = await signUpMember(t, "male", { interests: [k], country: "Côte d’Ivoire" });
    const french = await signUpMember(t, "male", {
      interests: [k],
      country: "France",
      originCountry: "France",
    });
    await hide(her.cookie, { hideFromOrigin: true });
    expect(await finds(ivorianInParis.cookie, k)).toEqual([]);
    expect(await finds(inAbidjan.cookie, k)).toEqual([]);
    expect(await finds(french.cookie, k)).toEqual([her.userId]);
  });

  it("her visits leave his « Qui a vu mon profil »; a member she talks with keeps her profile", async () => {
    const her = await signUpMember(t, "female", { country: "Cameroun" });
    const him = await signUpMember(t, "male", { country: "Cameroun" });
    const match = await signUpMember(t, "male", { country: "Cameroun" });
    await t.deps.database.db
      .insert(matches)
      .values({ user1Id: her.userId, user2Id: match.userId, status: "accepted" });
    expect(await profileStatus(her.cookie, him.userId)).toBe(200);
    await hide(her.cookie, { hideFromCountry: true });

    const visits = await t.request("/api/profile/visits", { cookie: him.cookie });
    expect(((await visits.json()) as { data: ProfileVisitDto[] }).data).toEqual([]);
    expect(await profileStatus(match.cookie, her.userId)).toBe(200);
    expect(await profileStatus(him.cookie, her.userId)).toBe(404);
  });

  it("refuses a setting that is not a yes or a no, in French, and changes nothing", async () => {
    const her = await signUpMember(t, "female");
    const res = await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: her.cookie,
      json: { hideFromCountry: "oui", hideFromCity: true },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Choisissez oui ou non");
    const own = (await (await t.request("/api/profile", { cookie: her.cookie })).json()) as ProfileDto;
    expect(own).toMatchObject({ hideFromCountry: false, hideFromCity: false });
  });
});
