// Accounts and profiles in the administration: lists that search, filter, sort and
// page on the server; ban (sessions and streams end at once), role, deletion with photos; profile
// edits under the member form's rules; photo moderation; every action in the audit log.
import type {
  AdminList,
  AdminProfileRow,
  AdminUserDetail,
  AdminUserRow,
  AuditEntryDto,
  DashboardDto,
} from "@domain/admin.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { adminAudit } from "../../platform/db/schema/app.ts";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { insertMember, signUpMember } from "../../test/members.ts";
import { readEvents } from "../../test/sse.ts";
import { dashboard } from "./dashboard.service.ts";

describeOnEngine("admin: users and profiles", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => {
    const res = await t.request(path, { cookie: admin.cookie });
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = (path: string, json?: unknown, method = "POST") =>
    t.request(path, { method, cookie: admin.cookie, json });
  const auditActions = async () =>
    (await get<AdminList<AuditEntryDto>>("/api/admin/audit?size=100")).body.data.map((e) => e.action);

  it("searches, filters, sorts and pages the accounts on the server", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const m = await signUpMember(t, i % 2 ? "female" : "male", {
        firstName: `${tag}${i}`,
        accountStatus: i < 3 ? "subscribed" : "trial",
      });
      made.push(m.userId);
    }
    const all = await get<AdminList<AdminUserRow>>(
      `/api/admin/users?q=${tag}&size=5&sort=created_at&dir=asc`,
    );
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 7, totalCapped: false, page: 1, size: 5 });
    expect(all.body.data.map((u) => u.id)).toEqual(made.slice(0, 5));
    const page2 = await get<AdminList<AdminUserRow>>(
      `/api/admin/users?q=${tag}&size=5&sort=created_at&dir=asc&page=2`,
    );
    expect(page2.body.data.map((u) => u.id)).toEqual(made.slice(5));
    const subscribed = await get<AdminList<AdminUserRow>>(`/api/admin/users?q=${tag}&status=subscribed`);
    expect(subscribed.body.total).toBe(3);
    expect(subscribed.body.data.every((u) => u.accountStatus === "subscribed")).toBe(true);
    // A search with LIKE wildcards looks for the characters themselves.
    expect((await get<AdminList<AdminUserRow>>("/api/admin/users?q=%25_%25")).body.total).toBe(0);
    for (const bad of [
      "page=0",
      "size=101",
      "sort=password",
      "dir=up",
      "status=vip",
      "banned=oui",
      "extra=1",
    ]) {
      expect((await get(`/api/admin/users?${bad}`)).status, bad).toBe(400);
    }
  });

  it("bans a member: sessions and event streams end at once, search hides them; unban restores", async () => {
    const member = await signUpMember(t, "male");
    const stream = readEvents(await t.request("/api/events", { cookie: member.cookie }));
    await stream.next("ready");
    expect((await post(`/api/admin/users/${member.userId}/ban`, { reason: "" })).status).toBe(400);
    const res = await post(`/api/admin/users/${member.userId}/ban`, { reason: "Demandes d’argent répétées" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminUserDetail).banned).toBe(true);
    expect((await t.request("/api/profile", { cookie: member.cookie })).status).toBe(401);
    await expect(stream.next("nothing", 1_000)).rejects.toThrow(/stream ended/);
    const signIn = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: member.email, password: "motdepasse-solide" },
    });
    expect(signIn.status).toBe(403);
    const unban = await post(`/api/admin/users/${member.userId}/unban`);
    expect(((await unban.json()) as AdminUserDetail).banned).toBe(false);
    expect(await auditActions()).toEqual(expect.arrayContaining(["user.ban", "user.unban"]));
  });

  it("changes roles (not their own), and refuses to ban or delete themself", async () => {
    const member = await signUpMember(t, "female");
    const res = await post(`/api/admin/users/${member.userId}/role`, { role: "admin" });
    expect(((await res.json()) as AdminUserDetail).role).toBe("admin");
    await post(`/api/admin/users/${member.userId}/role`, { role: "user" });
    expect((await post(`/api/admin/users/${admin.userId}/role`, { role: "user" })).status).toBe(400);
    expect((await post(`/api/admin/users/${admin.userId}/ban`, { reason: "moi-même" })).status).toBe(400);
    expect((await post(`/api/admin/users/${member.userId}/role`, { role: "superadmin" })).status).toBe(400);
  });

  it("deletes an account with its profile, photos and data, after confirmation by e-mail", async () => {
    const member = await signUpMember(t, "female");
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage("jpeg", 200, 250))], "portrait.jpg", { type: "image/jpeg" }),
    );
    const upload = await t.request("/api/profile/photos", {
      method: "POST",
      cookie: member.cookie,
      body: form,
    });
    const key = ((await upload.json()) as ProfileDto).photos[0]!.key;
    expect(await t.deps.storage.get(key)).not.toBeNull();
    const wrong = await post(
      `/api/admin/users/${member.userId}`,
      { confirmEmail: "autre@exemple.fr" },
      "DELETE",
    );
    expect(wrong.status).toBe(400);
    const ok = await post(
      `/api/admin/users/${member.userId}`,
      { confirmEmail: member.email.toUpperCase() },
      "DELETE",
    );
    expect(ok.status).toBe(204);
    expect((await get(`/api/admin/users/${member.userId}`)).status).toBe(404);
    const [left] = await queryRows(
      t.deps.database.db,
      z.strictObject({ n: z.number() }),
      sql`SELECT (SELECT count(*) FROM profiles WHERE user_id = ${member.userId})::int +
        (SELECT count(*) FROM subscriptions WHERE user_id = ${member.userId})::int AS n`,
    );
    expect(left?.n).toBe(0);
    expect(await t.deps.storage.get(key)).toBeNull();
    expect(await auditActions()).toContain("user.delete");
  });

  it("edits a profile under the member form’s rules and removes a photo", async () => {
    const member = await signUpMember(t, "male", { firstName: "Ancien" });
    const bad = await post(
      `/api/admin/profiles/${member.userId}`,
      { birthDate: "2015-01-01", phoneNumber: "abc" },
      "PATCH",
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { error: { fields: object } }).error.fields)).toEqual([
      "birthDate",
      "phoneNumber",
    ]);
    const ok = await post(
      `/api/admin/profiles/${member.userId}`,
      { firstName: "  Nouveau ", interests: ["cuisine", "Danse"] },
      "PATCH",
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()) as AdminProfileRow).toMatchObject({
      firstName: "Nouveau",
      interests: ["Cuisine", "Danse"],
    });

    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage("png", 120, 150))], "photo.png", { type: "image/png" }),
    );
    const upload = await t.request("/api/profile/photos", {
      method: "POST",
      cookie: member.cookie,
      body: form,
    });
    const key = ((await upload.json()) as ProfileDto).photos[0]!.key;
    const removed = await post(
      `/api/admin/profiles/${member.userId}/photos?path=${encodeURIComponent(key)}`,
      undefined,
      "DELETE",
    );
    expect(((await removed.json()) as AdminProfileRow).photos).toEqual([]);
    const list = await get<AdminList<AdminProfileRow>>("/api/admin/profiles?q=Nouveau&hasPhoto=false");
    expect(list.body.data.map((p) => p.userId)).toContain(member.userId);
    expect(await auditActions()).toEqual(expect.arrayContaining(["profile.update", "profile.photo.remove"]));
  });

  it("shows and edits where a member comes from, their city and « prêt(e) à déménager »", async () => {
    const member = await signUpMember(t, "female", { originCountry: "Mali", city: "Bamako", relocate: "no" });
    const path = `/api/admin/profiles/${member.userId}`;
    expect((await get<AdminProfileRow>(path)).body).toMatchObject({
      originCountry: "Mali",
      city: "Bamako",
      relocate: "no",
    });
    const listed = await get<AdminList<AdminProfileRow>>(
      `/api/admin/profiles?q=${encodeURIComponent(member.email)}`,
    );
    expect(listed.body.data[0]).toMatchObject({ originCountry: "Mali", city: "Bamako", relocate: "no" });

    const edit = await post(path, { originCountry: "Sénégal", city: "  Lyon ", relocate: "maybe" }, "PATCH");
    expect(edit.status).toBe(200);
    const edited = { originCountry: "Sénégal", city: "Lyon", relocate: "maybe" };
    expect(await edit.json()).toMatchObject(edited);
    expect((await get<AdminProfileRow>(path)).body).toMatchObject(edited);

    // « Ne pas préciser »: empty origin and city, relocation not said.
    const cleared = await post(path, { originCountry: "", city: "", relocate: "" }, "PATCH");
    expect(cleared.status).toBe(200);
    expect((await get<AdminProfileRow>(path)).body).toMatchObject({
      originCountry: "",
      city: "",
      relocate: null,
    });

    const bad = await post(path, { originCountry: "Atlantide", relocate: "jamais" }, "PATCH");
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { error: { fields: object } }).error.fields)).toEqual([
      "originCountry",
      "relocate",
    ]);
  });

  it("summarises the site on the dashboard", async () => {
    const d = await get<DashboardDto>("/api/admin/dashboard");
    expect(d.status).toBe(200);
    expect(d.body.members.total).toBeGreaterThan(0);
    expect(d.body.signupsPerDay).toHaveLength(30);
    expect(d.body.signupsPerDay.at(-1)?.count).toBeGreaterThan(0);
    expect(d.body.messagesPerDay).toHaveLength(30);
    expect(d.body.latestActions.length).toBeGreaterThan(0);
    const { trial, subscribed, expired } = d.body.members.byStatus;
    expect(trial + subscribed + expired).toBeGreaterThan(0);
  });

  it("counts on the dashboard the held photos waiting for an administrator, and only those", async () => {
    const db = t.deps.database.db;
    const pending = async () => (await get<DashboardDto>("/api/admin/dashboard")).body.pendingPhotoReviews;
    const before = await pending();
    const held = await insertMember(db, "female");
    const other = await insertMember(db, "male");
    await db.execute(sql`INSERT INTO photo_reviews (user_id, photo_key, reason, score, matched_user_id, matched_key, status)
      VALUES (${held}, ${`photos/${held}1.jpg`}, 'suggestive', 0.72, NULL, NULL, 'pending'),
        (${held}, ${`photos/${held}2.jpg`}, 'reused', NULL, ${other}, ${`photos/${other}1.jpg`}, 'pending'),
        (${other}, ${`photos/${other}2.jpg`}, 'suggestive', 0.65, NULL, NULL, 'approved'),
        (${other}, ${`photos/${other}3.jpg`}, 'reused', NULL, ${held}, ${`photos/${held}3.jpg`}, 'removed')`);
    expect(await pending()).toBe(before + 2);
    // A decided review leaves the count.
    await db.execute(
      sql`UPDATE photo_reviews SET status = 'approved', decided_at = now() WHERE photo_key = ${`photos/${held}1.jpg`}`,
    );
    expect(await pending()).toBe(before + 1);
  });

  it("reuses the dashboard’s counts for DASHBOARD_CACHE_SECONDS, but never the latest actions", async () => {
    const before = await dashboard(t.deps.database.db, 60);
    await insertMember(t.deps.database.db, "female");
    await t.deps.database.db.insert(adminAudit).values({
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "user.ban",
      targetType: "user",
      targetId: "cache-test",
      summary: "Essai du cache",
    });
    const cached = await dashboard(t.deps.database.db, 60);
    expect(cached.figuresAt).toBe(before.figuresAt);
    expect(cached.members.byGender.female).toBe(before.members.byGender.female);
    expect(cached.latestActions[0]?.summary).toBe("Essai du cache");
    // Without a cache (the tests' setting), every call counts again.
    const fresh = await dashboard(t.deps.database.db, 0);
    expect(fresh.members.byGender.female).toBe(before.members.byGender.female + 1);
  });
});
