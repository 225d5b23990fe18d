// The response contract: every route of server/api.ts that answers JSON is called once, on a real
// app and database, in one scenario (members who match and write, a visit, a block, a report, a
// payment, verifications, held photos, an administrator who reviews it all), and its body, as the
// web app receives it, is parsed with its schema of domain/responses/ (strict: a field nobody
// declared fails, be it a leaked e-mail or a password hash). Routes that answer without JSON (a 204,
// the data export's ZIP, a selfie) are called too, and must still answer that way. A route added to
// server/api.ts without a call here, or in LEFT_OUT, fails the last test.
//
// On each engine (describeEachEngine): what the drivers return (dates, numbers, arrays) differs
// between PGlite and PostgreSQL, and it is what the services turn into JSON.

import { DEFAULT_NOTIFICATION_PREFERENCES } from "@domain/notifications.ts";
import * as admin from "@domain/responses/admin.ts";
import * as calls from "@domain/responses/calls.ts";
import * as checkIns from "@domain/responses/check-ins.ts";
import { publicConfigSchema } from "@domain/responses/config.ts";
import * as discovery from "@domain/responses/discovery.ts";
import * as messaging from "@domain/responses/messaging.ts";
import * as notifications from "@domain/responses/notifications.ts";
import { myVoiceIntroSchema, profileDtoSchema, voiceIntroDtoSchema } from "@domain/responses/profile.ts";
import * as safety from "@domain/responses/safety.ts";
import * as sharing from "@domain/responses/sharing.ts";
import * as shield from "@domain/responses/shield.ts";
import * as subscriptions from "@domain/responses/subscriptions.ts";
import * as verification from "@domain/responses/verification.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { apiRoutes } from "../../api.ts";
import { unsubscribeToken } from "../../features/notifications/unsubscribe-token.ts";
import { faceEngine } from "../../features/verification/face-engine.ts";
import { ADMIN_PASSWORD, createAdmin, totpCode } from "../../test/admin.ts";
import { captureTimes } from "../../test/face-samples.ts";
import {
  type Account,
  createTestApp,
  describeEachEngine,
  MEMBER_PASSWORD,
  sessionCookie,
  type TestApp,
} from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { bornYearsAgo, signUpMember } from "../../test/members.ts";
import { voiceFixture } from "../../test/voice.ts";
import { queryRows } from "../db/client.ts";
import { uuid } from "../db/row-schemas.ts";
import { photoKey, thumbKey } from "../storage/photo-keys.ts";

/** The row an INSERT … RETURNING id gives back. */
const insertedId = z.strictObject({ id: uuid });

/** Routes of server/api.ts this suite does not call, and why. */
const LEFT_OUT: Record<string, string> = {
  // A Server-Sent Events stream that stays open: no single body to parse. Its events
  // (domain/messaging.ts RealtimeEvent) are read by the messages, typing and presence tests.
  "GET /api/events": "Server-Sent Events stream",
  // Screening an upload loads the nudity model in the ML worker (about 15 s on the 2-core test
  // machine), which would make this suite several times slower; the route answers ownProfileDto,
  // the same ProfileDto as GET/PUT /api/profile and the four other photo routes parsed here.
  // Uploads are tested in features/photos and moderation.
  "POST /api/profile/photos": "costly model load; same ProfileDto as the other photo routes",
};

type Init = { as?: Account | { cookie: string }; json?: unknown; body?: BodyInit; query?: string };

describeEachEngine("response contract", (engine) => {
  let t: TestApp;
  /** Route keys (« METHOD /api/path/:param ») whose answer was checked. */
  const checked = new Set<string>();
  /** What did not match its schema, with the route: reported at the end of each test. */
  const problems: string[] = [];
  /** The last response `call` received (for its cookies). */
  let lastResponse: Response;

  beforeAll(async () => {
    // POST /api/verification analyses the frames: the face models, loaded once per worker.
    await faceEngine();
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const db = () => t.deps.database.db;

  /** Sends the route's request: `route` is « METHOD /api/… », `path` the concrete path when it has parameters. */
  function send(route: string, path: string | null, init: Init = {}): Promise<Response> {
    const [method, pattern] = route.split(" ") as [string, string];
    const url = `${path ?? pattern}${init.query ? `?${init.query}` : ""}`;
    return t.request(url, {
      method,
      ...(init.as ? { cookie: init.as.cookie } : {}),
      ...(init.json !== undefined ? { json: init.json } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  }

  /**
   * Calls a route and parses its JSON answer with `schema`. A wrong status stops the scenario (what
   * follows needs it); a body the schema refuses is recorded with the route and the schema's own
   * words, and the raw body is returned so that the scenario goes on. The response stays in
   * `lastResponse` (its cookies).
   */
  async function call<S extends z.ZodType>(
    route: string,
    schema: S,
    init: Init & { path?: string; status?: number } = {},
  ): Promise<z.output<S>> {
    const res = await send(route, init.path ?? null, init);
    lastResponse = res;
    const text = await res.text();
    const status = init.status ?? 200;
    if (res.status !== status)
      throw new Error(`${route}: HTTP ${res.status} where ${status} was expected: ${text.slice(0, 500)}`);
    const type = res.headers.get("content-type") ?? "";
    if (!type.startsWith("application/json")) throw new Error(`${route}: answered ${type}, not JSON`);
    const body: unknown = JSON.parse(text);
    const parsed = schema.safeParse(body);
    checked.add(route);
    // A list is checked through its rows: the scenario makes sure each has some.
    const list = (body as { data?: unknown }).data;
    if (Array.isArray(list) && list.length === 0)
      problems.push(`${route} answered an empty list: its rows went unchecked`);
    if (!parsed.success) {
      problems.push(`${route} sent what its schema refuses:\n${z.prettifyError(parsed.error)}`);
      return body as z.output<S>;
    }
    return parsed.data;
  }

  /** Calls a route that answers without a JSON body: 204, or a file of the given type. */
  async function callWithoutJson(
    route: string,
    expected: { status: 204 } | { status: 200; type: string },
    init: Init & { path?: string } = {},
  ): Promise<void> {
    const res = await send(route, init.path ?? null, init);
    const body = new Uint8Array(await res.arrayBuffer());
    if (res.status !== expected.status)
      throw new Error(`${route}: HTTP ${res.status} where ${expected.status} was expected`);
    if ("type" in expected) expect(res.headers.get("content-type"), route).toBe(expected.type);
    else expect(body.byteLength, `${route}: a 204 has no body`).toBe(0);
    checked.add(route);
  }

  function reportProblems() {
    const found = problems.splice(0);
    expect(found.join("\n\n") || "none", "responses that do not match their schema").toBe("none");
  }

  type Member = Awaited<ReturnType<typeof signUpMember>>;

  /** Stores `count` photos of the member (main and thumbnail files) and puts them on the profile. */
  async function givePhotos(m: Member, count: number): Promise<string[]> {
    const bytes = await makeImage("jpeg", 480, 360);
    const keys = Array.from({ length: count }, (_, i) => photoKey(m.userId, Date.now() + i, ".jpg"));
    for (const key of keys) {
      await t.deps.storage.put(key, bytes, "image/jpeg");
      await t.deps.storage.put(thumbKey(key), bytes, "image/jpeg");
    }
    await db().execute(sql`UPDATE profiles SET photos = ${`{${keys.join(",")}}`}::text[]
      WHERE user_id = ${m.userId}`);
    return keys;
  }

  // The scenario's people and objects, filled in as the tests go.
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let adminAccount: Awaited<ReturnType<typeof createAdmin>>;
  let matchId: string;
  let otherMatchId: string;
  let messageId: string;
  let voiceMessageId: string;
  let reportId: string;
  let alicePhotos: string[];

  it("members: profile, photos, discovery, likes, messages, blocks, reports, payments, notifications", async () => {
    alice = await signUpMember(t, "female");
    bob = await signUpMember(t, "male", { lastName: "Mensah" });
    carol = await signUpMember(t, "female", { firstName: "Carole" });
    const leaving = await signUpMember(t, "male");

    await call("GET /api/config", publicConfigSchema);

    // The member's own profile and photos.
    await call("GET /api/profile", profileDtoSchema, { as: alice });
    await call("PUT /api/profile", profileDtoSchema, {
      as: alice,
      json: {
        firstName: "Aminata",
        lastName: "Diallo",
        gender: "female",
        lookingFor: "Le mariage",
        birthDate: bornYearsAgo(31),
        country: "Sénégal",
        originCountry: "Mali",
        city: "Dakar",
        relocate: "maybe",
        phoneNumber: "+221 77 123 45 67",
        bio: "Infirmière, j’aime la cuisine et les voyages.",
        occupation: "Infirmière",
        education: "Licence",
        languages: ["Français", "Wolof"],
        interests: ["Cuisine", "Voyages"],
        onboardingStep: 3,
      },
    });
    await call("PUT /api/profile/privacy", profileDtoSchema, { as: alice, json: { presenceHidden: false } });
    alicePhotos = await givePhotos(alice, 3);
    const [first, second, third] = alicePhotos as [string, string, string];
    await call("PUT /api/profile/photos/main", profileDtoSchema, { as: alice, json: { key: second } });
    await call("PUT /api/profile/photos/order", profileDtoSchema, {
      as: alice,
      json: { keys: [third, second, first] },
    });
    const cropped = await call("POST /api/profile/photos/crop", profileDtoSchema, {
      as: alice,
      json: { key: third, square: { left: 10, top: 10, size: 200 } },
    });
    alicePhotos = cropped.photos.map((p) => p.key);
    await call("DELETE /api/profile/photos", profileDtoSchema, {
      as: alice,
      query: `path=${encodeURIComponent(first)}`,
    });
    alicePhotos = alicePhotos.filter((k) => k !== first);
    await givePhotos(bob, 1);

    // Discovery: search, a profile (a visit), likes and the match.
    await call("GET /api/search", discovery.searchResultDtoSchema, { as: alice });
    await call("GET /api/search/teaser", discovery.searchTeaserDtoSchema, { as: alice });
    await call("GET /api/members/:userId", discovery.publicProfileDtoSchema, {
      as: alice,
      path: `/api/members/${bob.userId}`,
    });
    await callWithoutJson(
      "POST /api/members/:userId/visit",
      { status: 204 },
      { as: carol, path: `/api/members/${bob.userId}/visit` },
    );
    await call("GET /api/profile/visits", discovery.profileVisitListSchema, { as: bob });
    await call("POST /api/likes", discovery.likeResultDtoSchema, {
      as: alice,
      json: { likedId: bob.userId, type: "like" },
    });
    const liked = await call("POST /api/likes", discovery.likeResultDtoSchema, {
      as: bob,
      json: { likedId: alice.userId, type: "like" },
    });
    matchId = liked.matchId!;
    await call("POST /api/likes", discovery.likeResultDtoSchema, {
      as: bob,
      json: { likedId: carol.userId, type: "like" },
    });
    otherMatchId = (
      await call("POST /api/likes", discovery.likeResultDtoSchema, {
        as: carol,
        json: { likedId: bob.userId, type: "like" },
      })
    ).matchId!;
    await call("GET /api/matches", discovery.matchListDtoSchema, { as: alice });

    // Conversation.
    const sent = await call("POST /api/matches/:id/messages", messaging.messageDtoSchema, {
      as: alice,
      path: `/api/matches/${matchId}/messages`,
      json: { content: "Bonjour Kofi, ravie de faire ta connaissance !" },
      status: 201,
    });
    messageId = sent.id;
    await call("POST /api/matches/:id/messages", messaging.messageDtoSchema, {
      as: bob,
      path: `/api/matches/${matchId}/messages`,
      json: { content: "Bonjour Aminata !" },
      status: 201,
    });
    await call("GET /api/nav/counts", messaging.navCountsDtoSchema, { as: bob });
    await call("GET /api/conversations", messaging.conversationListSchema, { as: bob });
    await call("GET /api/matches/:id/messages", messaging.messagePageDtoSchema, {
      as: bob,
      path: `/api/matches/${matchId}/messages`,
    });
    await call("POST /api/matches/:id/read", messaging.readReceiptDtoSchema, {
      as: bob,
      path: `/api/matches/${matchId}/read`,
    });
    await callWithoutJson(
      "POST /api/matches/:id/typing",
      { status: 204 },
      { as: bob, path: `/api/matches/${matchId}/typing` },
    );
    // Voice (issue 37): a voice message and an introduction, each heard.
    const recording = voiceFixture("beep-3s.webm") as Uint8Array<ArrayBuffer>;
    voiceMessageId = (
      await call("POST /api/matches/:id/voice-messages", messaging.messageDtoSchema, {
        as: bob,
        path: `/api/matches/${matchId}/voice-messages`,
        query: "durationMs=2940&peaks=0123",
        body: recording,
        status: 201,
      })
    ).id;
    await callWithoutJson(
      "GET /api/matches/:id/messages/:messageId/voice",
      { status: 200, type: "audio/webm" },
      { as: alice, path: `/api/matches/${matchId}/messages/${voiceMessageId}/voice` },
    );
    await call("PUT /api/profile/voice-intro", voiceIntroDtoSchema, {
      as: alice,
      query: "prompt=why_passerelle&durationMs=2940&peaks=0123",
      body: recording,
    });
    await call("GET /api/profile/voice-intro", myVoiceIntroSchema, { as: alice });
    await callWithoutJson(
      "GET /api/profile/voice-intro/audio",
      { status: 200, type: "audio/webm" },
      { as: alice },
    );
    await callWithoutJson(
      "GET /api/voice-intros/:userId",
      { status: 200, type: "audio/webm" },
      { as: bob, path: `/api/voice-intros/${alice.userId}` },
    );
    await callWithoutJson("DELETE /api/profile/voice-intro", { status: 204 }, { as: alice });

    // Calls (issue 38): both allow them, Kofi calls, Aminata answers; his live check; she hangs up.
    for (const m of [alice, bob])
      await call("PUT /api/matches/:id/calls/settings", calls.callSettingsDtoSchema, {
        as: m,
        path: `/api/matches/${matchId}/calls/settings`,
        json: { allowed: true },
      });
    await call("GET /api/matches/:id/calls/settings", calls.callSettingsDtoSchema, {
      as: bob,
      path: `/api/matches/${matchId}/calls/settings`,
    });
    const offer = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
    const ringing = await call("POST /api/matches/:id/calls", calls.callDtoSchema, {
      as: bob,
      path: `/api/matches/${matchId}/calls`,
      json: { video: true, offer },
      status: 201,
    });
    await call("GET /api/calls/:id", calls.callViewDtoSchema, {
      as: alice,
      path: `/api/calls/${ringing.id}`,
    });
    await call("POST /api/calls/:id/accept", calls.callDtoSchema, {
      as: alice,
      path: `/api/calls/${ringing.id}/accept`,
      json: { answer: offer },
    });
    await call("POST /api/calls/:id/heartbeat", calls.callDtoSchema, {
      as: bob,
      path: `/api/calls/${ringing.id}/heartbeat`,
    });
    // As if Kofi had verified his profile: frames without a face are « unclear », nothing recorded.
    await db().execute(sql`UPDATE profiles SET verified_at = now() WHERE user_id = ${bob.userId}`);
    await db().execute(
      sql`INSERT INTO face_descriptors (user_id, descriptor) VALUES (${bob.userId}, ARRAY[0.1, 0.2]::real[])`,
    );
    const frames = new FormData();
    for (let i = 0; i < 3; i++)
      frames.append(
        "frames",
        new File([new Uint8Array(await makeImage("jpeg", 320, 240))], `${i}.jpg`, { type: "image/jpeg" }),
      );
    const checked = await call("POST /api/calls/:id/live-check", calls.liveCheckDtoSchema, {
      as: bob,
      path: `/api/calls/${ringing.id}/live-check`,
      body: frames,
    });
    expect(checked.result).toBe("unclear");
    await call("POST /api/calls/:id/end", calls.callDtoSchema, {
      as: alice,
      path: `/api/calls/${ringing.id}/end`,
      json: { reason: "hangup" },
    });
    await call("GET /api/matches/:id/messages", messaging.messagePageDtoSchema, {
      as: bob,
      path: `/api/matches/${matchId}/messages`,
    });

    // Issue 40: « Montrer mes photos » to her match.
    await callWithoutJson(
      "POST /api/members/:userId/reveal-photos",
      { status: 204 },
      { as: alice, path: `/api/members/${bob.userId}/reveal-photos` },
    );
    // Safe meetings (issue 40): a date shared, listed, revoked.
    const shared = await call("POST /api/matches/:id/shares", sharing.createdShareDtoSchema, {
      as: alice,
      path: `/api/matches/${matchId}/shares`,
      json: {
        kind: "date",
        place: "Café de la Paix",
        meetsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      status: 201,
    });
    await call("GET /api/shares", sharing.sharedCardListSchema, { as: alice });
    await callWithoutJson(
      "DELETE /api/shares/:id",
      { status: 204 },
      { as: alice, path: `/api/shares/${shared.card.id}` },
    );

    // A check-in (issue 40): set, listed, answered; another set, then withdrawn.
    const checkIn = await call("POST /api/check-ins", checkIns.checkInDtoSchema, {
      as: alice,
      json: {
        dueAt: new Date(Date.now() + 3_600_000).toISOString(),
        graceMinutes: 30,
        matchId,
        contacts: [{ name: "Maman", email: "maman@exemple.fr" }],
      },
      status: 201,
    });
    await call("GET /api/check-ins", checkIns.checkInListSchema, { as: alice });
    await call("POST /api/check-ins/:id/ok", checkIns.checkInDtoSchema, {
      as: alice,
      path: `/api/check-ins/${checkIn.id}/ok`,
    });
    const later = await call("POST /api/check-ins", checkIns.checkInDtoSchema, {
      as: alice,
      json: {
        dueAt: new Date(Date.now() + 7_200_000).toISOString(),
        graceMinutes: 15,
        contacts: [{ name: "Maman", email: "maman@exemple.fr" }],
      },
      status: 201,
    });
    await call("POST /api/check-ins/:id/withdraw", checkIns.checkInDtoSchema, {
      as: alice,
      path: `/api/check-ins/${later.id}/withdraw`,
    });

    // Safety: a block, lifted; a report of a message.
    await call("POST /api/blocks", safety.blockedMemberDtoSchema, {
      as: alice,
      json: { userId: carol.userId },
      status: 201,
    });
    await call("GET /api/blocks", safety.blockListSchema, { as: alice });
    await callWithoutJson(
      "DELETE /api/blocks/:userId",
      { status: 204 },
      { as: alice, path: `/api/blocks/${carol.userId}` },
    );
    reportId = (
      await call("POST /api/reports", safety.reportFiledDtoSchema, {
        as: bob,
        json: { userId: alice.userId, messageId, reason: "scam", details: "Me demande de l’argent." },
        status: 201,
      })
    ).id;

    // Subscription: the overview, the gate, a demo checkout paid.
    await call("GET /api/subscription", subscriptions.subscriptionOverviewDtoSchema, { as: alice });
    await call("GET /api/subscription/status", subscriptions.subscriptionStatusDtoSchema, { as: alice });
    const checkout = await call("POST /api/subscription/checkout", subscriptions.checkoutDtoSchema, {
      as: alice,
      json: { plan: "3-mois", returnTo: "/search" },
      status: 201,
    });
    await call("GET /api/subscription/checkouts/:id", subscriptions.checkoutDtoSchema, {
      as: alice,
      path: `/api/subscription/checkouts/${checkout.id}`,
    });
    await call("POST /api/subscription/checkouts/:id/confirm-demo", subscriptions.checkoutDtoSchema, {
      as: alice,
      path: `/api/subscription/checkouts/${checkout.id}/confirm-demo`,
      json: { outcome: "paid" },
    });
    await call("GET /api/subscription", subscriptions.subscriptionOverviewDtoSchema, { as: alice });

    // Notifications: preferences, this device's push subscription, the e-mails' unsubscribe link.
    await call("GET /api/notifications/preferences", notifications.notificationSettingsDtoSchema, {
      as: alice,
    });
    await call("PUT /api/notifications/preferences", notifications.savedPreferencesDtoSchema, {
      as: alice,
      json: { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: { start: "22:00", end: "07:30" } },
    });
    const endpoint = "https://fcm.googleapis.com/fcm/send/contrat-de-reponse";
    await call("POST /api/notifications/push", notifications.okDtoSchema, {
      as: alice,
      json: { endpoint, keys: { p256dh: `B${"a".repeat(86)}`, auth: "b".repeat(22) } },
      status: 201,
    });
    await call("DELETE /api/notifications/push", notifications.okDtoSchema, {
      as: alice,
      json: { endpoint },
    });
    await call("POST /api/notifications/unsubscribe", notifications.unsubscribedDtoSchema, {
      json: { token: unsubscribeToken(t.deps.config.authSecret, carol.userId) },
    });

    // The member's data, and leaving.
    await callWithoutJson("GET /api/me/export", { status: 200, type: "application/zip" }, { as: bob });
    await callWithoutJson(
      "POST /api/me/delete",
      { status: 204 },
      { as: leaving, json: { password: MEMBER_PASSWORD } },
    );

    reportProblems();
  });

  it("profile verification: state, challenge, an attempt", async () => {
    const vera = await signUpMember(t, "female", { firstName: "Véra" });
    await givePhotos(vera, 1);
    await call("GET /api/verification", verification.verificationStateDtoSchema, { as: vera });
    const challenge = await call("POST /api/verification/challenge", verification.challengeDtoSchema, {
      as: vera,
      json: { consent: true },
      status: 201,
    });
    // A whole burst of frames without a face, on the capture's times, once the capture's time has
    // passed: refused, with its reason.
    await db().execute(
      sql`UPDATE verification_challenges SET created_at = now() - interval '15 seconds' WHERE id = ${challenge.id}`,
    );
    const frame = await makeImage("jpeg", 320, 240);
    const form = new FormData();
    form.set("challengeId", challenge.id);
    for (const [i, time] of captureTimes(challenge.gestures.length).entries()) {
      form.append("frames", new Blob([new Uint8Array(frame)], { type: "image/jpeg" }), `frame-${i}.jpg`);
      form.append("times", String(time));
    }
    const state = await call("POST /api/verification", verification.verificationStateDtoSchema, {
      as: vera,
      body: form,
    });
    expect(state.status).toBe("refused");
    await call("GET /api/verification", verification.verificationStateDtoSchema, { as: vera });
    reportProblems();
  });

  it("administration: sign-in, dashboard, lists and details, moderation, reviews, imports", async () => {
    adminAccount = await createAdmin(t);
    const asAdmin = { as: adminAccount };
    dave = await signUpMember(t, "male", { firstName: "David" });
    const erin = await signUpMember(t, "female", { firstName: "Erine" });
    const gina = await signUpMember(t, "female", { firstName: "Gina" });
    const hugo = await signUpMember(t, "male", { firstName: "Hugo" });
    const zoe = await signUpMember(t, "female", { firstName: "Zoé" });

    // Signing in, with and without the second step.
    const signedIn = await call("POST /api/admin/login", admin.adminLoginResultSchema, {
      json: { email: adminAccount.email, password: ADMIN_PASSWORD },
    });
    expect(signedIn.status).toBe("ok");
    await call("GET /api/admin/me", admin.adminRecordSchema, asAdmin);
    const second = await createAdmin(t);
    const enable = await t.request("/api/auth/two-factor/enable", {
      method: "POST",
      cookie: second.cookie,
      json: { password: ADMIN_PASSWORD },
    });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const confirmed = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      cookie: second.cookie,
      json: { code: totpCode(totpURI) },
    });
    expect(confirmed.status).toBe(200);
    const step = await call("POST /api/admin/login", admin.adminLoginResultSchema, {
      json: { email: second.email, password: ADMIN_PASSWORD },
    });
    expect(step.status).toBe("two-factor-required");
    const verified = await call("POST /api/admin/login/verify", admin.adminLoginResultSchema, {
      as: { cookie: sessionCookie(lastResponse) },
      json: { code: totpCode(totpURI, Date.now() + 30_000) },
    });
    expect(verified.status).toBe("ok");
    await callWithoutJson(
      "POST /api/admin/logout",
      { status: 204 },
      { as: { cookie: sessionCookie(lastResponse) } },
    );

    // Held photos (as screening records them) and verifications left to an administrator.
    const erinPhotos = await givePhotos(erin, 3);
    const reviewIds: string[] = [];
    for (const [i, key] of erinPhotos.entries()) {
      const reused = i === 0;
      const [row] = await queryRows(
        db(),
        insertedId,
        sql`INSERT INTO photo_reviews (user_id, photo_key, reason, score, matched_user_id, matched_key)
          VALUES (${erin.userId}, ${key}, ${reused ? "reused" : "suggestive"}, ${reused ? 2 : 0.42},
            ${reused ? alice.userId : null}, ${reused ? (alicePhotos[0] ?? null) : null})
          RETURNING id`,
      );
      reviewIds.push(row!.id);
    }
    const selfie = await makeImage("jpeg", 320, 240);
    const verificationIds: string[] = [];
    for (const m of [gina, hugo]) {
      await givePhotos(m, 1);
      const [row] = await queryRows(
        db(),
        insertedId,
        sql`INSERT INTO verifications (user_id, outcome, reason, likeness, selfie, descriptor)
          VALUES (${m.userId}, 'review', 'UNCERTAIN', 0.61, ${selfie}, '{0.5,-0.25,0.125}'::real[])
          RETURNING id`,
      );
      verificationIds.push(row!.id);
    }

    await call("GET /api/admin/dashboard", admin.dashboardDtoSchema, asAdmin);

    // Members and their profiles.
    await call("GET /api/admin/users", admin.adminListSchema(admin.adminUserRowSchema), {
      ...asAdmin,
      query: "size=100",
    });
    await call("GET /api/admin/users/:id", admin.adminUserDetailSchema, {
      ...asAdmin,
      path: `/api/admin/users/${alice.userId}`,
    });
    await call("POST /api/admin/users/:id/ban", admin.adminUserDetailSchema, {
      ...asAdmin,
      path: `/api/admin/users/${dave.userId}/ban`,
      json: { reason: "Faux profil avéré" },
    });
    await call("POST /api/admin/users/:id/unban", admin.adminUserDetailSchema, {
      ...asAdmin,
      path: `/api/admin/users/${dave.userId}/unban`,
    });
    await call("POST /api/admin/users/:id/role", admin.adminUserDetailSchema, {
      ...asAdmin,
      path: `/api/admin/users/${dave.userId}/role`,
      json: { role: "user" },
    });
    await callWithoutJson(
      "DELETE /api/admin/users/:id",
      { status: 204 },
      { ...asAdmin, path: `/api/admin/users/${zoe.userId}`, json: { confirmEmail: zoe.email } },
    );
    await call("GET /api/admin/profiles", admin.adminListSchema(admin.adminProfileRowSchema), {
      ...asAdmin,
      query: "size=100",
    });
    await call("GET /api/admin/profiles/:userId", admin.adminProfileRowSchema, {
      ...asAdmin,
      path: `/api/admin/profiles/${alice.userId}`,
    });
    await call("PATCH /api/admin/profiles/:userId", admin.adminProfileRowSchema, {
      ...asAdmin,
      path: `/api/admin/profiles/${alice.userId}`,
      json: { city: "Saint-Louis" },
    });
    await call("DELETE /api/admin/profiles/:userId/photos", admin.adminProfileRowSchema, {
      ...asAdmin,
      path: `/api/admin/profiles/${alice.userId}/photos`,
      query: `path=${encodeURIComponent(alicePhotos.at(-1)!)}`,
    });

    // Matches and messages.
    await call("GET /api/admin/matches", admin.adminListSchema(admin.adminMatchRowSchema), asAdmin);
    await call("POST /api/admin/matches/:id/reject", admin.adminMatchRowSchema, {
      ...asAdmin,
      path: `/api/admin/matches/${otherMatchId}/reject`,
    });
    const messages = await call(
      "GET /api/admin/messages",
      admin.adminListSchema(admin.adminMessageRowSchema),
      asAdmin,
    );
    await callWithoutJson(
      "GET /api/admin/messages/:id/voice",
      { status: 200, type: "audio/webm" },
      { ...asAdmin, path: `/api/admin/messages/${voiceMessageId}/voice` },
    );
    const reply = messages.data.find((m) => m.id !== messageId && m.id !== voiceMessageId)!;
    await callWithoutJson(
      "DELETE /api/admin/messages/:id",
      { status: 204 },
      { ...asAdmin, path: `/api/admin/messages/${reply.id}` },
    );

    // Subscriptions and payments.
    const granted = await call("POST /api/admin/subscriptions/grant", admin.adminSubscriptionRowSchema, {
      ...asAdmin,
      json: { userId: dave.userId, months: 1 },
      status: 201,
    });
    await call("POST /api/admin/subscriptions/:id/extend", admin.adminSubscriptionRowSchema, {
      ...asAdmin,
      path: `/api/admin/subscriptions/${granted.id}/extend`,
      json: { months: 2 },
    });
    await call("POST /api/admin/subscriptions/:id/cancel", admin.adminSubscriptionRowSchema, {
      ...asAdmin,
      path: `/api/admin/subscriptions/${granted.id}/cancel`,
    });
    await call(
      "GET /api/admin/subscriptions",
      admin.adminListSchema(admin.adminSubscriptionRowSchema),
      asAdmin,
    );
    await call("GET /api/admin/payments", admin.adminListSchema(admin.adminPaymentRowSchema), asAdmin);

    // Reports.
    await call("GET /api/admin/reports", admin.adminListSchema(safety.adminReportRowSchema), asAdmin);
    await call("GET /api/admin/reports/:id", safety.adminReportDetailSchema, {
      ...asAdmin,
      path: `/api/admin/reports/${reportId}`,
    });
    await call("POST /api/admin/reports/:id/status", safety.adminReportDetailSchema, {
      ...asAdmin,
      path: `/api/admin/reports/${reportId}/status`,
      json: { status: "in_review", note: "Je regarde." },
    });
    await call("POST /api/admin/reports/:id/action", safety.adminReportDetailSchema, {
      ...asAdmin,
      path: `/api/admin/reports/${reportId}/action`,
      json: { action: "warning", note: "Premier avertissement." },
    });

    // Verifications left to an administrator.
    await call(
      "GET /api/admin/verifications",
      admin.adminListSchema(admin.adminVerificationRowSchema),
      asAdmin,
    );
    await callWithoutJson(
      "GET /api/admin/verifications/:id/selfie",
      { status: 200, type: "image/jpeg" },
      { ...asAdmin, path: `/api/admin/verifications/${verificationIds[0]}/selfie` },
    );
    await call("POST /api/admin/verifications/:id/approve", admin.adminVerificationDecisionSchema, {
      ...asAdmin,
      path: `/api/admin/verifications/${verificationIds[0]}/approve`,
    });
    await call("POST /api/admin/verifications/:id/refuse", admin.adminVerificationDecisionSchema, {
      ...asAdmin,
      path: `/api/admin/verifications/${verificationIds[1]}/refuse`,
    });

    // Held photos.
    await call(
      "GET /api/admin/photo-reviews",
      admin.adminListSchema(admin.adminPhotoReviewRowSchema),
      asAdmin,
    );
    for (const [i, decision] of (["approve", "remove", "ban"] as const).entries())
      await call(`POST /api/admin/photo-reviews/:id/${decision}`, admin.adminPhotoReviewDecisionSchema, {
        ...asAdmin,
        path: `/api/admin/photo-reviews/${reviewIds[i]}/${decision}`,
      });

    // Bouclier (issue 36): a new account asks for money; she reads it by choice; he is held,
    // asked to verify, appeals, and is released; the settings and the fairness table.
    const scammer = await signUpMember(t, "male", { firstName: "Yann" });
    const target = await signUpMember(t, "female", { firstName: "Hélène" });
    await call("POST /api/likes", discovery.likeResultDtoSchema, {
      as: scammer,
      json: { likedId: target.userId, type: "like" },
    });
    const shieldMatch = (
      await call("POST /api/likes", discovery.likeResultDtoSchema, {
        as: target,
        json: { likedId: scammer.userId, type: "like" },
      })
    ).matchId!;
    const asked = await call("POST /api/matches/:id/messages", messaging.messageDtoSchema, {
      as: scammer,
      path: `/api/matches/${shieldMatch}/messages`,
      json: { content: "Envoie-moi 300 € par Western Union pour mon billet d’avion" },
      status: 201,
    });
    await call("POST /api/matches/:id/messages/:messageId/reveal", messaging.messageDtoSchema, {
      as: target,
      path: `/api/matches/${shieldMatch}/messages/${asked.id}/reveal`,
    });
    await call("GET /api/admin/shield", shield.shieldQueueDtoSchema, asAdmin);
    await call("POST /api/admin/shield/:userId/decision", shield.shieldQueueDtoSchema, {
      ...asAdmin,
      path: `/api/admin/shield/${scammer.userId}/decision`,
      json: { decision: "require_verification" },
    });
    await call("GET /api/shield", shield.shieldStandingDtoSchema, { as: scammer });
    await call("POST /api/shield/appeal", shield.shieldAppealDtoSchema, {
      as: scammer,
      json: { message: "Je suis sincère, je voulais seulement savoir comment venir." },
    });
    const settings = await call("GET /api/admin/shield/settings", shield.shieldSettingsDtoSchema, asAdmin);
    await call("PUT /api/admin/shield/settings", shield.shieldSettingsDtoSchema, {
      ...asAdmin,
      json: { ...settings, holdThreshold: 65 },
    });
    await call("GET /api/admin/shield/fairness", shield.shieldFairnessDtoSchema, asAdmin);
    // The queue is empty after the release: its rows were checked above.
    const released = await send(
      "POST /api/admin/shield/:userId/decision",
      `/api/admin/shield/${scammer.userId}/decision`,
      {
        ...asAdmin,
        json: { decision: "release" },
      },
    );
    expect(released.status).toBe(200);
    expect(shield.shieldQueueDtoSchema.safeParse(await released.json()).success).toBe(true);

    // Imports.
    const file = JSON.stringify([
      {
        email: "importe@exemple.fr",
        firstName: "Fatou",
        gender: "female",
        birthDate: bornYearsAgo(28),
        country: "Sénégal",
      },
      { email: "pas-une-adresse", firstName: "" },
    ]);
    await call("POST /api/admin/import/preview", admin.importPreviewDtoSchema, {
      ...asAdmin,
      json: { json: file },
    });
    await call("POST /api/admin/import", admin.importResultDtoSchema, { ...asAdmin, json: { json: file } });

    // After it all: the audit log and the dashboard with its latest actions.
    await call("GET /api/admin/audit", admin.adminListSchema(admin.auditEntryDtoSchema), asAdmin);
    await call("GET /api/admin/dashboard", admin.dashboardDtoSchema, asAdmin);
    reportProblems();
  });

  it("members, last: a match removed", async () => {
    await call("DELETE /api/matches/:id", discovery.matchRemovedDtoSchema, {
      as: alice,
      path: `/api/matches/${matchId}`,
    });
    reportProblems();
  });

  it("checks every route of server/api.ts, or says why not", () => {
    const routes = [
      ...new Set(
        apiRoutes(t.deps)
          .routes.filter((r) => r.method !== "ALL")
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    const missing = routes.filter((r) => !checked.has(r) && !LEFT_OUT[r]);
    expect(missing, "routes of server/api.ts this suite neither checks nor lists in LEFT_OUT").toEqual([]);
    const stale = [...Object.keys(LEFT_OUT), ...checked].filter((r) => !routes.includes(r));
    expect(stale, "routes named here that server/api.ts no longer has").toEqual([]);
  });
});
