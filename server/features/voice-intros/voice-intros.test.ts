// The voice introduction (issue 37): recorded up to 30 s answering a prompt, replaced and removed
// with its file, shown on the member's card and heard by those who may see the profile only.
import type { PublicProfileDto } from "@domain/discovery.ts";
import { VOICE_MSG } from "@domain/voice.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, ruleIt, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { repeatedWebm, voiceFixture } from "../../test/voice.ts";

describeEachEngine("voice introduction", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const rule = ruleIt(engine);

  const record = (
    cookie: string,
    bytes: Uint8Array,
    query = "prompt=looking_for&durationMs=2940&peaks=01234",
  ) =>
    t.request(`/api/profile/voice-intro?${query}`, {
      method: "PUT",
      cookie,
      headers: { "content-type": "audio/webm" },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const files = async () => {
    const keys: string[] = [];
    for await (const page of t.deps.voices.list()) keys.push(...page.map((e) => e.key));
    return keys.filter((k) => k.startsWith("intros/"));
  };

  it("records, replaces and removes an introduction with its file", async () => {
    const her = await signUpMember(t, "female");
    expect(await (await t.request("/api/profile/voice-intro", { cookie: her.cookie })).json()).toEqual({
      data: null,
    });
    const before = await files();
    const saved = await record(her.cookie, voiceFixture("beep-3s.webm"));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      prompt: "looking_for",
      durationMs: expect.any(Number),
      peaks: [0, 1, 2, 3, 4],
    });
    const first = (await files()).filter((k) => !before.includes(k));
    expect(first).toHaveLength(1);
    const own = await t.request("/api/profile/voice-intro/audio", { cookie: her.cookie });
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(voiceFixture("beep-3s.webm"));

    const again = await record(her.cookie, voiceFixture("beep-3s.mp4"), "prompt=laugh&durationMs=2961");
    expect(again.status).toBe(200);
    const second = (await files()).filter((k) => !before.includes(k));
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    expect(
      (await (await t.request("/api/profile/voice-intro", { cookie: her.cookie })).json()) as unknown,
    ).toMatchObject({
      data: { prompt: "laugh" },
    });

    expect(
      (await t.request("/api/profile/voice-intro", { method: "DELETE", cookie: her.cookie })).status,
    ).toBe(204);
    expect((await files()).filter((k) => !before.includes(k))).toEqual([]);
    expect(
      (await t.request("/api/profile/voice-intro", { method: "DELETE", cookie: her.cookie })).status,
    ).toBe(404);
  });

  rule("refuses an introduction over 30 s, an unknown prompt and a video, storing nothing", async () => {
    const her = await signUpMember(t, "female");
    const before = await files();
    const long = await record(her.cookie, await repeatedWebm(11), "prompt=looking_for&durationMs=32940");
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: unknown }).error).toEqual({
      code: "VOICE_TOO_LONG",
      message: VOICE_MSG.TOO_LONG_INTRO,
    });
    const prompt = await record(her.cookie, voiceFixture("beep-3s.webm"), "prompt=autre&durationMs=2940");
    expect(prompt.status).toBe(400);
    const video = await record(her.cookie, voiceFixture("camera-1s.webm"), "prompt=laugh&durationMs=1000");
    expect(((await video.json()) as { error: { code: string } }).error.code).toBe("VOICE_HAS_VIDEO");
    expect(await files()).toEqual(before);
  });

  rule(
    "shows on the card and plays for those who may see the profile, never for a blocked member",
    async () => {
      const her = await signUpMember(t, "female");
      const him = await signUpMember(t, "male");
      const rival = await signUpMember(t, "female");
      await record(her.cookie, voiceFixture("beep-3s.webm"));
      const profile = (await (
        await t.request(`/api/members/${her.userId}`, { cookie: him.cookie })
      ).json()) as PublicProfileDto;
      expect(profile.voiceIntro).toMatchObject({ prompt: "looking_for", peaks: [0, 1, 2, 3, 4] });
      const search = (await (await t.request("/api/search", { cookie: him.cookie })).json()) as {
        data: PublicProfileDto[];
      };
      expect(search.data.find((p) => p.userId === her.userId)?.voiceIntro).toMatchObject({
        prompt: "looking_for",
      });
      const heard = await t.request(`/api/voice-intros/${her.userId}`, { cookie: him.cookie });
      expect(heard.status).toBe(200);
      expect(heard.headers.get("cache-control")).toBe("private, no-cache");
      const etag = heard.headers.get("etag")!;
      const again = await t.request(`/api/voice-intros/${her.userId}`, {
        cookie: him.cookie,
        headers: { "if-none-match": etag },
      });
      expect(again.status).toBe(304);
      // Not a member of the gender searched, not matched: as for the profile itself.
      expect((await t.request(`/api/voice-intros/${her.userId}`, { cookie: rival.cookie })).status).toBe(404);
      expect((await t.request(`/api/voice-intros/${him.userId}`, { cookie: her.cookie })).status).toBe(404);
      expect((await t.request(`/api/voice-intros/${her.userId}`)).status).toBe(401);
      await t.request("/api/blocks", { method: "POST", cookie: her.cookie, json: { userId: him.userId } });
      expect((await t.request(`/api/voice-intros/${her.userId}`, { cookie: him.cookie })).status).toBe(404);
    },
  );
});
