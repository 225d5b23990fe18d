// Issue 33: one member could open 4,000 event streams. A member holds at most
// MAX_STREAMS_PER_MEMBER streams per instance: a new one beyond closes the oldest, so the newest tab
// always works and nobody holds more.
import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_STREAMS_PER_MEMBER } from "../../platform/realtime/hub.ts";
import { createTestApp, describeOnEngine, type TestApp } from "../../test/harness.ts";
import { signUpMember } from "../../test/members.ts";
import { type EventReader, readEvents } from "../../test/sse.ts";

describeOnEngine("event streams per member", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it("keeps a member’s newest streams only; another member’s are untouched", async () => {
    const member = await signUpMember(t, "female");
    const other = await signUpMember(t, "male");
    const open = async (cookie: string) => {
      const res = await t.request("/api/events", { cookie });
      expect(res.status).toBe(200);
      const reader = readEvents(res);
      await reader.next("ready");
      return reader;
    };
    const others = await open(other.cookie);
    const streams: EventReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) streams.push(await open(member.cookie));
    expect(t.deps.hub.connections).toBe(MAX_STREAMS_PER_MEMBER + 1);

    // Five more: each closes the oldest of the member's streams.
    for (let i = 0; i < 5; i++) streams.push(await open(member.cookie));
    await Promise.all(streams.slice(0, 5).map((s) => s.ended()));
    expect(t.deps.hub.connections).toBe(MAX_STREAMS_PER_MEMBER + 1);
    await Promise.all([...streams, others].map((s) => s.close()));
  });
});
