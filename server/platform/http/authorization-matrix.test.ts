// The authorization matrix: every route of the app's own route table × {anonymous, trial member,
// subscribed member who owns the objects, another subscribed member, administrator} against the
// expected outcome. A route added without a row in RULES fails the suite, so nobody can ship an
// endpoint whose access nobody decided. Objects in the paths (a match, a checkout, a blocked
// member) belong to the owner, so "another member" proves object-level checks, not just roles.
// Admin endpoints have their own, more detailed suite (features/admin/authorization.test.ts); here
// they are covered as a group.

import { DEFAULT_NOTIFICATION_PREFERENCES } from "@domain/notifications.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAdmin } from "../../test/admin.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { signUpMember } from "../../test/members.ts";
import { voiceFixture } from "../../test/voice.ts";
import { calls, matches, messages, voiceIntros } from "../db/schema/index.ts";

type Role = "anonymous" | "trial" | "owner" | "other" | "admin";
/**
 * ok: passes authorization (not 401/403/404, no 5xx; a 400 about the body still counts as allowed)
 * 401 / 403: exactly that; hidden: 403 or 404 (the object is not theirs, or does not exist for them)
 */
type Outcome = "ok" | "401" | "403" | "hidden";
type Rule = Record<Role, Outcome>;

const OPEN: Rule = { anonymous: "ok", trial: "ok", owner: "ok", other: "ok", admin: "ok" };
/** Any signed-in account, about itself. */
const SIGNED_IN: Rule = { anonymous: "401", trial: "ok", owner: "ok", other: "ok", admin: "ok" };
/** Subscribers only (SPEC §2); an administrator has no member subscription. */
const SUBSCRIBERS: Rule = { anonymous: "401", trial: "403", owner: "ok", other: "ok", admin: "hidden" };
/** Subscribers, on an object only the owner may touch. */
const OWNER_SUBSCRIBED: Rule = {
  anonymous: "401",
  trial: "403",
  owner: "ok",
  other: "hidden",
  admin: "hidden",
};
/** Any signed-in member, on an object only the owner may touch. */
const OWNER: Rule = { anonymous: "401", trial: "hidden", owner: "ok", other: "hidden", admin: "hidden" };
const ADMIN: Rule = { anonymous: "401", trial: "403", owner: "403", other: "403", admin: "ok" };

const RULES: Record<string, Rule> = {
  "GET /healthz": OPEN,
  "GET /readyz": OPEN,
  // Open outside production when no METRICS_TOKEN is set (the tests' case); in production only the
  // bearer token opens it (observability/operations.test.ts).
  "GET /metrics": OPEN,
  "GET /api/health": OPEN,
  "GET /api/config": OPEN,
  "GET /api/profile": SIGNED_IN,
  "GET /api/profile/visits": SUBSCRIBERS,
  "PUT /api/profile": SIGNED_IN,
  "PUT /api/profile/privacy": SIGNED_IN,
  "POST /api/profile/photos": SIGNED_IN,
  "DELETE /api/profile/photos": OWNER,
  "PUT /api/profile/photos/main": OWNER,
  // The member's own list: another member's keys are not a permutation of theirs (409, allowed).
  "PUT /api/profile/photos/order": SIGNED_IN,
  "POST /api/profile/photos/crop": OWNER,
  "GET /api/nav/counts": SIGNED_IN,
  "GET /api/notifications/preferences": SIGNED_IN,
  "PUT /api/notifications/preferences": SIGNED_IN,
  "POST /api/notifications/push": SIGNED_IN,
  // Only the member's own subscription is removed (the endpoint is matched with the session's user).
  "DELETE /api/notifications/push": SIGNED_IN,
  // Authenticated by the link's signed token, not a session (RFC 8058 one-click): email.test.ts.
  "POST /api/notifications/unsubscribe": OPEN,
  "GET /api/search": SUBSCRIBERS,
  // What a subscription would open: for every member, the trial ones above all (teaser.service.ts).
  "GET /api/search/teaser": SIGNED_IN,
  "POST /api/likes": SUBSCRIBERS,
  "GET /api/members/:userId": SUBSCRIBERS,
  "POST /api/members/:userId/visit": SUBSCRIBERS,
  // Issue 40: to the partner of a match of hers. « other » liked him on POST /api/likes above, which
  // opened a match; a member sharing none gets a 404 (members/photo-blur.test.ts).
  "POST /api/members/:userId/reveal-photos": SUBSCRIBERS,
  "GET /api/matches": SUBSCRIBERS,
  "DELETE /api/matches/:id": OWNER_SUBSCRIBED,
  "GET /api/matches/:id/messages": OWNER_SUBSCRIBED,
  "POST /api/matches/:id/messages": OWNER_SUBSCRIBED,
  "POST /api/matches/:id/read": OWNER_SUBSCRIBED,
  // Only the recipient of a held message reads it (the owner's try: a message not held, a 409).
  "POST /api/matches/:id/messages/:messageId/reveal": OWNER_SUBSCRIBED,
  "POST /api/matches/:id/typing": OWNER_SUBSCRIBED,
  // Voice (issue 37): the two members of the match only; an introduction as the profile it belongs to.
  "POST /api/matches/:id/voice-messages": OWNER_SUBSCRIBED,
  "GET /api/matches/:id/messages/:messageId/voice": OWNER_SUBSCRIBED,
  "GET /api/profile/voice-intro": SIGNED_IN,
  "PUT /api/profile/voice-intro": SIGNED_IN,
  "DELETE /api/profile/voice-intro": OWNER,
  "GET /api/profile/voice-intro/audio": OWNER,
  "GET /api/voice-intros/:userId": SUBSCRIBERS,
  // Calls (issue 38): the two members of the match, and of the call, only.
  "GET /api/matches/:id/calls/settings": OWNER_SUBSCRIBED,
  "PUT /api/matches/:id/calls/settings": OWNER_SUBSCRIBED,
  "POST /api/matches/:id/calls": OWNER_SUBSCRIBED,
  "GET /api/calls/:id": OWNER_SUBSCRIBED,
  "POST /api/calls/:id/accept": OWNER_SUBSCRIBED,
  "POST /api/calls/:id/end": OWNER_SUBSCRIBED,
  "POST /api/calls/:id/heartbeat": OWNER_SUBSCRIBED,
  "POST /api/calls/:id/live-check": OWNER_SUBSCRIBED,
  "GET /api/conversations": SUBSCRIBERS,
  "GET /api/subscription": SIGNED_IN,
  "GET /api/subscription/status": SIGNED_IN,
  "POST /api/subscription/checkout": SIGNED_IN,
  "GET /api/subscription/checkouts/:id": OWNER,
  "POST /api/subscription/checkouts/:id/confirm-demo": OWNER,
  "GET /api/blocks": SIGNED_IN,
  "POST /api/blocks": SIGNED_IN,
  // Lifting a block one never made is a no-op for anyone signed in.
  "DELETE /api/blocks/:userId": SIGNED_IN,
  // Safe meetings (issue 40): any member, on a match or a link of theirs (no subscription needed).
  "POST /api/matches/:id/shares": OWNER,
  "GET /api/shares": SIGNED_IN,
  "DELETE /api/shares/:id": OWNER,
  "GET /api/check-ins": SIGNED_IN,
  // An empty body: 400 for any signed-in account (allowed), 401 without one.
  "POST /api/check-ins": SIGNED_IN,
  "POST /api/check-ins/:id/ok": OWNER,
  "POST /api/check-ins/:id/withdraw": OWNER,
  "POST /api/reports": SIGNED_IN,
  "GET /api/me/export": SIGNED_IN,
  // A member verifies their own profile only: the challenge is drawn for, and answered by, the caller.
  "GET /api/verification": SIGNED_IN,
  "POST /api/verification/challenge": SIGNED_IN,
  "POST /api/verification": SIGNED_IN,
  "POST /api/me/delete": SIGNED_IN,
  // Bouclier (issue 36): the member's own standing and appeal.
  "GET /api/shield": SIGNED_IN,
  "POST /api/shield/appeal": SIGNED_IN,
};

/** Routes served by libraries or as files, checked elsewhere. */
const ELSEWHERE = new Set([
  "GET /api/auth/*", // Better Auth: auth.test.ts
  "POST /api/auth/*",
  "GET /api/events", // a stream: events are per session, see messages and realtime tests
  "GET /storage/profiles/*", // public photo files: photos.test.ts
  // A shared card's page: its token is the capability, for people without an account (sharing.test.ts).
  "GET /partage/:token",
  "POST /partage/:token/mot",
  // The trip kit's page, open to all (trip-kit.test.ts).
  "GET /kit-voyage",
]);

const isAdminRoute = (key: string) => key.includes(" /api/admin/");

describeOnEngine("authorization matrix", (engine) => {
  let t: TestApp;
  const cookies: Partial<Record<Role, string>> = {};
  let ids: {
    match: string;
    checkout: string;
    blocked: string;
    photo: string;
    partner: string;
    message: string;
    call: string;
    share: string;
    checkIn: string;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const owner = await signUpMember(t, "female");
    const partner = await signUpMember(t, "male");
    const other = await signUpMember(t, "female");
    const trial = await signUpMember(t, "female", { accountStatus: "trial" });
    const admin = await createAdmin(t);
    Object.assign(cookies, {
      owner: owner.cookie,
      other: other.cookie,
      trial: trial.cookie,
      admin: admin.cookie,
    });

    const like = await t.request("/api/likes", {
      method: "POST",
      cookie: owner.cookie,
      json: { likedId: partner.userId, type: "like" },
    });
    const { matchId } = (await like.json()) as { matchId: string };
    // A voice message the owner received (not held): the reveal's and the recording's object.
    const recording = voiceFixture("beep-3s.webm");
    const voice = { voiceType: "audio/webm", voiceMs: 2940, voiceBytes: recording.length, voicePeaks: "" };
    await t.deps.voices.put("messages/matrix.webm", recording, "audio/webm");
    const [sent] = await t.deps.database.db
      .insert(messages)
      .values({ matchId, senderId: partner.userId, content: "", voiceKey: "messages/matrix.webm", ...voice })
      .returning({ id: messages.id });
    // The owner's and the partner's voice introductions.
    for (const [userId, key] of [
      [owner.userId, "intros/owner.webm"],
      [partner.userId, "intros/partner.webm"],
    ] as const) {
      await t.deps.voices.put(key, recording, "audio/webm");
      await t.deps.database.db
        .insert(voiceIntros)
        .values({ userId, prompt: "laugh", voiceKey: key, ...voice });
    }
    const message = sent?.id ?? "";
    // A call from the partner ringing for the owner, in a conversation where both allow calls.
    const [ringing] = await t.deps.database.db
      .update(matches)
      .set({ user1Calls: true, user2Calls: true })
      .where(eq(matches.id, matchId))
      .returning({ id: matches.id });
    const [call] = await t.deps.database.db
      .insert(calls)
      .values({
        matchId: ringing?.id ?? matchId,
        callerId: partner.userId,
        calleeId: owner.userId,
        video: true,
        ringExpiresAt: new Date(Date.now() + 3_600_000),
        offerSdp: "v=0\r\n",
      })
      .returning({ id: calls.id });
    const checkout = await t.request("/api/subscription/checkout", {
      method: "POST",
      cookie: owner.cookie,
      json: { plan: "1-mois" },
    });
    const { id: checkoutId } = (await checkout.json()) as { id: string };
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage("jpeg"))], "photo.jpg", { type: "image/jpeg" }),
    );
    const upload = await t.request("/api/profile/photos", {
      method: "POST",
      cookie: owner.cookie,
      body: form,
    });
    const photo = ((await upload.json()) as ProfileDto).photos[0]?.key ?? "";
    const blocked = await signUpMember(t, "male");
    await t.request("/api/blocks", {
      method: "POST",
      cookie: owner.cookie,
      json: { userId: blocked.userId },
    });
    const share = await t.request(`/api/matches/${matchId}/shares`, {
      method: "POST",
      cookie: owner.cookie,
      json: { kind: "family", relative: "Maman" },
    });
    const shareId = ((await share.json()) as { card: { id: string } }).card.id;
    const checkIn = await t.request("/api/check-ins", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        dueAt: new Date(Date.now() + 3_600_000).toISOString(),
        graceMinutes: 30,
        contacts: [{ name: "Maman", email: "maman@exemple.fr" }],
      },
    });
    const checkInId = ((await checkIn.json()) as { id: string }).id;
    ids = {
      share: shareId,
      checkIn: checkInId,
      match: matchId,
      checkout: checkoutId,
      blocked: blocked.userId,
      photo,
      partner: partner.userId,
      message,
      call: call?.id ?? "",
    };
    expect(Object.values(ids).every(Boolean)).toBe(true);
  });
  afterAll(() => t?.close());

  const routeKeys = () => [
    ...new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`)),
  ];

  it("has a rule for every route of the app", () => {
    const missing = routeKeys().filter((k) => !RULES[k] && !ELSEWHERE.has(k) && !isAdminRoute(k));
    expect(missing, "routes without an authorization rule").toEqual([]);
    const stale = Object.keys(RULES).filter((k) => !routeKeys().includes(k));
    expect(stale, "rules for routes that no longer exist").toEqual([]);
  });

  function request(key: string) {
    const [method, pattern] = key.split(" ") as [string, string];
    let path = pattern
      .replace("/matches/:id", `/matches/${ids.match}`)
      .replace("/checkouts/:id", `/checkouts/${ids.checkout}`)
      .replace("/blocks/:userId", `/blocks/${ids.blocked}`)
      .replace("/members/:userId", `/members/${ids.partner}`)
      .replace("/voice-intros/:userId", `/voice-intros/${ids.partner}`)
      .replace("/messages/:messageId", `/messages/${ids.message}`)
      .replace("/api/calls/:id", `/api/calls/${ids.call}`)
      .replace("/api/shares/:id", `/api/shares/${ids.share}`)
      .replace("/api/check-ins/:id", `/api/check-ins/${ids.checkIn}`)
      .replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");
    if (key === "DELETE /api/profile/photos") path += `?path=${encodeURIComponent(ids.photo)}`;
    const json: Record<string, unknown> | undefined =
      method === "GET"
        ? undefined
        : ({
            "PUT /api/profile": { bio: "Bonjour" },
            "PUT /api/profile/photos/main": { key: ids.photo },
            "PUT /api/profile/photos/order": { keys: [ids.photo] },
            "POST /api/profile/photos/crop": { key: ids.photo, square: { left: 0, top: 0, size: 48 } },
            "POST /api/likes": { likedId: ids.partner, type: "like" },
            "POST /api/matches/:id/messages": { content: "Bonjour" },
            "POST /api/matches/:id/shares": { kind: "date" },
            "PUT /api/matches/:id/calls/settings": { allowed: true },
            "POST /api/matches/:id/calls": { video: false, offer: "v=0\r\n" },
            "POST /api/calls/:id/accept": { answer: "v=0\r\n" },
            "POST /api/calls/:id/end": { reason: "hangup" },
            "POST /api/subscription/checkout": { plan: "1-mois" },
            "POST /api/blocks": { userId: ids.partner },
            "POST /api/reports": { reportedId: ids.partner, reason: "autre" },
            "POST /api/me/delete": { password: "pas le bon mot de passe" },
            "POST /api/shield/appeal": { message: "Je suis une vraie personne, vérifiez mon profil." },
            "PUT /api/notifications/preferences": DEFAULT_NOTIFICATION_PREFERENCES,
            "DELETE /api/notifications/push": { endpoint: "https://fcm.googleapis.com/fcm/send/inconnu" },
          }[key] ?? {});
    return { method, path, json };
  }

  /** `code`: the error code of a JSON error body, if any. */
  function verdict(outcome: Outcome, status: number, code: string | undefined): boolean {
    if (status >= 500) return false;
    if (outcome === "401") return status === 401 && code === "UNAUTHENTICATED";
    if (outcome === "403") return status === 403;
    if (outcome === "hidden") return status === 403 || status === 404;
    // Allowed: refused for its content at most (a wrong password is a 401 WRONG_PASSWORD).
    return status < 400 || (status !== 403 && status !== 404 && code !== "UNAUTHENTICATED");
  }

  async function errorCode(res: Response): Promise<string | undefined> {
    return errorCodeOf(await res.text());
  }

  function errorCodeOf(text: string): string | undefined {
    try {
      return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      return undefined;
    }
  }

  it("gives every role the expected answer on every route", async () => {
    // Destructive routes last, and the owner last on each route, so the objects exist for the others.
    const keys = routeKeys()
      .filter((k) => RULES[k])
      .sort((a, b) => Number(a.startsWith("DELETE")) - Number(b.startsWith("DELETE")));
    const failures: string[] = [];
    let checked = 0;
    for (const key of keys) {
      const rule = RULES[key]!;
      for (const role of ["anonymous", "trial", "other", "admin", "owner"] as const) {
        const { method, path, json } = request(key);
        const res = await t.request(path, { method, cookie: cookies[role], json });
        checked++;
        const text = await res.text();
        const code = errorCodeOf(text);
        // A framed photo moves to a new key: the routes after this one act on that key.
        if (key === "POST /api/profile/photos/crop" && res.ok) {
          ids.photo = (JSON.parse(text) as ProfileDto).photos[0]?.key ?? ids.photo;
        }
        if (!verdict(rule[role], res.status, code)) {
          failures.push(`${key} as ${role}: expected ${rule[role]}, got ${res.status} ${code ?? ""}`);
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    expect(checked).toBe(keys.length * 5);
  });

  it("refuses every admin endpoint to members and anonymous visitors", async () => {
    const failures: string[] = [];
    const open = new Set(["POST /api/admin/login", "POST /api/admin/login/verify", "POST /api/admin/logout"]);
    const adminKeys = routeKeys().filter((k) => isAdminRoute(k) && !open.has(k));
    // Among them, the review of uncertain verifications and its selfie (biometric data, ADR 0013), and
    // the review of held photos.
    expect(adminKeys).toEqual(
      expect.arrayContaining([
        "GET /api/admin/verifications",
        "GET /api/admin/verifications/:id/selfie",
        "POST /api/admin/verifications/:id/approve",
        "POST /api/admin/verifications/:id/refuse",
        "GET /api/admin/photo-reviews",
        "POST /api/admin/photo-reviews/:id/approve",
        "POST /api/admin/photo-reviews/:id/remove",
        "POST /api/admin/photo-reviews/:id/ban",
      ]),
    );
    for (const key of adminKeys) {
      for (const role of ["anonymous", "trial", "owner"] as const) {
        const { method, path } = request(key);
        const res = await t.request(path, {
          method,
          cookie: cookies[role],
          json: method === "GET" ? undefined : {},
        });
        const code = await errorCode(res);
        if (!verdict(ADMIN[role], res.status, code))
          failures.push(`${key} as ${role}: got ${res.status} ${code}`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
