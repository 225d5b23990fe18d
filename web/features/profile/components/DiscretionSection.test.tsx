import type { ProfileDto } from "@domain/profile.ts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubDeferredPuts } from "@web/test/deferred-put.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useProfile } from "../api.ts";
import { DiscretionSection } from "./DiscretionSection.tsx";

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const { data } = useProfile();
  return data ? <DiscretionSection profile={data} /> : null;
}

describe("DiscretionSection", () => {
  it("names her country and city, and saves each setting alone", async () => {
    const user = userEvent.setup({ delay: null });
    const me: ProfileDto = profileFixture({ country: "Cameroun", city: "Douala", originCountry: "" });
    const api = stubDeferredPuts(me);
    renderWithProviders(<Harness />);
    const country = await screen.findByRole("checkbox", {
      name: "Masquer mon profil aux membres qui vivent dans mon pays",
    });
    expect(country).toHaveAccessibleDescription(/vivent dans ce pays \(Cameroun\)/);
    expect(
      screen.getByRole("checkbox", { name: "Masquer mon profil aux membres qui vivent dans ma ville" }),
    ).toHaveAccessibleDescription(/Seulement les membres de Douala/);
    // No origin given: her residence stands for it, as the server reads it.
    expect(
      screen.getByRole("checkbox", { name: "Masquer mon profil aux membres originaires de mon pays" }),
    ).toHaveAccessibleDescription(/originaires de ce pays \(Cameroun\)/);

    await user.click(country);
    expect(api.puts).toEqual([{ url: "/api/profile/privacy", body: { hideFromCountry: true } }]);
    api.answer(json(200, { ...me, hideFromCountry: true }));
    expect(
      await screen.findByText("Réglage enregistré : ces membres ne vous voient plus."),
    ).toBeInTheDocument();

    await user.click(
      screen.getByRole("checkbox", { name: "Flouter mes photos jusqu’à un J’aime réciproque" }),
    );
    expect(api.puts.at(-1)).toEqual({ url: "/api/profile/privacy", body: { blurPhotos: true } });
  });

  it("says when the country is not given", async () => {
    stubDeferredPuts(profileFixture({ country: "", city: "", originCountry: "" }));
    renderWithProviders(<Harness />);
    const country = await screen.findByRole("checkbox", {
      name: "Masquer mon profil aux membres qui vivent dans mon pays",
    });
    expect(country).toHaveAccessibleDescription(/Votre pays n’est pas indiqué/);
  });
});
