// Blurred photos (issue 40) on both engines: a member who blurs her photos is seen through a small
// blurred variant made on the server by members she has not liked back nor shown them to, and the
// storage refuses them her originals (photo, thumbnail); a like back or « Montrer mes photos »
// opens them; she and her matches' unblurred views are unchanged.
import type { PublicProfileDto } from "@domain/discovery.ts";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { matches } from "../../platform/db/schema/index.ts";
import { photoKey, thumbKey } from "../../platform/storage/photo-keys.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { signUpMember } from "../../test/members.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;

describeEachEngine("blurred photos", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.deps.database.db;

  async function withPhoto(m: Member): Promise<string> {
    const bytes = await makeImage("jpeg", 480, 480);
    const key = photoKey(m.userId, Date.now(), ".jpg");
    await t.deps.storage.put(key, bytes, "image/jpeg");
    await t.deps.storage.put(thumbKey(key), bytes, "image/jpeg");
    await db().execute(sql`UPDATE profiles SET photos = ${`{${key}}`}::text[]
      WHERE user_id = ${m.userId}`);
    return key;
  }
  const fetchAs = (m: Member | null, url: string) =>
    t.request(new URL(url, "http://x").pathname, m ? { cookie: m.cookie } : {});
  const profileAs = async (m: Member, userId: string) => {
    const res = await t.request(`/api/members/${userId}`, { cookie: m.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as PublicProfileDto;
  };
  const like = (from: Member, to: Member) =>
    t.request("/api/likes", {
      method: "POST",
      cookie: from.cookie,
      json: { likedId: to.userId, type: "like" },
    });

  it("shows a stranger only the blurred variant and refuses him the original", async () => {
    const her = await signUpMember(t, "female");
    const him = await signUpMember(t, "male");
    const key = await withPhoto(her);
    // Before: the original, for everyone.
    const before = await profileAs(him, her.userId);
    expect(before.photos[0]?.blurred).toBeUndefined();
    expect((await fetchAs(him, before.photos[0]!.url)).status).toBe(200);

    const set = await t.request("/api/profile/privacy", {
      method: "PUT",
      cookie: her.cookie,
      json: { blurPhotos: true },
    });
    expect(set.status).toBe(200);
    const seen = (await profileAs(him, her.userId)).photos[0]!;
    expect(seen).toMatchObject({ key, blurred: true, renditions: null, placeholder: null });
    expect(seen.url).toContain("/photos/b/");
    const variant = await fetchAs(him, seen.url);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    const pixels = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect(pixels.width).toBeLessThanOrEqual(48);

    // The original, its thumbnail: not for him, nor for anyone signed out; no shared cache keeps them.
    for (const url of [before.photos[0]!.url, before.photos[0]!.thumbUrl]) {
      expect((await fetchAs(him, url)).status).toBe(404);
      expect((await fetchAs(null, url)).status).toBe(404);
      const own = await fetchAs(her, url);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("opens them to a member she liked back, or showed them to in their conversation", async () => {
    const her = await signUpMember(t, "female");
    const liked = await signUpMember(t, "male");
    const shown = await signUpMember(t, "male");
    const stranger = await signUpMember(t, "male");
    await withPhoto(her);
    await db().execute(sql`UPDATE profiles SET blur_photos = true WHERE user_id = ${her.userId}`);

    // He liked her: a match is open, but she has not liked him back.
    await like(liked, her);
    expect((await profileAs(liked, her.userId)).photos[0]?.blurred).toBe(true);
    await like(her, liked);
    const open = (await profileAs(liked, her.userId)).photos[0]!;
    expect(open.blurred).toBeUndefined();
    expect((await fetchAs(liked, open.url)).status).toBe(200);

    // « Montrer mes photos »: only to a member she shares an accepted match with.
    const reveal = (to: Member) =>
      t.request(`/api/members/${to.userId}/reveal-photos`, { method: "POST", cookie: her.cookie });
    expect((await reveal(stranger)).status).toBe(404);
    await db().insert(matches).values({ user1Id: shown.userId, user2Id: her.userId, status: "accepted" });
    expect((await profileAs(shown, her.userId)).photos[0]?.blurred).toBe(true);
    expect((await reveal(shown)).status).toBe(204);
    expect((await reveal(shown)).status).toBe(204);
    const revealed = (await profileAs(shown, her.userId)).photos[0]!;
    expect(revealed.blurred).toBeUndefined();
    expect((await fetchAs(shown, revealed.url)).status).toBe(200);
    // The stranger still gets the blur, and the search too.
    expect((await profileAs(stranger, her.userId)).photos[0]?.blurred).toBe(true);
    const conversations = await t.request("/api/conversations", { cookie: liked.cookie });
    const list = (await conversations.json()) as {
      data: { member: { userId: string; photo: { blurred?: true } } }[];
    };
    expect(list.data.find((c) => c.member.userId === her.userId)?.member.photo.blurred).toBeUndefined();
  });
});
