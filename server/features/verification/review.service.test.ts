// The administrators' review of uncertain verifications, on both engines: the queue, the selfie
// served to administrators only, approve and refuse (badge, descriptor, erasure, audit), a single
// decision per attempt even when two administrators decide at once.
import type {
  AdminList,
  AdminVerificationDecision,
  AdminVerificationRow,
  DashboardDto,
} from "@domain/admin.ts";
import { VERIFICATION_REASONS, type VerificationStateDto } from "@domain/verification.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { createAdmin } from "../../test/admin.ts";
import { face, SAME_PERSON } from "../../test/face-samples.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";

/** Exactly representable in a real, so that the copy can be compared as it is. */
const DESCRIPTOR = [0.5, -0.25, 0.125, 0.75];

describeEachEngine("verification review by an administrator", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let selfie: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await createAdmin(t);
    selfie = await face(SAME_PERSON[1]!);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  type Member = Awaited<ReturnType<typeof signUpMember>>;

  /** A member with two profile photos. */
  async function member(): Promise<Member> {
    const m = await signUpMember(t, "male");
    await db().execute(
      sql`UPDATE profiles SET photos = ARRAY[${`photos/${m.userId}1.jpg`}, ${`photos/${m.userId}2.jpg`}]
        WHERE user_id = ${m.userId}`,
    );
    return m;
  }

  /** An attempt left to an administrator, as verification.service.ts records one. */
  async function review(m: Member, likeness = 0.61, createdAt = new Date()): Promise<string> {
    const [row] = await queryRows(
      db(),
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO verifications (user_id, outcome, reason, likeness, selfie, descriptor, created_at)
        VALUES (${m.userId}, 'review', 'UNCERTAIN', ${likeness}, ${selfie}, ${`{${DESCRIPTOR.join(",")}}`}::real[],
          ${createdAt.toISOString()}::timestamptz)
        RETURNING id`,
    );
    return row!.id;
  }

  const asAdmin = (path: string, method = "GET") => t.request(path, { method, cookie: admin.cookie });
  const decide = (id: string, what: "approve" | "refuse") =>
    asAdmin(`/api/admin/verifications/${id}/${what}`, "POST");
  const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  async function stored(id: string) {
    const [row] = await queryRows(
      db(),
      z.strictObject({
        outcome: z.string(),
        reason: z.string().nullable(),
        selfie: z.boolean(),
        descriptor: z.boolean(),
        decidedBy: z.string().nullable(),
        decided: z.boolean(),
      }),
      sql`SELECT outcome, reason, selfie IS NOT NULL AS selfie, descriptor IS NOT NULL AS descriptor,
          decided_by AS "decidedBy", decided_at IS NOT NULL AS decided
        FROM verifications WHERE id = ${id}::uuid`,
    );
    return row;
  }
  async function badge(m: Member) {
    const [row] = await queryRows(
      db(),
      z.strictObject({ verified: z.boolean(), descriptor: z.array(z.number()).nullable() }),
      sql`SELECT p.verified_at IS NOT NULL AS verified, d.descriptor
        FROM profiles p LEFT JOIN face_descriptors d ON d.user_id = p.user_id WHERE p.user_id = ${m.userId}`,
    );
    return { verified: row!.verified, descriptor: row!.descriptor?.map(Number) ?? null };
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
        WHERE target_id = ${m.userId} AND action LIKE 'verification.%' ORDER BY created_at`,
    );
  const stateOf = async (m: Member) =>
    (await (await t.request("/api/verification", { cookie: m.cookie })).json()) as VerificationStateDto;
  const pendingIds = async () =>
    (
      (await (await asAdmin("/api/admin/verifications?size=100")).json()) as AdminList<AdminVerificationRow>
    ).data.map((r) => r.id);

  it("lists the pending reviews oldest first, with the member, the likeness, the selfie and the photos", async () => {
    const older = await member();
    const newer = await member();
    const first = await review(older, 0.6, new Date(Date.now() - 3_600_000));
    const second = await review(newer, 0.66);
    // Neither an automatic outcome nor a decided review is waiting.
    await db().execute(sql`INSERT INTO verifications (user_id, outcome, likeness, decided_at)
      VALUES (${newer.userId}, 'verified', 0.8, now()), (${older.userId}, 'refused', 0.3, now())`);
    const decided = await review(older);
    expect((await decide(decided, "refuse")).status).toBe(200);

    const res = await asAdmin("/api/admin/verifications?size=100");
    expect(res.status).toBe(200);
    const list = (await res.json()) as AdminList<AdminVerificationRow>;
    const ids = list.data.map((r) => r.id);
    expect(ids).not.toContain(decided);
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const row = list.data.find((r) => r.id === first)!;
    expect(row).toMatchObject({
      member: { userId: older.userId, email: older.email, name: "Kofi Diallo" },
      selfieUrl: `/api/admin/verifications/${first}/selfie`,
    });
    expect(row.likeness).toBeCloseTo(0.6, 5);
    expect(row.photos.map((p) => p.key)).toEqual([
      `photos/${older.userId}1.jpg`,
      `photos/${older.userId}2.jpg`,
    ]);
    expect(row.photos[0]!.url).toMatch(/^\/storage\/profiles\/photos\//);
    expect(row.member.photo?.key).toBe(`photos/${older.userId}1.jpg`);
    // Pages, and only pages.
    const page = (await (
      await asAdmin("/api/admin/verifications?size=1&page=2")
    ).json()) as AdminList<AdminVerificationRow>;
    expect(page).toMatchObject({ page: 2, size: 1, total: list.total });
    expect(page.data.map((r) => r.id)).toEqual([ids[1]]);
    for (const bad of ["page=0", "size=101", "q=kofi", "sort=likeness"])
      expect((await asAdmin(`/api/admin/verifications?${bad}`)).status, bad).toBe(400);
    // The dashboard counts them.
    const dashboard = (await (await asAdmin("/api/admin/dashboard")).json()) as DashboardDto;
    expect(dashboard.pendingVerifications).toBe(list.total);
  });

  it("serves the selfie to administrators only, never to be cached, and no more once decided", async () => {
    const m = await member();
    const other = await member();
    const id = await review(m);
    const res = await asAdmin(`/api/admin/verifications/${id}/selfie`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("no-store, private");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(selfie)).toBe(true);

    const path = `/api/admin/verifications/${id}/selfie`;
    expect((await t.request(path)).status).toBe(401);
    // Not even to the member it shows, nor to anyone else.
    for (const who of [m, other]) {
      const refused = await t.request(path, { cookie: who.cookie });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("content-type")).not.toBe("image/jpeg");
    }

    expect((await decide(id, "approve")).status).toBe(200);
    const gone = await asAdmin(path);
    expect([gone.status, await codeOf(gone)]).toEqual([404, "VERIFICATION_NOT_FOUND"]);
  });

  it("approves: the badge is set, the descriptor kept for re-checks, the selfie erased, the decision audited", async () => {
    const m = await member();
    const id = await review(m, 0.62);
    expect(await stateOf(m)).toMatchObject({ status: "pending-review" });
    const res = await decide(id, "approve");
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminVerificationDecision;
    expect(body).toMatchObject({ id, userId: m.userId, outcome: "verified" });
    expect(Date.parse(body.decidedAt)).not.toBeNaN();

    expect(await badge(m)).toEqual({ verified: true, descriptor: DESCRIPTOR });
    expect(await stored(id)).toEqual({
      outcome: "verified",
      reason: null,
      selfie: false,
      descriptor: false,
      decidedBy: admin.userId,
      decided: true,
    });
    expect(await stateOf(m)).toMatchObject({ status: "verified", reason: null });
    expect(await auditOf(m)).toEqual([
      {
        action: "verification.approve",
        adminId: admin.userId,
        targetType: "user",
        // « 62 % » with the narrow no-break space French puts before the percent sign.
        summary: `${m.email} · ressemblance 62\u202f%`,
      },
    ]);
    expect(await pendingIds()).not.toContain(id);
  });

  it("refuses: no badge, nothing biometric kept, the member reads why, the decision audited", async () => {
    const m = await member();
    const id = await review(m);
    const res = await decide(id, "refuse");
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminVerificationDecision).toMatchObject({ id, outcome: "refused" });

    expect(await badge(m)).toEqual({ verified: false, descriptor: null });
    expect(await stored(id)).toEqual({
      outcome: "refused",
      reason: "NO_MATCH",
      selfie: false,
      descriptor: false,
      decidedBy: admin.userId,
      decided: true,
    });
    expect(await stateOf(m)).toMatchObject({ status: "refused", reason: VERIFICATION_REASONS.NO_MATCH });
    expect((await auditOf(m)).map((a) => a.action)).toEqual(["verification.refuse"]);
  });

  it("decides once: a second decision is a 409 and changes nothing", async () => {
    const m = await member();
    const id = await review(m);
    expect((await decide(id, "refuse")).status).toBe(200);
    for (const what of ["approve", "refuse"] as const) {
      const again = await decide(id, what);
      expect(again.status).toBe(409);
      const { error } = (await again.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("VERIFICATION_ALREADY_DECIDED");
      expect(error.message).toMatch(/déjà été décidée/);
    }
    expect(await badge(m)).toEqual({ verified: false, descriptor: null });
    expect((await stored(id))?.outcome).toBe("refused");
    expect(await auditOf(m)).toHaveLength(1);
  });

  it("decides once when two administrators decide at the same moment", async () => {
    const m = await member();
    const id = await review(m);
    const [a, b] = await Promise.all([decide(id, "approve"), decide(id, "refuse")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const outcome = (await stored(id))!.outcome;
    expect((await badge(m)).verified).toBe(outcome === "verified");
    expect(await auditOf(m)).toHaveLength(1);
  });

  it("answers 404 for an unknown verification", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-identifiant"]) {
      for (const res of [
        await decide(id, "approve"),
        await decide(id, "refuse"),
        await asAdmin(`/api/admin/verifications/${id}/selfie`),
      ]) {
        expect([res.status, await codeOf(res)]).toEqual([404, "VERIFICATION_NOT_FOUND"]);
      }
    }
  });

  it("refuses the queue and the decisions to members and anonymous visitors, deciding nothing", async () => {
    const m = await member();
    const id = await review(m);
    for (const [path, method] of [
      ["/api/admin/verifications", "GET"],
      [`/api/admin/verifications/${id}/approve`, "POST"],
      [`/api/admin/verifications/${id}/refuse`, "POST"],
    ] as const) {
      expect((await t.request(path, { method })).status, `anonymous ${path}`).toBe(401);
      expect((await t.request(path, { method, cookie: m.cookie })).status, `member ${path}`).toBe(403);
    }
    expect(await stored(id)).toMatchObject({ outcome: "review", selfie: true, decided: false });
    expect(await badge(m)).toEqual({ verified: false, descriptor: null });
  });
});
