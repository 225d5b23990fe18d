// Check-ins (issue 40) on both engines: a member sets a time and her contacts; answered in time,
// nobody hears anything; missed past the grace, each contact gets the alert e-mail once; a false
// alarm sends them the all-clear; only she can answer; bad input is refused in French.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { CheckInDto } from "@domain/check-ins.ts";
import { CHECK_IN_MSG } from "@domain/check-ins.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { runCheckInSweep } from "./jobs.ts";

type Member = Awaited<ReturnType<typeof signUpMember>>;
const plain = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, " ");

describeEachEngine("check-ins", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const mailsTo = async (to: string) => {
    const dir = path.join(t.dataDir, "outbox");
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
    const all = await Promise.all(
      files.map(
        async (f) =>
          JSON.parse(await readFile(path.join(dir, f), "utf8")) as {
            to: string;
            subject: string;
            text: string;
          },
      ),
    );
    return all.filter((m) => m.to === to);
  };
  const create = async (m: Member, json: unknown) => {
    const res = await t.request("/api/check-ins", { method: "POST", cookie: m.cookie, json });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CheckInDto;
  };
  const answer = (m: Member, id: string) =>
    t.request(`/api/check-ins/${id}/ok`, { method: "POST", cookie: m.cookie });
  /** Moves a check-in's time back: its grace is over. */
  const overdue = (id: string) =>
    t.deps.database.db.execute(
      sql`UPDATE check_ins SET due_at = now() - interval '2 hours' WHERE id = ${id}::uuid`,
    );
  const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@exemple.fr`;

  it("alerts each contact once when she misses it, then tells them of the false alarm", async () => {
    const her = await signUpMember(t, "female", { firstName: "Aïcha" });
    const mum = unique("maman");
    const friend = unique("amie");
    const checkIn = await create(her, {
      dueAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      graceMinutes: 30,
      timeZone: "Africa/Dakar",
      note: "Restaurant La Calebasse, Dakar",
      contacts: [
        { name: "Maman", email: mum.toUpperCase() },
        { name: "Fatou", email: friend },
      ],
    });
    expect(checkIn).toMatchObject({ status: "waiting", graceMinutes: 30 });
    expect(Date.parse(checkIn.alertAt) - Date.parse(checkIn.dueAt)).toBe(30 * 60_000);
    // Not yet due: nothing.
    await runCheckInSweep(t.deps);
    expect(await mailsTo(mum)).toEqual([]);

    await overdue(checkIn.id);
    await runCheckInSweep(t.deps);
    await runCheckInSweep(t.deps);
    const [alert] = await mailsTo(mum);
    expect(await mailsTo(mum)).toHaveLength(1);
    expect(await mailsTo(friend)).toHaveLength(1);
    expect(plain(alert?.subject)).toBe("Aïcha n’a pas confirmé que tout va bien");
    expect(plain(alert?.text)).toContain("Bonjour Maman,");
    expect(plain(alert?.text)).toContain("(heure de Dakar)");
    expect(plain(alert?.text)).toContain("« Restaurant La Calebasse, Dakar »");
    expect(plain(alert?.text)).toContain(plain(CHECK_IN_MSG.NOT_EMERGENCY));
    const listed = (await (await t.request("/api/check-ins", { cookie: her.cookie })).json()) as {
      data: CheckInDto[];
    };
    expect(listed.data[0]).toMatchObject({
      status: "alerted",
      contacts: [{ alerted: true }, { alerted: true }],
    });

    // « Tout va bien » after the alert: a false alarm, told to both.
    const ok = await answer(her, checkIn.id);
    expect(((await ok.json()) as CheckInDto).status).toBe("cancelled");
    await runCheckInSweep(t.deps);
    await runCheckInSweep(t.deps);
    const mails = await mailsTo(mum);
    expect(mails.map((m) => plain(m.subject))).toEqual(
      expect.arrayContaining(["Fausse alerte : Aïcha va bien"]),
    );
    expect(mails).toHaveLength(2);
    expect(await mailsTo(friend)).toHaveLength(2);
  });

  it("alerts nobody when she answers in time, and only she may answer", async () => {
    const her = await signUpMember(t, "female");
    const other = await signUpMember(t, "male");
    const contact = unique("contact");
    const checkIn = await create(her, {
      dueAt: new Date(Date.now() + 60_000).toISOString(),
      graceMinutes: 15,
      contacts: [{ name: "Soeur", email: contact }],
    });
    for (const id of [checkIn.id, "pas-un-id"]) {
      const res = await answer(other, id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("CHECK_IN_NOT_FOUND");
    }
    expect(((await (await answer(her, checkIn.id)).json()) as CheckInDto).status).toBe("ok");
    await overdue(checkIn.id);
    await runCheckInSweep(t.deps);
    expect(await mailsTo(contact)).toEqual([]);
    // Answered, it is closed.
    const again = await t.request(`/api/check-ins/${checkIn.id}/withdraw`, {
      method: "POST",
      cookie: her.cookie,
    });
    expect(again.status).toBe(409);
  });

  it("refuses bad input in French and writes nothing", async () => {
    const her = await signUpMember(t, "female");
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const contacts = [{ name: "Maman", email: "maman@exemple.fr" }];
    const cases: [unknown, string][] = [
      [{ dueAt: soon, graceMinutes: 30, contacts: [] }, "VALIDATION_ERROR"],
      [{ dueAt: soon, graceMinutes: 7, contacts }, "VALIDATION_ERROR"],
      [
        { dueAt: soon, graceMinutes: 30, contacts: [{ name: "Maman", email: "pas-une-adresse" }] },
        "VALIDATION_ERROR",
      ],
      [{ dueAt: "ce soir", graceMinutes: 30, contacts }, "VALIDATION_ERROR"],
      [
        { dueAt: new Date(Date.now() - 86_400_000).toISOString(), graceMinutes: 30, contacts },
        "CHECK_IN_DUE_OUT_OF_RANGE",
      ],
      [
        { dueAt: soon, graceMinutes: 30, contacts, matchId: "00000000-0000-4000-8000-000000000000" },
        "MATCH_NOT_FOUND",
      ],
    ];
    for (const [json, code] of cases) {
      const res = await t.request("/api/check-ins", { method: "POST", cookie: her.cookie, json });
      expect(res.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const listed = (await (await t.request("/api/check-ins", { cookie: her.cookie })).json()) as {
      data: CheckInDto[];
    };
    expect(listed.data).toEqual([]);
  });
});
