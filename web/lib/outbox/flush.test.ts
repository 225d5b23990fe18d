import { afterEach, describe, expect, it } from "vitest";
import { flushOutbox } from "./flush.ts";
import { allItems, clearItems, type OutboxItem, putItem } from "./store.ts";

afterEach(() => clearItems());

let clock = 0;
function item(over: Partial<OutboxItem>): OutboxItem {
  clock += 1;
  return {
    key: `k${clock}`,
    kind: "message",
    ownerId: "me",
    path: "/api/matches/m1/messages",
    body: { content: `texte ${clock}` },
    target: "m1",
    text: `texte ${clock}`,
    createdAt: new Date(Date.UTC(2026, 10, 29, 10, 0, clock)).toISOString(),
    state: "waiting",
    ...over,
  };
}

type Answer = (path: string, init: RequestInit) => Response | Promise<Response>;
function server(answer: Answer) {
  const calls: { path: string; key: string | null; body: unknown }[] = [];
  const fetchFn = async (path: string, init: RequestInit) => {
    calls.push({
      path,
      key: new Headers(init.headers).get("Idempotency-Key"),
      body: JSON.parse(String(init.body)),
    });
    return answer(path, init);
  };
  return { calls, fetchFn };
}
const created = (body: unknown) => new Response(JSON.stringify(body), { status: 201 });

describe("flushOutbox", () => {
  it("sends the member’s waiting items oldest first, each with its own key, and removes them", async () => {
    const second = item({ body: { content: "deux" } });
    const first = item({ body: { content: "un" }, createdAt: "2026-11-29T09:00:00.000Z" });
    const like = item({ kind: "like", path: "/api/likes", body: { likedId: "u2", type: "like" } });
    const someoneElse = item({ ownerId: "other" });
    for (const i of [second, first, like, someoneElse]) await putItem(i);
    const { calls, fetchFn } = server((path, init) => created({ path, body: JSON.parse(String(init.body)) }));

    const result = await flushOutbox("me", fetchFn);

    expect(calls.map((c) => [c.key, c.body])).toEqual([
      [first.key, { content: "un" }],
      [second.key, { content: "deux" }],
      [like.key, { likedId: "u2", type: "like" }],
    ]);
    expect(result.sent.map((s) => s.item.key)).toEqual([first.key, second.key, like.key]);
    expect(result.sent[0]?.answer).toEqual({ path: first.path, body: { content: "un" } });
    expect(result.interrupted).toBe(false);
    // Another member's item stays for their own session.
    expect((await allItems()).map((i) => i.key)).toEqual([someoneElse.key]);
  });

  it("stops at the first network failure and keeps the rest, in order, for the next try", async () => {
    const a = item({});
    const b = item({});
    const c = item({});
    for (const i of [a, b, c]) await putItem(i);
    let answered = 0;
    const { calls, fetchFn } = server(() => {
      answered += 1;
      if (answered === 2) throw new TypeError("Failed to fetch");
      return created({ id: answered });
    });

    const result = await flushOutbox("me", fetchFn);
    expect(result.interrupted).toBe("offline");
    expect(result.sent.map((s) => s.item.key)).toEqual([a.key]);
    expect((await allItems()).map((i) => [i.key, i.state])).toEqual([
      [b.key, "waiting"],
      [c.key, "waiting"],
    ]);

    // Back online: the same keys go again, so the server makes each message once.
    const again = await flushOutbox("me", fetchFn);
    expect(again.interrupted).toBe(false);
    expect(calls.map((x) => x.key)).toEqual([a.key, b.key, b.key, c.key]);
    expect(await allItems()).toEqual([]);
  });

  it("treats a server failure as temporary and a refusal as final, with the server’s message", async () => {
    const refused = item({});
    const later = item({});
    for (const i of [refused, later]) await putItem(i);
    const { fetchFn } = server((_, init) =>
      String(init.body).includes(refused.text)
        ? new Response(
            JSON.stringify({
              error: { code: "CONVERSATION_CLOSED", message: "Cette conversation est fermée" },
            }),
            {
              status: 403,
            },
          )
        : new Response("", { status: 503 }),
    );

    const result = await flushOutbox("me", fetchFn);
    expect(result.refused.map((i) => i.key)).toEqual([refused.key]);
    expect(result.interrupted).toBe("server");
    const kept = await allItems();
    expect(kept.map((i) => [i.key, i.state, i.errorCode ?? null, i.error ?? null])).toEqual([
      [refused.key, "failed", "CONVERSATION_CLOSED", "Cette conversation est fermée"],
      [later.key, "waiting", null, null],
    ]);
    // A refused item is not sent again until the member asks (« Réessayer »).
    const { calls, fetchFn: second } = server(() => created({}));
    await flushOutbox("me", second);
    expect(calls.map((c) => c.key)).toEqual([later.key]);
  });
});
