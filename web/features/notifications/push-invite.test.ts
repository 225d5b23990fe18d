import { afterEach, describe, expect, it } from "vitest";
import {
  PUSH_INVITE_STORAGE_KEY,
  type PushInviteContext,
  pushInviteDismissedAt,
  rememberPushInviteDismissed,
  shouldInviteToPush,
} from "./push-invite.ts";

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;
const ok: PushInviteContext = {
  supported: true,
  permission: "default",
  pushKey: "BKey",
  dismissedAt: null,
  now: NOW,
};

afterEach(() => localStorage.clear());

describe("shouldInviteToPush", () => {
  it("invites a browser that can, whose member was never asked", () => {
    expect(shouldInviteToPush(ok)).toBe(true);
  });

  it("does not invite where the browser cannot, or the server does not push", () => {
    expect(shouldInviteToPush({ ...ok, supported: false, permission: null })).toBe(false);
    expect(shouldInviteToPush({ ...ok, pushKey: null })).toBe(false);
    expect(shouldInviteToPush({ ...ok, pushKey: "" })).toBe(false);
  });

  it("does not ask again once the browser’s question is answered", () => {
    expect(shouldInviteToPush({ ...ok, permission: "granted" })).toBe(false);
    expect(shouldInviteToPush({ ...ok, permission: "denied" })).toBe(false);
  });

  it("waits 30 days after « Plus tard »", () => {
    expect(shouldInviteToPush({ ...ok, dismissedAt: NOW - DAY })).toBe(false);
    expect(shouldInviteToPush({ ...ok, dismissedAt: NOW - 30 * DAY + 1 })).toBe(false);
    expect(shouldInviteToPush({ ...ok, dismissedAt: NOW - 30 * DAY })).toBe(true);
    expect(shouldInviteToPush({ ...ok, dismissedAt: NOW - 90 * DAY })).toBe(true);
  });
});

describe("the dismissal in localStorage", () => {
  it("is remembered, and anything unreadable counts as never", () => {
    expect(pushInviteDismissedAt()).toBeNull();
    rememberPushInviteDismissed(NOW);
    expect(localStorage.getItem(PUSH_INVITE_STORAGE_KEY)).toBe(String(NOW));
    expect(pushInviteDismissedAt()).toBe(NOW);
    localStorage.setItem(PUSH_INVITE_STORAGE_KEY, "hier");
    expect(pushInviteDismissedAt()).toBeNull();
  });
});
