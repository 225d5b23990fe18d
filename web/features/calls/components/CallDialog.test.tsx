import type { CallSettingsDto } from "@domain/responses/calls.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallButton } from "./CallDialog.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const settings = (over: Partial<CallSettingsDto>): CallSettingsDto => ({
  available: true,
  mine: false,
  theirs: false,
  liveCheck: "not-verified",
  current: null,
  ice: null,
  ...over,
});

/** GET answers `state`; PUT answers what it was asked, the other member's switch as in `state`. */
function stubSettings(state: CallSettingsDto) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe("/api/matches/m1/calls/settings");
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { allowed: boolean };
        puts.push(body);
        return json(200, { ...state, mine: body.allowed });
      }
      return json(200, state);
    }),
  );
  return puts;
}

const partner = { userId: "u-her", name: "Aïssatou B.", photo: null };

describe("CallButton", () => {
  it("shows nothing where calls are not available", async () => {
    stubSettings(settings({ available: false }));
    renderWithProviders(<CallButton matchId="m1" partner={partner} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "Appeler Aïssatou B." })).toBeNull();
  });

  it("asks the member to allow calls first, then says the other member has not yet", async () => {
    const puts = stubSettings(settings({}));
    renderWithProviders(<CallButton matchId="m1" partner={partner} />);
    await userEvent.click(await screen.findByRole("button", { name: "Appeler Aïssatou B." }));
    const dialog = await screen.findByRole("dialog", { name: "Appeler Aïssatou B." });
    const box = within(dialog).getByLabelText(
      "J’accepte les appels avec Aïssatou B. dans cette conversation",
    );
    expect(box).not.toBeChecked();
    expect(within(dialog).queryByRole("button", { name: "Appel vidéo" })).toBeNull();
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(puts).toEqual([{ allowed: true }]);
    expect(await within(dialog).findByText(/n’a pas encore accepté les appels/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Appel vocal" })).toBeNull();
  });

  it("with both switches on, reminds before a first call and offers voice and video", async () => {
    stubSettings(settings({ mine: true, theirs: true, ice: { iceServers: [], iceTransportPolicy: "all" } }));
    renderWithProviders(<CallButton matchId="m1" partner={partner} />);
    await userEvent.click(await screen.findByRole("button", { name: "Appeler Aïssatou B." }));
    const dialog = await screen.findByRole("dialog", { name: "Appeler Aïssatou B." });
    const reminder = await within(dialog).findByRole("region", { name: "Avant votre premier appel" });
    expect(within(reminder).getByText(/Ne montrez jamais votre visage ou votre corps/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Appel vocal" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Appel vidéo" })).toBeEnabled();
  });
});
