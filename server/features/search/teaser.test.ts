// What a member without a subscription sees of the search: the count, and blurred cards made from
// the real search — an initial, the age, the country, the badge and 8 × 10 pixels, nothing more.

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { profiles } from "../../platform/db/schema/index.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { insertMember, setBanned, signUpMember } from "../../test/members.ts";
import { thumbKey } from "../photos/index.ts";

interface Teaser {
  count: number;
  countCapped: boolean;
  members: {
    initial: string;
    age: number;
    country: string;
    profileVerified: boolean;
    preview: string | null;
  }[];
  error?: { code: string };
}

describeOnEngine("search teaser", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;
  const teaser = async (cookie?: string) => {
    const res = await t.request("/api/search/teaser", cookie ? { cookie } : {});
    return { status: res.status, body: (await res.json()) as Teaser };
  };
  /** A member with one stored photo (its thumbnail is what the teaser reduces). */
  const pictured = async (firstName: string, fields: Record<string, unknown> = {}) => {
    const id = await insertMember(db(), "female", { firstName, ...fields });
    const key = `photos/${id}-teaser.webp`;
    const image = await sharp(await makeImage("jpeg", 400, 400, true))
      .webp()
      .toBuffer();
    await t.deps.storage.put(key, image, "image/webp");
    await t.deps.storage.put(thumbKey(key), image, "image/webp");
    await db()
      .update(profiles)
      .set({ photos: [key] })
      .where(eq(profiles.userId, id));
    return id;
  };

  it("refuses anonymous visitors and asks for a complete profile", async () => {
    expect((await teaser()).status).toBe(401);
    const nameless = await signUpMember(t, "male", { firstName: "", accountStatus: "trial" });
    expect((await teaser(nameless.cookie)).body.error?.code).toBe("PROFILE_INCOMPLETE");
  });

  it("counts the default search’s members and shows those with a photo, blurred, with nothing to find them by", async () => {
    const me = await signUpMember(t, "male", { accountStatus: "trial" });
    const aminata = await pictured("Aminata", { country: "Sénégal", birthDate: "1990-01-15" });
    await pictured("Fatou", { country: "Mali" });
    await insertMember(db(), "female", { firstName: "Sans Photo" });
    const banned = await pictured("Bannie");
    await setBanned(db(), banned, true);
    const blocked = await pictured("Bloquée");
    await db().execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocked}, ${me.userId})`);

    const { status, body } = await teaser(me.cookie);
    expect(status).toBe(200);
    // Aminata, Fatou and the member without a photo; not the banned one, not the one who blocked him.
    expect(body.count).toBe(3);
    expect(body.members).toHaveLength(2);
    expect(Object.keys(body.members[0]!).sort()).toEqual([
      "age",
      "country",
      "initial",
      "preview",
      "profileVerified",
    ]);
    const card = body.members.find((m) => m.initial === "A.");
    expect(card).toMatchObject({ country: "Sénégal", profileVerified: false });
    expect(card?.age).toBeGreaterThan(30);
    // The picture: a WebP of 8 × 10 pixels.
    const bytes = Buffer.from(card!.preview!.replace(/^data:image\/webp;base64,/, ""), "base64");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 8, height: 10 });
    // Nothing in the answer names anyone.
    const text = JSON.stringify(body);
    for (const secret of [aminata, "Aminata", "Fatou", "photos/"]) expect(text).not.toContain(secret);
  });
});
