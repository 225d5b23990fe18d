// When the app invites a member to install it (install-rule.ts): not on a first visit.
import { describe, expect, it } from "vitest";
import {
  countVisit,
  INSTALL_INVITATION,
  type InstallContext,
  localDay,
  shouldInviteToInstall,
} from "./install-rule.ts";

const NOW = Date.parse("2026-11-24T18:00:00Z");
const DAY = 86_400_000;
/** A member the rule invites: offered, signed in, in a tab, on their third day. */
const READY: InstallContext = {
  offered: true,
  signedIn: true,
  standalone: false,
  visitDays: INSTALL_INVITATION.MIN_VISIT_DAYS,
  hasNewMatch: false,
  dismissedAt: null,
  now: NOW,
};

describe("shouldInviteToInstall", () => {
  it("invites on the third day of visits, or at a new match", () => {
    expect(shouldInviteToInstall(READY)).toBe(true);
    expect(shouldInviteToInstall({ ...READY, visitDays: 1 })).toBe(false);
    expect(shouldInviteToInstall({ ...READY, visitDays: 2 })).toBe(false);
    expect(shouldInviteToInstall({ ...READY, visitDays: 1, hasNewMatch: true })).toBe(true);
  });

  it("never without the browser’s offer, signed out, or in the installed app", () => {
    expect(shouldInviteToInstall({ ...READY, offered: false })).toBe(false);
    expect(shouldInviteToInstall({ ...READY, signedIn: false, hasNewMatch: true })).toBe(false);
    expect(shouldInviteToInstall({ ...READY, standalone: true })).toBe(false);
  });

  it("waits 30 days after « Pas maintenant »", () => {
    expect(shouldInviteToInstall({ ...READY, dismissedAt: NOW - DAY, hasNewMatch: true })).toBe(false);
    expect(shouldInviteToInstall({ ...READY, dismissedAt: NOW - 29 * DAY })).toBe(false);
    expect(shouldInviteToInstall({ ...READY, dismissedAt: NOW - 30 * DAY })).toBe(true);
  });
});

describe("countVisit", () => {
  it("counts one visit a day, on the member’s calendar", () => {
    const first = countVisit(null, "2026-11-24");
    expect(first).toEqual({ days: 1, last: "2026-11-24" });
    expect(countVisit(first, "2026-11-24")).toBe(first);
    const second = countVisit(first, "2026-11-25");
    expect(second).toEqual({ days: 2, last: "2026-11-25" });
    expect(countVisit(second, "2026-12-30")).toEqual({ days: 3, last: "2026-12-30" });
  });

  it("takes the day from the local clock", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(localDay(new Date(2026, 10, 24, 0, 1))).toBe("2026-11-24");
  });
});
