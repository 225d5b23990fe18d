// Search API: who is found, full pages, count, validation (the orders: search-orders.test.ts).
import { SEARCH_COUNT_CAP } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import { frenchTypography } from "@domain/typography.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { bornYearsAgo, insertMember, setBanned, signUpMember } from "../../test/members.ts";
import { searchClient } from "../../test/search.ts";

describeOnEngine("search API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const { search, ids, tag } = searchClient(() => t);

  it("refuses anonymous visitors", async () => {
    expect((await t.request("/api/search")).status).toBe(401);
  });

  it("answers 'Profil utilisateur non trouvé' to a member without a profile", async () => {
    const { cookie } = await t.createMember();
    const r = await search(cookie);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: "PROFILE_NOT_FOUND", message: "Profil utilisateur non trouvé" });
  });

  it("asks a subscribed member without gender or first name to complete their profile", async () => {
    const { cookie } = await signUpMember(t, "male", { firstName: "" });
    const r = await search(cookie);
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: "PROFILE_INCOMPLETE", message: MSG.PROFILE_INCOMPLETE });
  });

  it("finds only visible members of the opposite gender, never self, the liked, passed or matched", async () => {
    const k = tag();
    const me = await signUpMember(t, "male", { interests: [k] });
    const visible = await insertMember(db(), "female", { interests: [k] });
    const man = await insertMember(db(), "male", { interests: [k] });
    const banned = await insertMember(db(), "female", { interests: [k] });
    await setBanned(db(), banned, true);
    const nameless = await insertMember(db(), "female", { interests: [k], firstName: "" });
    const liked = await insertMember(db(), "female", { interests: [k] });
    const passed = await insertMember(db(), "female", { interests: [k] });
    const likedMe = await insertMember(db(), "female", { interests: [k] });
    const rejectedMatch = await insertMember(db(), "female", { interests: [k] });
    await db().execute(sql`INSERT INTO likes (liker_id, liked_id, type) VALUES
      (${me.userId}, ${liked}, 'like'), (${me.userId}, ${passed}, 'reject')`);
    // Matches in both orders, accepted or rejected, all exclude.
    await db().execute(sql`INSERT INTO matches (user1_id, user2_id, status) VALUES
      (${likedMe}, ${me.userId}, 'accepted'), (${me.userId}, ${rejectedMatch}, 'rejected')`);

    const r = await search(me.cookie, { interests: k });
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([visible]);
    expect(r.body.count).toBe(1);
    expect(r.body.hasMore).toBe(false);
    for (const hidden of [man, banned, nameless, liked, passed, likedMe, rejectedMatch])
      expect(ids(r)).not.toContain(hidden);
  });

  it("shows a public view: age and score, never the phone number, e-mail or full last name", async () => {
    const k = tag();
    const me = await signUpMember(t, "female", { interests: [k, "Danse"], languages: ["Français", "Wolof"] });
    await insertMember(db(), "male", {
      interests: [k, "Cuisine"],
      languages: ["Français"],
      firstName: "Ibrahim",
      lastName: "Keïta",
      birthDate: bornYearsAgo(34),
      phoneNumber: "+22370111111",
    });
    const r = await search(me.cookie, { interests: k });
    const [p] = r.body.data;
    expect(p).toMatchObject({ firstName: "Ibrahim", lastInitial: "K.", age: 34, country: "Sénégal" });
    // 40 × 1/2 + 30 × 1/2 + 30 = 65
    expect(p?.compatibility).toBe(65);
    const text = JSON.stringify(r.body);
    expect(text).not.toContain("+22370111111");
    expect(text).not.toContain("Keïta");
    expect(text).not.toContain("@exemple.fr");
  });

  it("keeps ages within [ageMin, ageMax] on both boundaries", async () => {
    const k = tag();
    const me = await signUpMember(t, "male", { interests: [k] });
    const turned25Today = await insertMember(db(), "female", {
      interests: [k],
      birthDate: bornYearsAgo(25, 0),
    });
    const almost25 = await insertMember(db(), "female", { interests: [k], birthDate: bornYearsAgo(25, -1) });
    const nearly31 = await insertMember(db(), "female", { interests: [k], birthDate: bornYearsAgo(30, 360) });
    const turned31Today = await insertMember(db(), "female", {
      interests: [k],
      birthDate: bornYearsAgo(31, 0),
    });
    const r = await search(me.cookie, { interests: k, ageMin: "25", ageMax: "30" });
    expect(r.status).toBe(200);
    expect(new Set(ids(r))).toEqual(new Set([turned25Today, nearly31]));
    expect(ids(r)).not.toContain(almost25);
    expect(ids(r)).not.toContain(turned31Today);
  });

  it("filters on having a photo and on sharing at least one interest", async () => {
    const k = tag();
    const me = await signUpMember(t, "male");
    const withPhoto = await insertMember(db(), "female", {
      interests: [k, "Danse"],
      photos: ["photos/x1.jpg"],
    });
    const noPhoto = await insertMember(db(), "female", { interests: [k, "Lecture"] });
    const photoOnly = await search(me.cookie, { interests: k, withPhoto: "true" });
    expect(ids(photoOnly)).toEqual([withPhoto]);
    const both = await search(me.cookie, { interests: [k], withPhoto: "false" });
    expect(new Set(ids(both))).toEqual(new Set([withPhoto, noPhoto]));
    // Any one shared interest is enough; the case of a suggested interest does not matter.
    const lecture = await search(me.cookie, { interests: [`${k}-none`, "lecture"] });
    expect(ids(lecture)).toContain(noPhoto);
    expect(ids(lecture)).not.toContain(withPhoto);
  });

  it("filters on where members live, where they come from, their languages and what they look for", async () => {
    const k = tag();
    const me = await signUpMember(t, "female");
    const man = (fields: Parameters<typeof insertMember>[2]) =>
      insertMember(db(), "male", { interests: [k], ...fields });
    const dakar = await man({ country: "Sénégal", originCountry: "", languages: ["Français", "Wolof"] });
    const abidjan = await man({
      country: "Côte d’Ivoire",
      originCountry: "Côte d’Ivoire",
      languages: ["Français"],
    });
    const parisFromSenegal = await man({
      country: "France",
      originCountry: "Sénégal",
      languages: ["Français", "Wolof"],
      lookingFor: "Le mariage",
    });
    const dakarFromFrance = await man({
      country: "Sénégal",
      originCountry: "France",
      languages: ["Français"],
    });
    const lyon = await man({ country: "France", originCountry: "", languages: ["Français", "Anglais"] });
    const found = async (params: Record<string, string | string[]>) =>
      new Set(ids(await search(me.cookie, { interests: k, ...params })));

    // Lives in: countries by code, a region, a continent; several at once.
    expect(await found({ livesIn: ["SN", "ci"] })).toEqual(new Set([dakar, abidjan, dakarFromFrance]));
    expect(await found({ livesIn: "afrique-ouest" })).toEqual(new Set([dakar, abidjan, dakarFromFrance]));
    expect(await found({ livesIn: "europe" })).toEqual(new Set([parisFromSenegal, lyon]));
    expect(await found({ livesIn: ["maghreb", "FR"] })).toEqual(new Set([parisFromSenegal, lyon]));
    // Originally from: the origin given, or the country lived in when none is given.
    expect(await found({ from: "SN" })).toEqual(new Set([dakar, parisFromSenegal]));
    expect(await found({ from: "europe" })).toEqual(new Set([dakarFromFrance, lyon]));
    // Languages: at least one in common, whatever the case typed.
    expect(await found({ languages: ["wolof", "Lingala"] })).toEqual(new Set([dakar, parisFromSenegal]));
    // What they look for, several answers allowed.
    expect(await found({ lookingFor: "Le mariage" })).toEqual(new Set([parisFromSenegal]));
    expect(await found({ lookingFor: ["Le mariage", "Une relation sérieuse"] })).toEqual(
      new Set([dakar, abidjan, parisFromSenegal, dakarFromFrance, lyon]),
    );
    // Everything at once: living in Europe, from West Africa, speaking Wolof.
    const r = await search(me.cookie, {
      interests: k,
      livesIn: "europe",
      from: "afrique-ouest",
      languages: "Wolof",
    });
    expect(ids(r)).toEqual([parisFromSenegal]);
    expect(r.body.count).toBe(1);
    expect(r.body.data[0]).toMatchObject({ country: "France", originCountry: "Sénégal" });
  });

  it("does not count photos held for an administrator under « Avec photo »", async () => {
    const k = tag();
    const me = await signUpMember(t, "male");
    const hold = (userId: string, key: string) =>
      db().execute(sql`INSERT INTO photo_reviews (user_id, photo_key, reason, score)
        VALUES (${userId}, ${key}, 'suggestive', 0.8)`);
    const onlyHeld = await insertMember(db(), "female", { interests: [k], photos: [`photos/${k}-a.jpg`] });
    await hold(onlyHeld, `photos/${k}-a.jpg`);
    const oneOfTwoHeld = await insertMember(db(), "female", {
      interests: [k],
      photos: [`photos/${k}-b.jpg`, `photos/${k}-c.jpg`],
    });
    await hold(oneOfTwoHeld, `photos/${k}-b.jpg`);
    const r = await search(me.cookie, { interests: k, withPhoto: "true" });
    expect(ids(r)).toEqual([oneOfTwoHeld]);
    expect(r.body.count).toBe(1);
    // Once an administrator approves the photo, she is found again.
    await db().execute(sql`UPDATE photo_reviews SET status = 'approved' WHERE user_id = ${onlyHeld}`);
    expect(new Set(ids(await search(me.cookie, { interests: k, withPhoto: "true" })))).toEqual(
      new Set([onlyHeld, oneOfTwoHeld]),
    );
  });

  it("shows « Profil vérifié » and filters on verified profiles only", async () => {
    const k = tag();
    const me = await signUpMember(t, "male");
    const verified = await insertMember(db(), "female", { interests: [k] });
    const other = await insertMember(db(), "female", { interests: [k] });
    await db().execute(sql`UPDATE profiles SET verified_at = now() WHERE user_id = ${verified}`);
    const all = await search(me.cookie, { interests: k });
    expect(new Set(ids(all))).toEqual(new Set([verified, other]));
    expect(all.body.data.find((p) => p.userId === verified)?.profileVerified).toBe(true);
    expect(all.body.data.find((p) => p.userId === other)?.profileVerified).toBe(false);
    const only = await search(me.cookie, { interests: k, verified: "true" });
    expect(ids(only)).toEqual([verified]);
    expect(only.body.count).toBe(1);
    const bad = await t.request(`/api/search?verified=peut-etre`, { cookie: me.cookie });
    expect(bad.status).toBe(400);
  });

  it("puts subscribers with a photo first, then others with one, then those without, newest first in each, in full pages", async () => {
    const k = tag();
    const me = await signUpMember(t, "female", { interests: [k] });
    const day = 86_400_000;
    const base = Date.now() - 100 * day;
    const made: { id: string; tier: number; at: number }[] = [];
    for (let i = 0; i < 23; i++) {
      const subscribed = i % 3 === 0;
      // A recent subscriber without a photo (i = 21) still comes after everyone with one (issue 34).
      const photo = i % 4 !== 2 && i !== 21;
      const at = base + i * day;
      const id = await insertMember(db(), "male", {
        interests: [k],
        accountStatus: subscribed ? "subscribed" : i % 2 ? "trial" : "expired",
        photos: photo ? [`photos/${k}-${i}.webp`] : [],
        createdAt: new Date(at),
      });
      made.push({ id, tier: photo ? (subscribed ? 2 : 1) : 0, at });
    }
    const expected = [...made].sort((a, b) => b.tier - a.tier || b.at - a.at).map((m) => m.id);
    expect(made.find((m) => m.id === expected[0])?.tier).toBe(2);
    expect(made.filter((m) => m.tier === 0).length).toBeGreaterThan(3);

    const p1 = await search(me.cookie, { interests: k });
    expect(p1.body.data).toHaveLength(10);
    expect(p1.body).toMatchObject({ count: 23, countCapped: false, hasMore: true });
    const p2 = await search(me.cookie, { interests: k, page: "2" });
    const p3 = await search(me.cookie, { interests: k, page: "3" });
    expect(p3.body.data).toHaveLength(3);
    expect(p3.body.hasMore).toBe(false);
    expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual(expected);

    const sized = await search(me.cookie, { interests: k, size: "20" });
    expect(ids(sized)).toEqual(expected.slice(0, 20));
  });

  it("continues after the last profile shown with the cursor, even when some were liked meanwhile", async () => {
    const k = tag();
    const me = await signUpMember(t, "male", { interests: [k] });
    const made: string[] = [];
    // Same created_at for all: the id breaks the tie, and microseconds must survive the cursor.
    const at = new Date(Date.now() - 5_000);
    for (let i = 0; i < 14; i++)
      made.push(await insertMember(db(), "female", { interests: [k], createdAt: at }));
    const first = await search(me.cookie, { interests: k, size: "5" });
    expect(first.body.nextCursor).toBeTruthy();
    // Liking the whole first page must not make the next page skip anyone.
    for (const id of ids(first))
      await t.request("/api/likes", {
        method: "POST",
        cookie: me.cookie,
        json: { likedId: id, type: "like" },
      });
    const second = await search(me.cookie, { interests: k, size: "5", cursor: first.body.nextCursor! });
    const third = await search(me.cookie, { interests: k, size: "5", cursor: second.body.nextCursor! });
    expect(third.body.hasMore).toBe(false);
    expect(third.body.nextCursor).toBeNull();
    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(seen).toHaveLength(14);
    expect(new Set(seen)).toEqual(new Set(made));
  });

  it("counts up to the cap and then says there are more", async () => {
    const k = tag();
    const me = await signUpMember(t, "male", { interests: [k] });
    await db().execute(sql`
      WITH u AS (
        INSERT INTO "user" (id, name, email)
        SELECT 'bulk_' || ${k} || '_' || i, 'Fatou', 'bulk_' || ${k} || '_' || i || '@exemple.fr'
        FROM generate_series(1, ${SEARCH_COUNT_CAP + 5}) AS i RETURNING id)
      INSERT INTO profiles (user_id, first_name, gender, birth_date, birth_date_confirmed, interests)
      SELECT id, 'Fatou', 'female', '1994-05-01', true, ARRAY[${k}]::text[] FROM u`);
    const r = await search(me.cookie, { interests: k });
    expect(r.body).toMatchObject({ count: SEARCH_COUNT_CAP, countCapped: true, hasMore: true });
    expect(r.body.data).toHaveLength(10);
    // « Compatibilité » counts from the pool it ranks (one statement): the same answer.
    const ranked = await search(me.cookie, { interests: k, sort: "compatibility" });
    expect(ranked.body).toMatchObject({ count: SEARCH_COUNT_CAP, countCapped: true, hasMore: true });
    expect(ranked.body.data).toHaveLength(10);
  });

  describe("refuses invalid parameters with a 400 and a French message", () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = (await signUpMember(t, "male")).cookie;
    });
    it.each([
      [{ ageMin: "40", ageMax: "30" }, "ageMin", "L’âge minimum doit être inférieur ou égal à l’âge maximum"],
      [{ ageMin: "17" }, "ageMin", "L’âge doit être un nombre entier compris entre 18 et 99 ans"],
      [{ ageMax: "100" }, "ageMax", "L’âge doit être un nombre entier compris entre 18 et 99 ans"],
      [{ ageMin: "vingt" }, "ageMin", "L’âge doit être un nombre entier compris entre 18 et 99 ans"],
      [{ ageMin: "25.5" }, "ageMin", "L’âge doit être un nombre entier compris entre 18 et 99 ans"],
      [{ page: "0" }, "page", "Le numéro de page doit être un entier compris entre 1 et 500"],
      [{ page: "-1" }, "page", "Le numéro de page doit être un entier compris entre 1 et 500"],
      [{ size: "51" }, "size", "Le nombre de résultats par page doit être compris entre 1 et 50"],
      [{ withPhoto: "oui" }, "withPhoto", "Le filtre « Avec photo » doit valoir true ou false"],
      [{ cursor: "pas-un-curseur" }, "cursor", "Le curseur de pagination est invalide"],
      [
        { cursor: Buffer.from('[1,"1;drop","x"]').toString("base64url") },
        "cursor",
        "Le curseur de pagination est invalide",
      ],
      [{ page: "2", cursor: "abc" }, "cursor", "Utilisez soit « page », soit « cursor », pas les deux"],
      [
        { interests: "x".repeat(41) },
        "interests.0",
        "Centres d’intérêt : 20 au maximum, de 1 à 40 caractères chacun",
      ],
      [{ country: "Mali" }, "country", "Paramètre de recherche inconnu"],
      [
        { livesIn: ["SN", "Atlantide"] },
        "livesIn.1",
        "Lieu de vie : choisissez jusqu’à 20 continents, régions ou pays de la liste",
      ],
      [
        { livesIn: Array.from({ length: 21 }, (_, i) => ["SN", "CI", "ML", "FR", "BE", "CH", "CM"][i % 7]!) },
        "livesIn",
        "Lieu de vie : choisissez jusqu’à 20 continents, régions ou pays de la liste",
      ],
      [
        { from: "Sénégal" },
        "from.0",
        "Origine : choisissez jusqu’à 20 continents, régions ou pays de la liste",
      ],
      [{ from: "AQ" }, "from.0", "Origine : choisissez jusqu’à 20 continents, régions ou pays de la liste"],
      [{ languages: "x".repeat(41) }, "languages.0", "Langues : 20 au maximum, de 1 à 40 caractères chacune"],
      [
        { lookingFor: "Une aventure" },
        "lookingFor.0",
        "Ce qu’ils recherchent : choisissez parmi les réponses proposées",
      ],
      [{ ageMin: ["20", "30"] }, "ageMin", "Ce paramètre ne peut être donné qu’une fois"],
    ] as [Record<string, string | string[]>, string, string][])("%j", async (params, field, message) => {
      const r = await search(cookie, params);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe("VALIDATION_ERROR");
      expect(r.body.error?.fields?.[field]).toBe(frenchTypography(message));
      expect(r.body.error?.message).toContain(frenchTypography(message));
    });
  });
});
