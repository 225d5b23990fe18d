import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "@domain/notifications.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { inQuietHours } from "./preferences.ts";

describe("inQuietHours", () => {
  const prefs = (start: string, end: string, timeZone = "Europe/Paris"): NotificationPreferences => ({
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    quietHours: { start, end },
    timeZone,
  });
  it("reads the hours in the member’s time zone, across midnight, end excluded", () => {
    // 22:30 in Paris (UTC+1 in November) is 21:30 UTC; in Dakar (UTC) it is 21:30.
    const at = new Date("2026-11-24T21:30:00Z");
    expect(inQuietHours(prefs("22:00", "08:00"), at)).toBe(true);
    expect(inQuietHours(prefs("22:00", "08:00", "Africa/Dakar"), at)).toBe(false);
    expect(inQuietHours(prefs("22:00", "08:00"), new Date("2026-11-25T06:59:00Z"))).toBe(true);
    expect(inQuietHours(prefs("22:00", "08:00"), new Date("2026-11-25T07:00:00Z"))).toBe(false);
    expect(inQuietHours(prefs("13:00", "14:00"), new Date("2026-11-24T12:30:00Z"))).toBe(true);
    expect(inQuietHours(prefs("13:00", "14:00"), new Date("2026-11-24T13:30:00Z"))).toBe(false);
    expect(inQuietHours(DEFAULT_NOTIFICATION_PREFERENCES, at)).toBe(false);
  });
});

describeOnEngine("notification preferences API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("gives the defaults, saves a choice, refuses bad input in French and strangers", async () => {
    const m = await signUpMember(t, "female", {}, { emailVerified: false });
    const get = async () =>
      (await (await t.request("/api/notifications/preferences", { cookie: m.cookie })).json()) as {
        preferences: NotificationPreferences;
        emailVerified: boolean;
        pushKey: string;
      };
    const first = await get();
    expect(first.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(first.emailVerified).toBe(false);
    expect(first.pushKey).toBe(t.deps.config.push.publicKey);

    const chosen: NotificationPreferences = {
      push: { matches: true, messages: false, payments: true, news: false },
      email: { matches: false, messages: true, payments: true, news: true },
      emailRhythm: "weekly",
      quietHours: { start: "22:30", end: "07:15" },
      timeZone: "Africa/Abidjan",
    };
    const put = (json: unknown, cookie: string | undefined = m.cookie) =>
      t.request("/api/notifications/preferences", { method: "PUT", cookie, json });
    expect((await put(chosen)).status).toBe(200);
    expect((await get()).preferences).toEqual(chosen);

    for (const bad of [
      { ...chosen, timeZone: "Mars/Olympus" },
      { ...chosen, quietHours: { start: "25:00", end: "07:00" } },
      { ...chosen, emailRhythm: "hourly" },
      { ...chosen, admin: true },
      { ...chosen, push: { matches: "oui" } },
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(body.error.message).toMatch(/[a-zà-ü]/);
    }
    expect((await get()).preferences).toEqual(chosen);
    expect((await put(chosen, "")).status).toBe(401);
  });
});
