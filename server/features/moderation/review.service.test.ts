// The administrators' review of held photos (« Photos à vérifier »), on both engines: photos held
// through the real upload API (the same picture uploaded by a second account), the queue, approve
// (the photo becomes public), remove (gone from the profile and the storage), ban (banned, sessions
// gone, photo removed), one decision per review, 404 for an unknown one, refused to non-admins.
import type {
  AdminList,
  AdminPhotoReviewDecision,
  AdminPhotoReviewRow,
  PhotoReviewDecision,
} from "@domain/admin.ts";
import type { PublicProfileDto } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { photoHashes } from "../../platform/db/schema/index.ts";
import { createAdmin } from "../../test/admin.ts";
import { face, OTHER_PEOPLE, SAME_PERSON } from "../../test/face-samples.ts";
import { createTestApp, describeEachEngine, MEMBER_PASSWORD, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";
import { thumbKey } from "../photos/index.ts";
import { renamePhoto } from "./moderation.service.ts";
import { photoScreen } from "./photo-screen.ts";

/** Fourteen pictures whose perceptual hashes are at least 12 bits apart: one per held photo. */
const PICTURES = [...SAME_PERSON, ...OTHER_PEOPLE];

describeEachEngine("photo review by an administrator", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let viewer: Member;
  let next = 0;
  beforeAll(async () => {
    await photoScreen();
    t = await createTestApp(engine);
    admin = await createAdmin(t);
    viewer = await signUpMember(t, "female");
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  type Member = Awaited<ReturnType<typeof signUpMember>>;

  async function upload(m: Member, bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
    const res = await t.request("/api/profile/photos", { method: "POST", cookie: m.cookie, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as ProfileDto).photos.at(-1)!.key;
  }

  /** A picture no other account of this app has yet. */
  async function freshPicture(): Promise<Buffer> {
    const region = PICTURES[next++];
    if (!region) throw new Error("no fresh picture left");
    return sharp(await face(region))
      .resize(800)
      .jpeg({ quality: 90 })
      .toBuffer();
  }

  /** A photo held as screening holds one: the same picture, re-encoded smaller, on a second account. */
  async function held() {
    const original = await freshPicture();
    const owner = await signUpMember(t, "male");
    const ownerKey = await upload(owner, original);
    const thief = await signUpMember(t, "male");
    const key = await upload(thief, await sharp(original).resize(640).jpeg({ quality: 70 }).toBuffer());
    const [review] = await queryRows(
      db(),
      z.strictObject({ id: z.string(), reason: z.string() }),
      sql`SELECT id, reason FROM photo_reviews WHERE user_id = ${thief.userId} AND photo_key = ${key}`,
    );
    expect(review?.reason).toBe("reused");
    return { owner, ownerKey, thief, key, id: review!.id };
  }

  const asAdmin = (path: string, method = "GET") => t.request(path, { method, cookie: admin.cookie });
  const decide = (id: string, what: PhotoReviewDecision) =>
    asAdmin(`/api/admin/photo-reviews/${id}/${what}`, "POST");
  const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
  const queue = async (query = "size=100") =>
    (await (await asAdmin(`/api/admin/photo-reviews?${query}`)).json()) as AdminList<AdminPhotoReviewRow>;
  const publicPhotos = async (userId: string) =>
    (
      (await (
        await t.request(`/api/members/${userId}`, { cookie: viewer.cookie })
      ).json()) as PublicProfileDto
    ).photos.map((p) => p.key);
  const ownPhotos = async (m: Member) =>
    ((await (await t.request("/api/profile", { cookie: m.cookie })).json()) as ProfileDto).photos.map(
      (p) => p.key,
    );
  const stored = async (key: string) =>
    [await t.deps.storage.get(key), await t.deps.storage.get(thumbKey(key))].map(Boolean);
  async function review(id: string) {
    const [row] = await queryRows(
      db(),
      z.strictObject({ status: z.string(), decidedBy: z.string().nullable(), decided: z.boolean() }),
      sql`SELECT status, decided_by AS "decidedBy", decided_at IS NOT NULL AS decided
        FROM photo_reviews WHERE id = ${id}::uuid`,
    );
    return row;
  }
  const auditOf = (m: Member) =>
    queryRows(
      db(),
      z.strictObject({
        action: z.string(),
        adminId: z.string(),
        targetType: z.string(),
        summary: z.string(),
      }),
      sql`SELECT action, admin_id AS "adminId", target_type AS "targetType", summary FROM admin_audit
        WHERE target_id = ${m.userId} AND action LIKE 'photo.%' ORDER BY created_at`,
    );
  async function account(m: Member) {
    const [row] = await queryRows(
      db(),
      z.strictObject({ banned: z.boolean(), banReason: z.string().nullable(), sessions: z.number() }),
      sql`SELECT banned, ban_reason AS "banReason",
          (SELECT count(*) FROM session s WHERE s.user_id = u.id)::int AS sessions
        FROM "user" u WHERE id = ${m.userId}`,
    );
    return row!;
  }
  const hashed = async (key: string) => (await db().$count(photoHashes, eq(photoHashes.photoKey, key))) > 0;

  it("lists the held photos oldest first, with the member, the photo and the other account’s photo", async () => {
    const older = await held();
    await db().execute(
      sql`UPDATE photo_reviews SET created_at = now() - interval '1 hour' WHERE id = ${older.id}::uuid`,
    );
    const newer = await held();
    // A doubtful photo as screening records one (no picture here is doubtful to the real model).
    const doubtful = await signUpMember(t, "female");
    const doubtfulKey = await upload(doubtful, await freshPicture());
    const [suggestive] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO photo_reviews (user_id, photo_key, reason, score)
        VALUES (${doubtful.userId}, ${doubtfulKey}, 'suggestive', 0.72) RETURNING id`,
    );

    const res = await asAdmin("/api/admin/photo-reviews?size=100");
    expect(res.status).toBe(200);
    const list = (await res.json()) as AdminList<AdminPhotoReviewRow>;
    const ids = list.data.map((r) => r.id);
    expect(ids).toEqual([older.id, newer.id, suggestive!.id]);

    const row = list.data[0]!;
    expect(row).toMatchObject({
      reason: "reused",
      member: { userId: older.thief.userId, email: older.thief.email, name: "Kofi Diallo" },
      photo: { key: older.key },
      matched: {
        member: { userId: older.owner.userId, email: older.owner.email },
        photo: { key: older.ownerKey },
      },
      memberPhotoCount: 1,
    });
    expect(row.score).toBeGreaterThanOrEqual(0);
    expect(row.score).toBeLessThanOrEqual(6);
    expect(row.photo.url).toMatch(/^\/storage\/profiles\/photos\//);
    expect(Date.parse(row.createdAt)).toBeLessThan(Date.parse(list.data[1]!.createdAt));
    const third = list.data[2]!;
    expect(third).toMatchObject({ reason: "suggestive", matched: null, photo: { key: doubtfulKey } });
    expect(third.score).toBeCloseTo(0.72, 5);

    // The other account re-frames its photo (a new key): the match follows it; deletes it: none.
    const crop = await t.request("/api/profile/photos/crop", {
      method: "POST",
      cookie: newer.owner.cookie,
      json: { key: newer.ownerKey, square: { left: 0, top: 0, size: 300 } },
    });
    expect(crop.status, await crop.clone().text()).toBe(200);
    const cropped = ((await crop.json()) as ProfileDto).photos[0]!.key;
    expect(cropped).not.toBe(newer.ownerKey);
    // The hash follows the new key (renamePhoto, for a crop); a second call changes nothing.
    await renamePhoto(db(), newer.ownerKey, cropped);
    const matchOf = async (id: string) => (await queue()).data.find((r) => r.id === id)?.matched;
    expect((await matchOf(newer.id))?.photo?.key).toBe(cropped);
    const gone = await t.request(`/api/profile/photos?path=${encodeURIComponent(cropped)}`, {
      method: "DELETE",
      cookie: newer.owner.cookie,
    });
    expect(gone.status).toBe(200);
    expect(await matchOf(newer.id)).toEqual({
      member: expect.objectContaining({ userId: newer.owner.userId }),
      photo: null,
    });

    // Pages, and only pages.
    const page = await queue("size=1&page=2");
    expect(page).toMatchObject({ page: 2, size: 1, total: 3 });
    expect(page.data.map((r) => r.id)).toEqual([newer.id]);
    for (const bad of ["page=0", "size=101", "q=kofi", "sort=reason", "status=approved"])
      expect((await asAdmin(`/api/admin/photo-reviews?${bad}`)).status, bad).toBe(400);

    // Decided reviews leave the queue.
    for (const id of ids) expect((await decide(id, "approve")).status).toBe(200);
    expect((await queue()).data).toEqual([]);
  });

  it("approves: the photo becomes public, the decision is recorded and audited", async () => {
    const h = await held();
    expect(await publicPhotos(h.thief.userId)).toEqual([]);
    const res = await decide(h.id, "approve");
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminPhotoReviewDecision;
    expect(body).toMatchObject({ id: h.id, userId: h.thief.userId, status: "approved", banned: false });
    expect(Date.parse(body.decidedAt)).not.toBeNaN();

    expect(await publicPhotos(h.thief.userId)).toEqual([h.key]);
    expect(await review(h.id)).toEqual({ status: "approved", decidedBy: admin.userId, decided: true });
    expect(await stored(h.key)).toEqual([true, true]);
    expect(await hashed(h.key)).toBe(true);
    expect(await account(h.thief)).toMatchObject({ banned: false });
    expect(await auditOf(h.thief)).toEqual([
      {
        action: "photo.approve",
        adminId: admin.userId,
        targetType: "user",
        summary: `${h.thief.email} · même photo que ${h.owner.email}`,
      },
    ]);
  });

  it("removes: the photo leaves the profile and the storage, the other account keeps its own", async () => {
    const h = await held();
    const res = await decide(h.id, "remove");
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminPhotoReviewDecision).toMatchObject({
      status: "removed",
      banned: false,
    });

    expect(await ownPhotos(h.thief)).toEqual([]);
    expect(await publicPhotos(h.thief.userId)).toEqual([]);
    expect(await stored(h.key)).toEqual([false, false]);
    expect(await hashed(h.key)).toBe(false);
    expect(await review(h.id)).toEqual({ status: "removed", decidedBy: admin.userId, decided: true });
    expect(await account(h.thief)).toMatchObject({ banned: false });
    expect((await t.request("/api/profile", { cookie: h.thief.cookie })).status).toBe(200);
    // The original stays where it was.
    expect(await publicPhotos(h.owner.userId)).toEqual([h.ownerKey]);
    expect(await stored(h.ownerKey)).toEqual([true, true]);
    expect((await auditOf(h.thief)).map((a) => a.action)).toEqual(["photo.remove"]);
  });

  it("bans: the member is banned and signed out everywhere, and the photo removed", async () => {
    const h = await held();
    expect((await account(h.thief)).sessions).toBeGreaterThan(0);
    const stream = readEvents(await t.request("/api/events", { cookie: h.thief.cookie }));
    await stream.next("ready");
    const res = await decide(h.id, "ban");
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminPhotoReviewDecision).toMatchObject({
      userId: h.thief.userId,
      status: "removed",
      banned: true,
    });

    expect(await account(h.thief)).toEqual({
      banned: true,
      banReason: expect.stringMatching(/photo d’un autre compte/),
      sessions: 0,
    });
    expect((await t.request("/api/profile", { cookie: h.thief.cookie })).status).toBe(401);
    await expect(stream.next("nothing", 1_000)).rejects.toThrow(/stream ended/);
    const signIn = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: h.thief.email, password: MEMBER_PASSWORD },
    });
    expect(signIn.status).toBe(403);
    const [profile] = await queryRows(
      db(),
      z.strictObject({ photos: z.array(z.string()) }),
      sql`SELECT photos FROM profiles WHERE user_id = ${h.thief.userId}`,
    );
    expect(profile?.photos).toEqual([]);
    expect(await stored(h.key)).toEqual([false, false]);
    expect(await review(h.id)).toEqual({ status: "removed", decidedBy: admin.userId, decided: true });
    expect((await auditOf(h.thief)).map((a) => a.action)).toEqual(["photo.ban"]);
    // The other account is untouched.
    expect(await account(h.owner)).toMatchObject({ banned: false });
  });

  it("decides once: a second decision is a 409 and changes nothing", async () => {
    const h = await held();
    expect((await decide(h.id, "approve")).status).toBe(200);
    for (const what of ["approve", "remove", "ban"] as const) {
      const again = await decide(h.id, what);
      expect(again.status).toBe(409);
      const { error } = (await again.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("PHOTO_REVIEW_ALREADY_DECIDED");
      expect(error.message).toMatch(/déjà été traitée/);
    }
    expect(await review(h.id)).toMatchObject({ status: "approved" });
    expect(await publicPhotos(h.thief.userId)).toEqual([h.key]);
    expect(await account(h.thief)).toMatchObject({ banned: false });
    expect(await auditOf(h.thief)).toHaveLength(1);

    // Closed by the member deleting the photo: nothing left to decide either.
    const other = await held();
    await t.request(`/api/profile/photos?path=${encodeURIComponent(other.key)}`, {
      method: "DELETE",
      cookie: other.thief.cookie,
    });
    const closed = await decide(other.id, "ban");
    expect([closed.status, await codeOf(closed)]).toEqual([409, "PHOTO_REVIEW_ALREADY_DECIDED"]);
    expect(await account(other.thief)).toMatchObject({ banned: false });
  });

  it("decides once when two administrators decide at the same moment", async () => {
    const h = await held();
    const [a, b] = await Promise.all([decide(h.id, "approve"), decide(h.id, "remove")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const { status } = (await review(h.id))!;
    expect(await ownPhotos(h.thief)).toEqual(status === "approved" ? [h.key] : []);
    expect(await auditOf(h.thief)).toHaveLength(1);
  });

  it("answers 404 for an unknown review, and refuses to let an administrator ban themself", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-identifiant"]) {
      for (const what of ["approve", "remove", "ban"] as const) {
        const res = await decide(id, what);
        expect([res.status, await codeOf(res)], `${what} ${id}`).toEqual([404, "PHOTO_REVIEW_NOT_FOUND"]);
      }
    }
    const [own] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO photo_reviews (user_id, photo_key, reason, score)
        VALUES (${admin.userId}, ${`photos/${admin.userId}1.jpg`}, 'suggestive', 0.5) RETURNING id`,
    );
    const self = await decide(own!.id, "ban");
    expect([self.status, await codeOf(self)]).toEqual([400, "SELF_ACTION"]);
    expect(await review(own!.id)).toMatchObject({ status: "pending" });
    expect((await decide(own!.id, "remove")).status).toBe(200);
  });

  it("refuses the queue and the decisions to members and anonymous visitors, deciding nothing", async () => {
    const h = await held();
    for (const [path, method] of [
      ["/api/admin/photo-reviews", "GET"],
      [`/api/admin/photo-reviews/${h.id}/approve`, "POST"],
      [`/api/admin/photo-reviews/${h.id}/remove`, "POST"],
      [`/api/admin/photo-reviews/${h.id}/ban`, "POST"],
    ] as const) {
      expect((await t.request(path, { method })).status, `anonymous ${path}`).toBe(401);
      for (const who of [h.thief, h.owner])
        expect((await t.request(path, { method, cookie: who.cookie })).status, `member ${path}`).toBe(403);
    }
    expect(await review(h.id)).toEqual({ status: "pending", decidedBy: null, decided: false });
    expect(await ownPhotos(h.thief)).toEqual([h.key]);
    expect(await account(h.thief)).toMatchObject({ banned: false });
  });
});
