import type { ProfileDto } from "@domain/profile.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubDeferredPuts } from "@web/test/deferred-put.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useProfile } from "../api.ts";
import { profileKeys } from "../keys.ts";
import { BrowsePrivacySection } from "./BrowsePrivacySection.tsx";

afterEach(() => vi.unstubAllGlobals());

/** As on the page: the section shows the cached profile. */
function Harness() {
  const { data } = useProfile();
  return data ? <BrowsePrivacySection profile={data} /> : null;
}

/** GET /api/profile answers `me`; each PUT waits until the test answers it. */
const stubApi = (me: ProfileDto) => stubDeferredPuts(me);

describe("BrowsePrivacySection", () => {
  it("sends { browseInvisibly: true }, says it is saving, then shows the saved setting", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(profileFixture({ browseInvisibly: false }));
    const { client } = renderWithProviders(<Harness />);
    const box = await screen.findByRole("checkbox", { name: "Naviguer incognito" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /Vos visites n’apparaîtront pas dans «\s?Qui a vu mon profil\s?» des autres membres/,
    );

    await user.click(box);
    expect(api.puts).toEqual([{ url: "/api/profile/privacy", body: { browseInvisibly: true } }]);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("Enregistrement…");

    api.answer(json(200, profileFixture({ browseInvisibly: true })));
    expect(await screen.findByText("Réglage enregistré : vous naviguez incognito.")).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
    expect(client.getQueryData<ProfileDto>(profileKeys.own)?.browseInvisibly).toBe(true);
  });

  it("turns it off again", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(profileFixture({ browseInvisibly: true }));
    renderWithProviders(<Harness />);
    const box = await screen.findByRole("checkbox", { name: "Naviguer incognito" });
    expect(box).toBeChecked();
    await user.click(box);
    expect(api.puts).toEqual([{ url: "/api/profile/privacy", body: { browseInvisibly: false } }]);
    api.answer(json(200, profileFixture({ browseInvisibly: false })));
    expect(
      await screen.findByText("Réglage enregistré : vos visites sont de nouveau visibles."),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it("shows the setting unchanged, with the error, when saving fails", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(profileFixture({ browseInvisibly: false }));
    renderWithProviders(<Harness />);
    const box = await screen.findByRole("checkbox", { name: "Naviguer incognito" });
    await user.click(box);
    api.answer(json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Service indisponible");
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(screen.queryByText(/Réglage enregistré/)).not.toBeInTheDocument();
  });
});
