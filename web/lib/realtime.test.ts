import { afterEach, describe, expect, it, vi } from "vitest";
import { connectRealtime, type StreamEvent } from "./realtime.ts";

/** A fetch that serves scripted event streams, one per connection. */
function scriptedFetch(script: (n: number) => Response) {
  let n = 0;
  const fetchMock = vi.fn(async () => script(n++));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const stream = (text: string) =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    }),
    {
      status: 200,
      headers: { "Content-Type": "text/event-stream" },
    },
  );

describe("connectRealtime", () => {
  afterEach(() => vi.useRealTimers());

  it("delivers events, reconnects with growing delays and asks to catch up after a loss", async () => {
    const message = { type: "match.accepted", matchId: "m1" };
    const fetchMock = scriptedFetch((n) =>
      n === 1
        ? new Response(null, { status: 503 })
        : stream(`event: ready\ndata: {}\n\nevent: match.accepted\ndata: ${JSON.stringify(message)}\n\n`),
    );
    const events: StreamEvent[] = [];
    const delays: number[] = [];
    let reconnects = 0;
    const stop = connectRealtime({
      onEvent: (e) => events.push(e),
      onReconnect: () => reconnects++,
      backoff: (attempt) => {
        delays.push(attempt);
        return 5;
      },
    });
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3), {
      timeout: 20_000,
    });
    stop();
    // 1st stream ends → retry (attempt 0), 503 → retry (attempt 1), 3rd stream opens → counter reset.
    expect(delays.slice(0, 2)).toEqual([0, 1]);
    expect(events[0]).toEqual(message);
    expect(reconnects).toBeGreaterThanOrEqual(1);
  });

  it("stops for good on 401 (signed out)", async () => {
    const fetchMock = scriptedFetch(() => new Response(null, { status: 401 }));
    const statuses: string[] = [];
    connectRealtime({
      onEvent: () => {},
      onReconnect: () => {},
      onStatus: (s) => statuses.push(s),
      backoff: () => 1,
    });
    await vi.waitFor(() => expect(statuses).toContain("closed"), { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
