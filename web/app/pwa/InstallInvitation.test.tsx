// « Installer Passerelle sur votre téléphone »: only once the browser offered it and the moment has
// come (install-rule.ts), put off for 30 days by « Pas maintenant », used once by « Installer ».
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@web/test/render.tsx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { InstallInvitation } from "./InstallInvitation.tsx";
import { INSTALL_PAGES, InstallSlot } from "./InstallSlot.tsx";
import { INSTALL_SNOOZE_STORAGE_KEY, VISITS_STORAGE_KEY } from "./install.ts";
import { localDay } from "./install-rule.ts";

const TITLE = "Installer Passerelle sur votre téléphone";

/** The event Chromium fires when the app can be installed; `outcome` is the member's answer there. */
function offerInstall(outcome: "accepted" | "dismissed" = "accepted") {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: "web" }),
  });
  window.dispatchEvent(event);
  return event;
}

/** A phone's browser tab (not the installed app). */
function phoneTab() {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query === "(pointer: coarse)",
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

/** The member already came on two other days. */
function twoEarlierVisits() {
  localStorage.setItem(VISITS_STORAGE_KEY, JSON.stringify({ days: 2, last: "2020-01-01" }));
}

beforeEach(() => {
  localStorage.clear();
  phoneTab();
  // The offer lives as long as the page (install.ts): each test starts without one.
  window.dispatchEvent(new Event("appinstalled"));
});

describe("InstallInvitation", () => {
  it("is not shown on a first visit, nor signed out, nor before the browser offers it", () => {
    const { unmount } = renderWithProviders(<InstallInvitation signedIn hasNewMatch={false} />);
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();
    unmount();

    twoEarlierVisits();
    renderWithProviders(<InstallInvitation signedIn={false} hasNewMatch />);
    offerInstall();
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();
  });

  it("invites on the third day of visits once offered; « Installer » opens the browser’s dialog, once", async () => {
    twoEarlierVisits();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InstallInvitation signedIn hasNewMatch={false} />);
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();

    const offer = offerInstall("accepted");
    expect(offer.defaultPrevented).toBe(true);
    expect(await screen.findByRole("region", { name: TITLE })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(VISITS_STORAGE_KEY) ?? "")).toEqual({
      days: 3,
      last: localDay(new Date()),
    });

    // Keyboard: « Pas maintenant », then « Installer ».
    await user.tab();
    expect(screen.getByRole("button", { name: "Pas maintenant" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Installer" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_SNOOZE_STORAGE_KEY)).toBeNull();
  });

  it("invites at a new match; « Pas maintenant » puts it off for 30 days", async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderWithProviders(<InstallInvitation signedIn hasNewMatch />);
    offerInstall();
    await user.click(await screen.findByRole("button", { name: "Pas maintenant" }));
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();
    const snoozedAt = Number(localStorage.getItem(INSTALL_SNOOZE_STORAGE_KEY));
    expect(Date.now() - snoozedAt).toBeLessThan(5_000);
    unmount();

    // The next page load, with a fresh offer: still put off.
    renderWithProviders(<InstallInvitation signedIn hasNewMatch />);
    offerInstall();
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();
  });

  it("counts a refusal in the browser’s dialog as « Pas maintenant », and goes once the app is installed", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InstallInvitation signedIn hasNewMatch />);
    offerInstall("dismissed");
    await user.click(await screen.findByRole("button", { name: "Installer" }));
    await vi.waitFor(() => expect(localStorage.getItem(INSTALL_SNOOZE_STORAGE_KEY)).not.toBeNull(), {
      timeout: 20_000,
    });

    localStorage.removeItem(INSTALL_SNOOZE_STORAGE_KEY);
    const { unmount } = renderWithProviders(<InstallInvitation signedIn hasNewMatch />);
    offerInstall();
    expect(await screen.findByRole("region", { name: TITLE })).toBeInTheDocument();
    window.dispatchEvent(new Event("appinstalled"));
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument(), {
      timeout: 20_000,
    });
    unmount();
  });

  it("is not shown in the installed app, and names the computer on a computer", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: query === "(display-mode: standalone)",
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const { unmount } = renderWithProviders(<InstallInvitation signedIn hasNewMatch />);
    offerInstall();
    expect(screen.queryByRole("region", { name: TITLE })).not.toBeInTheDocument();
    unmount();

    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    renderWithProviders(<InstallInvitation signedIn hasNewMatch />);
    expect(
      await screen.findByRole("region", { name: "Installer Passerelle sur votre ordinateur" }),
    ).toBeInTheDocument();
  });
});

describe("InstallSlot", () => {
  it("shows the invitation above the lists a member browses, never over a task under way", async () => {
    twoEarlierVisits();
    for (const route of INSTALL_PAGES) {
      const { unmount } = renderWithProviders(<InstallSlot signedIn hasNewMatch />, { route });
      offerInstall();
      expect(await screen.findByRole("region", { name: TITLE })).toBeInTheDocument();
      unmount();
    }
    for (const route of [
      "/profile/verification",
      "/subscription",
      "/onboarding",
      "/profile",
      "/search",
      "/messages",
    ]) {
      const { unmount } = renderWithProviders(<InstallSlot signedIn hasNewMatch />, { route });
      offerInstall();
      expect(screen.queryByRole("region", { name: TITLE }), route).not.toBeInTheDocument();
      unmount();
    }
  });
});
