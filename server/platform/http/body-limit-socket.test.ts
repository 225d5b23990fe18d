// Issue 33, reliability finding 4: a 413 answer said `Connection: keep-alive`, then the server closed
// the socket half a second later, so the next request on that connection failed (20 of 20); behind
// a proxy that reuses connections, another member's request would fail. Over a real socket, a
// refused body's answer now closes its connection cleanly — or, were it kept alive, the next
// request on it is answered — twenty times in a row.

import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

interface Answer {
  status: number;
  headers: Record<string, string>;
}

/** Reads one HTTP/1.1 answer from the socket's data (headers, then Content-Length bytes of body). */
function readAnswer(socket: Socket): Promise<Answer | null> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    const done = (answer: Answer | null) => {
      socket.off("data", onData);
      socket.off("close", onClose);
      socket.off("end", onClose);
      resolve(answer);
    };
    const onClose = () => done(null);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      const length = Number(headers["content-length"] ?? 0);
      if (buffer.length - end - 4 < length) return;
      done({ status: Number(statusLine!.split(" ")[1]), headers });
    };
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.once("end", onClose);
    // Already closed by the other side: nothing will come.
    if (socket.destroyed || socket.readableEnded) done(null);
  });
}

describe("a refused body over a kept-alive connection", () => {
  let t: TestApp;
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const request = (body: string, length = Buffer.byteLength(body)) =>
    [
      "POST /api/auth/sign-in/email HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      "Origin: http://localhost:3000",
      "Content-Type: application/json",
      `Content-Length: ${length}`,
      "Connection: keep-alive",
      "",
      body,
    ].join("\r\n");

  /** A slow mobile network's pace between two parts of a body (hono's node server waits 500 ms). */
  const NETWORK_PAUSE_MS = 700;
  const pause = () => new Promise((resolve) => setTimeout(resolve, NETWORK_PAUSE_MS));

  it("closes the connection of a 413 cleanly, or answers the next request on it", async () => {
    const tooLarge = JSON.stringify({ email: "a@exemple.fr", password: "x".repeat(200_000) });
    const small = JSON.stringify({ email: "a@exemple.fr", password: "pas le bon" });
    const whole = request(tooLarge);
    // The headers and the first part of the body: the answer (413, from Content-Length) comes at once.
    const firstPart = whole.length - 150_000;
    for (let i = 0; i < 20; i++) {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      const first = readAnswer(socket);
      socket.write(whole.slice(0, firstPart));
      const refused = await first;
      expect(refused?.status, `try ${i}`).toBe(413);
      if (refused?.headers.connection?.toLowerCase() === "close") {
        // Said and done: the server ends the connection; the client's next request goes on a new one.
        await new Promise((resolve) => (socket.closed ? resolve(null) : socket.once("close", resolve)));
      } else {
        // Kept alive: a client on a slow network sends the rest of its body, then its next request,
        // which must be answered.
        await pause();
        const second = readAnswer(socket);
        socket.write(whole.slice(firstPart) + request(small));
        expect((await second)?.status, `try ${i}: the kept-alive connection answered nothing`).toBe(401);
        socket.destroy();
      }
    }
  });

  it("closes the connection of any answer given before the body was read (a signed-out upload)", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    const answer = readAnswer(socket);
    const boundary = "----passerelle";
    socket.write(
      [
        "POST /api/profile/photos HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        "Origin: http://localhost:3000",
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${2 * 1024 * 1024}`,
        "",
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n`,
      ].join("\r\n"),
    );
    const refused = await answer;
    expect(refused?.status).toBe(401);
    expect(refused?.headers.connection?.toLowerCase()).toBe("close");
    socket.destroy();
  });
});
