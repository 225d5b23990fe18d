// Test helper: GET answers one body; each PUT is recorded and waits until the test answers it,
// so that a test can see the « saving » state before the server replies.
import { vi } from "vitest";

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export function stubDeferredPuts(getBody: unknown) {
  const puts: unknown[] = [];
  let answer: (res: Response) => void = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "PUT") {
        puts.push({ url: String(input), body: JSON.parse(String(init.body)) });
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      return Promise.resolve(json(200, getBody));
    }),
  );
  return { puts, answer: (res: Response) => answer(res) };
}
