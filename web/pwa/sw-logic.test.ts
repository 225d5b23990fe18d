// The service worker's decisions (web/sw.ts): reading a push, showing it or not, where a click goes.
import { describe, expect, it } from "vitest";
import {
  FALLBACK_PUSH,
  isWorkerMessage,
  notificationOptions,
  notificationTarget,
  pickWindow,
  readPushPayload,
  shouldShowNotification,
} from "./sw-logic.ts";

const ORIGIN = "https://passerelle.example";
const PUSH = {
  kind: "message",
  title: "Awa vous a écrit",
  body: "Bonjour ! Comment allez-vous ?",
  url: "/messages?match=m_1",
  tag: "conversation-m_1",
  unread: 3,
};

describe("readPushPayload", () => {
  it("reads the payload the server sends (domain/notifications.ts PushPayload)", () => {
    expect(readPushPayload(JSON.stringify(PUSH))).toEqual(PUSH);
    const { unread: _, ...withoutCount } = PUSH;
    expect(readPushPayload(JSON.stringify(withoutCount))).toEqual(withoutCount);
  });

  it("still shows something for a push it cannot read: the browser wants a notification anyway", () => {
    for (const data of [
      null,
      undefined,
      "",
      "pas du JSON",
      "null",
      "42",
      "[]",
      JSON.stringify({ body: "x" }),
    ]) {
      expect(readPushPayload(data), String(data)).toEqual(FALLBACK_PUSH);
    }
  });

  it("fills what is missing and drops a count that is not one", () => {
    const payload = readPushPayload(JSON.stringify({ title: "Nouveau match", kind: "autre", unread: -1 }));
    expect(payload).toEqual({
      kind: "message",
      title: "Nouveau match",
      body: "",
      url: "/",
      tag: "passerelle",
    });
    expect(readPushPayload(JSON.stringify({ ...PUSH, unread: "3" }))).not.toHaveProperty("unread");
    expect(readPushPayload(JSON.stringify({ ...PUSH, tag: "" })).tag).toBe("passerelle");
  });
});

describe("shouldShowNotification", () => {
  it("shows the push unless a window of the app is focused and visible", () => {
    expect(shouldShowNotification([])).toBe(true);
    expect(shouldShowNotification([{ focused: false, visibilityState: "visible" }])).toBe(true);
    expect(shouldShowNotification([{ focused: true, visibilityState: "hidden" }])).toBe(true);
    expect(
      shouldShowNotification([
        { focused: false, visibilityState: "hidden" },
        { focused: true, visibilityState: "visible" },
      ]),
    ).toBe(false);
  });
});

describe("notificationOptions", () => {
  it("gives the notification its text, its tag (renotifying), the icons, the page to open and French", () => {
    expect(notificationOptions(readPushPayload(JSON.stringify(PUSH)))).toEqual({
      body: PUSH.body,
      tag: PUSH.tag,
      renotify: true,
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      data: { url: PUSH.url },
      lang: "fr",
    });
  });
});

describe("notificationTarget", () => {
  it("opens the page of this site the notification names", () => {
    expect(notificationTarget("/messages?match=m_1", ORIGIN)).toBe(`${ORIGIN}/messages?match=m_1`);
    expect(notificationTarget(`${ORIGIN}/matches`, ORIGIN)).toBe(`${ORIGIN}/matches`);
  });

  it("opens the home page for anything else: another site, another scheme, nothing", () => {
    for (const url of [
      "https://ailleurs.example/piege",
      "//ailleurs.example/piege",
      "http://passerelle.example/search",
      "javascript:alert(1)",
      "data:text/html,<p>x</p>",
      "",
      null,
      undefined,
      42,
    ]) {
      expect(notificationTarget(url, ORIGIN), String(url)).toBe(`${ORIGIN}/`);
    }
  });
});

describe("pickWindow", () => {
  const hidden = { id: "hidden", focused: false, visibilityState: "hidden" as const };
  const visible = { id: "visible", focused: false, visibilityState: "visible" as const };
  const focused = { id: "focused", focused: true, visibilityState: "visible" as const };

  it("brings forward the focused window, else a visible one, else any", () => {
    expect(pickWindow([hidden, visible, focused])?.id).toBe("focused");
    expect(pickWindow([hidden, visible])?.id).toBe("visible");
    expect(pickWindow([hidden])?.id).toBe("hidden");
    expect(pickWindow([])).toBeUndefined();
  });
});

describe("isWorkerMessage", () => {
  it("knows the worker’s messages and nothing else", () => {
    expect(isWorkerMessage({ type: "push", payload: PUSH })).toBe(true);
    expect(isWorkerMessage({ type: "pushsubscriptionchange" })).toBe(true);
    for (const data of [null, "push", {}, { type: "SKIP_WAITING" }])
      expect(isWorkerMessage(data)).toBe(false);
  });
});
