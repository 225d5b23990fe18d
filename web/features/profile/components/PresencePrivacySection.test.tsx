import type { ProfileDto } from "@domain/profile.ts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubDeferredPuts } from "@web/test/deferred-put.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useProfile } from "../api.ts";
import { profileKeys } from "../keys.ts";
import { PresencePrivacySection } from "./PresencePrivacySection.tsx";

afterEach(() => vi.unstubAllGlobals());

/** As on the page: the section shows the cached profile. */
function Harness() {
  const { data } = useProfile();
  return data ? <PresencePrivacySection profile={data} /> : null;
}

/** GET /api/profile answers `me`; each PUT waits until the test answers it. */
const stubApi = (me: ProfileDto) => stubDeferredPuts(me);

describe("PresencePrivacySection", () => {
  it("sends { presenceHidden: true }, says it is saving, then shows the saved setting", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(profileFixture({ presenceHidden: false }));
    const { client } = renderWithProviders(<Harness />);
    const box = await screen.findByRole("checkbox", { name: "Masquer mon activité" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /Les autres ne verront plus quand vous êtes en ligne, et vous ne verrez plus l’activité des autres/,
    );

    await user.click(box);
    expect(api.puts).toEqual([{ url: "/api/profile/privacy", body: { presenceHidden: true } }]);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("Enregistrement…");

    api.answer(json(200, profileFixture({ presenceHidden: true })));
    expect(await screen.findByText("Réglage enregistré : votre activité est masquée.")).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
    expect(client.getQueryData<ProfileDto>(profileKeys.own)?.presenceHidden).toBe(true);
  });

  it("shows the new setting from the click itself, before the saving state arrives", async () => {
    // A busy phone (or test machine) may run the mutation's state update, which TanStack Query
    // schedules with a timer, long after the click: the box must not spring back meanwhile.
    const api = stubApi(profileFixture({ presenceHidden: false }));
    renderWithProviders(<Harness />);
    const box = await screen.findByRole("checkbox", { name: "Masquer mon activité" });

    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("Enregistrement…");

    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(box).toBeChecked();
    api.answer(json(200, profileFixture({ presenceHidden: true })));
    expect(await screen.findByText("Réglage enregistré : votre activité est masquée.")).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
  });

  it("shows the setting unchanged, with the error, when saving fails", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(profileFixture({ presenceHidden: true }));
    renderWithProviders(<Harness />);
    const box = await screen.findByRole("checkbox", { name: "Masquer mon activité" });
    expect(box).toBeChecked();

    await user.click(box);
    expect(api.puts).toEqual([{ url: "/api/profile/privacy", body: { presenceHidden: false } }]);
    api.answer(json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Service indisponible");
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    expect(screen.queryByText(/Réglage enregistré/)).not.toBeInTheDocument();
  });
});
