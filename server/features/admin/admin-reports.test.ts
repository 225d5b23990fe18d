// The moderation queue: open reports first with the most reported members first,
// the reported message in its context, and the workflow to a measure or a dismissal, audited.
import type { AdminList } from "@domain/admin.ts";
import type { AdminReportDetail, AdminReportRow } from "@domain/safety.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { waitForMail } from "../../test/mail.ts";
import { signUpMember } from "../../test/members.ts";

describeOnEngine("admin: reports", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const asAdmin = async <T>(path: string, json?: unknown) => {
    const res = await t.request(path, {
      method: json === undefined ? "GET" : "POST",
      cookie: admin.cookie,
      json,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  type Member = Awaited<ReturnType<typeof signUpMember>>;
  async function conversation(him: Member, her: Member) {
    const like = await t.request("/api/likes", {
      method: "POST",
      cookie: him.cookie,
      json: { likedId: her.userId, type: "like" },
    });
    return ((await like.json()) as { matchId: string }).matchId;
  }
  const send = async (m: Member, matchId: string, content: string) =>
    (
      (await (
        await t.request(`/api/matches/${matchId}/messages`, {
          method: "POST",
          cookie: m.cookie,
          json: { content },
        })
      ).json()) as { id: string }
    ).id;
  const report = (m: Member, json: unknown) =>
    t.request("/api/reports", { method: "POST", cookie: m.cookie, json });

  it("lists open reports first, highlights members reported by several people, shows the context", async () => {
    const scammer = await signUpMember(t, "male", { firstName: "Arnaqueur" });
    const victims = [await signUpMember(t, "female"), await signUpMember(t, "female")];
    let reportedMessage = "";
    for (const v of victims) {
      const matchId = await conversation(scammer, v);
      await send(scammer, matchId, "Bonjour, tu vas bien ?");
      await send(v, matchId, "Très bien et toi ?");
      reportedMessage = await send(scammer, matchId, "J’ai besoin de 500 € pour l’hôpital");
      await send(scammer, matchId, "Réponds-moi vite");
      expect(
        (await report(v, { userId: scammer.userId, messageId: reportedMessage, reason: "scam" })).status,
      ).toBe(201);
    }
    const list = await asAdmin<AdminList<AdminReportRow>>("/api/admin/reports?status=open");
    const mine = list.body.data.filter((r) => r.reported?.userId === scammer.userId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: "scam",
      status: "pending",
      reportersOfMember: 2,
      messageExcerpt: "J’ai besoin de 500 € pour l’hôpital",
    });

    const detail = await asAdmin<AdminReportDetail>(`/api/admin/reports/${mine[0]!.id}`);
    expect(detail.body.context.map((m) => m.content)).toEqual([
      "Bonjour, tu vas bien ?",
      "Très bien et toi ?",
      "J’ai besoin de 500 € pour l’hôpital",
      "Réponds-moi vite",
    ]);
    expect(detail.body.context.filter((m) => m.reported).map((m) => m.content)).toEqual([
      "J’ai besoin de 500 € pour l’hôpital",
    ]);

    // In review, then a ban: the member is banned and the report closed.
    expect(
      (await asAdmin<AdminReportDetail>(`/api/admin/reports/${mine[0]!.id}/status`, { status: "in_review" }))
        .body.status,
    ).toBe("in_review");
    const banned = await asAdmin<AdminReportDetail>(`/api/admin/reports/${mine[0]!.id}/action`, {
      action: "ban",
      note: "Escroquerie",
    });
    expect(banned.body).toMatchObject({ status: "action_taken", action: "ban", note: "Escroquerie" });
    expect((await t.request("/api/profile", { cookie: scammer.cookie })).status).toBe(401);
    // Once acted upon, it cannot be reopened.
    expect((await asAdmin(`/api/admin/reports/${mine[0]!.id}/status`, { status: "dismissed" })).status).toBe(
      409,
    );
  });

  it("dismisses, warns by e-mail, removes a photo; refuses unknown measures", async () => {
    const him = await signUpMember(t, "male", { photos: ["photos/shared-pool-1.jpg"] });
    const her = await signUpMember(t, "female");
    await report(her, { userId: him.userId, reason: "fake_profile" });
    await report(her, { userId: him.userId, reason: "inappropriate" });
    await report(her, { userId: him.userId, reason: "other", details: "Rien de grave" });
    const list = (
      await asAdmin<AdminList<AdminReportRow>>("/api/admin/reports?status=pending&size=100")
    ).body.data.filter((r) => r.reported?.userId === him.userId);
    const byReason = Object.fromEntries(list.map((r) => [r.reason, r.id]));
    expect(
      (
        await asAdmin<AdminReportDetail>(`/api/admin/reports/${byReason.other}/status`, {
          status: "dismissed",
        })
      ).body.status,
    ).toBe("dismissed");
    const warned = await asAdmin<AdminReportDetail>(`/api/admin/reports/${byReason.fake_profile}/action`, {
      action: "warning",
      note: "Photos volées",
    });
    expect(warned.body.action).toBe("warning");
    expect((await waitForMail(t.dataDir, him.email, "Avertissement")).text).toContain("Photos volées");
    const removed = await asAdmin<AdminReportDetail>(`/api/admin/reports/${byReason.inappropriate}/action`, {
      action: "photo_removed",
      photoKey: "photos/shared-pool-1.jpg",
    });
    expect(removed.body.photos).toEqual([]);
    expect(
      (await asAdmin(`/api/admin/reports/${byReason.inappropriate}/action`, { action: "supprimer" })).status,
    ).toBe(400);
    const audit = await asAdmin<{ data: { action: string }[] }>("/api/admin/audit?size=50");
    expect(audit.body.data.map((a) => a.action)).toEqual(
      expect.arrayContaining(["report.dismissed", "report.action"]),
    );
  });
});
