import { minusYears, todayIso } from "@domain/age.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type RecordedCall, stubFetch } from "@web/test/fetch-stub.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import OnboardingPage from "./OnboardingPage.tsx";

/** A profile as sign-up leaves it (SPEC §7 defaults, birth date not given). */
const newcomer = () =>
  profileFixture({
    firstName: "",
    lastName: "",
    gender: null,
    birthDate: "2000-01-01",
    birthDateConfirmed: false,
    country: "",
    occupation: "",
    languages: ["Français"],
    interests: ["Rencontre"],
    onboardingStep: 0,
  });

/**
 * A small stand-in for the profile API: GET gives the stored profile, PUT stores what it is sent the
 * way the server does (birth date confirmed, the step never going back) or answers `refuse`.
 */
function stubProfileApi(initial: ProfileDto, refuse?: (body: Record<string, unknown>) => unknown) {
  let stored = initial;
  const api = stubFetch((call: RecordedCall) => {
    // The privacy settings, saved on their own (« Qui peut m'écrire en premier »).
    if (call.url === "/api/profile/privacy" && call.method === "PUT") {
      stored = { ...stored, ...(call.body as Partial<ProfileDto>) };
      return { body: stored };
    }
    if (call.url !== "/api/profile") return undefined;
    if (call.method === "PUT") {
      const body = call.body as Record<string, unknown>;
      const refusal = refuse?.(body);
      if (refusal) return { status: 400, body: refusal };
      const { onboardingStep, ...fields } = body as Partial<ProfileDto>;
      stored = {
        ...stored,
        ...fields,
        birthDateConfirmed: true,
        onboardingStep: Math.max(stored.onboardingStep, onboardingStep ?? 0),
      };
    }
    return { body: stored };
  });
  const putsTo = (url: string) =>
    api.calls.filter((c) => c.method === "PUT" && c.url === url).map((c) => c.body);
  return { ...api, puts: () => putsTo("/api/profile"), privacyPuts: () => putsTo("/api/profile/privacy") };
}

function renderOnboarding() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/search" element={<h1>Page de recherche</h1>} />
    </Routes>,
    { route: "/onboarding" },
  );
  return user;
}

const stepTitle = (name: string) => screen.findByRole("heading", { level: 2, name });

describe("OnboardingPage", () => {
  it("starts a new member at « Qui je suis », never showing the default birth date, and checks the essentials", async () => {
    const api = stubProfileApi(newcomer());
    const user = renderOnboarding();
    expect(await stepTitle("Qui je suis")).toBeInTheDocument();
    expect(screen.getByText("Étape 1 sur 3")).toBeInTheDocument();
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Qui je suis");

    const birthDate = screen.getByLabelText(/Date de naissance/);
    expect(birthDate).toHaveValue("");
    expect(birthDate).toHaveAccessibleDescription(/Pas encore indiquée/);
    // The completeness counts the default lists only, and names what is missing.
    expect(screen.getByRole("progressbar", { name: "Profil complété" })).toHaveAttribute(
      "aria-valuenow",
      "10",
    );
    expect(
      screen.getByText(/Il manque : votre prénom, votre genre, votre date de naissance, votre pays/),
    ).toBeInTheDocument();
    // The essentials cannot be skipped.
    expect(screen.queryByRole("button", { name: "Passer cette étape" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByText("Veuillez indiquer votre prénom")).toBeInTheDocument();
    expect(screen.getByText("Veuillez choisir Homme ou Femme")).toBeInTheDocument();
    expect(screen.getByText("Veuillez indiquer votre date de naissance")).toBeInTheDocument();
    expect(screen.getByText("Veuillez choisir un pays dans la liste")).toBeInTheDocument();
    expect(birthDate).toHaveAttribute("aria-invalid", "true");
    expect(api.puts()).toEqual([]);
  });

  it("asks where the member comes from, optional, « Identique au pays de résidence » in one tap", async () => {
    const api = stubProfileApi(newcomer());
    const user = renderOnboarding();
    await stepTitle("Qui je suis");
    const origin = screen.getByLabelText(/Pays d’origine/);
    expect(origin).toHaveValue("");
    const same = screen.getByRole("button", { name: "Identique au pays de résidence" });
    expect(same).toBeDisabled();
    await user.type(screen.getByLabelText(/Prénom/), "Awa");
    await user.click(screen.getByLabelText("Femme"));
    fireEvent.change(screen.getByLabelText(/Date de naissance/), { target: { value: "1990-06-01" } });
    await user.selectOptions(screen.getByLabelText(/Pays de résidence/), "Sénégal");
    await user.click(same);
    expect(origin).toHaveValue("Sénégal");
    // A diaspora member picks another one.
    await user.selectOptions(origin, "Mali");
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    await stepTitle("Mes photos");
    expect(api.puts()).toEqual([expect.objectContaining({ country: "Sénégal", originCountry: "Mali" })]);
  });

  it("refuses a birth date in the future or under 18 with French messages, sending nothing", async () => {
    const api = stubProfileApi(newcomer());
    const user = renderOnboarding();
    await stepTitle("Qui je suis");
    const birthDate = screen.getByLabelText(/Date de naissance/);

    fireEvent.change(birthDate, { target: { value: minusYears(todayIso(), -1) } });
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(
      await screen.findByText("La date de naissance ne peut pas être dans le futur"),
    ).toBeInTheDocument();

    fireEvent.change(birthDate, { target: { value: minusYears(todayIso(), 17) } });
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByText("Vous devez avoir entre 18 et 99 ans")).toBeInTheDocument();
    expect(api.puts()).toEqual([]);
  });

  it("saves « Qui je suis » with the step reached, then moves focus to « Mes photos »", async () => {
    const api = stubProfileApi(newcomer());
    const user = renderOnboarding();
    await stepTitle("Qui je suis");
    await user.type(screen.getByLabelText(/Prénom/), "Mariam");
    await user.click(screen.getByLabelText("Femme"));
    fireEvent.change(screen.getByLabelText(/Date de naissance/), { target: { value: "1993-02-14" } });
    await user.selectOptions(screen.getByLabelText(/Pays de résidence/), "Mali");
    await user.click(screen.getByRole("button", { name: "Continuer" }));

    const photos = await stepTitle("Mes photos");
    await waitFor(() => expect(photos).toHaveFocus());
    expect(screen.getByText("Étape 2 sur 3")).toBeInTheDocument();
    expect(api.puts()).toEqual([
      {
        firstName: "Mariam",
        lastName: "",
        gender: "female",
        lookingFor: "Une relation sérieuse",
        birthDate: "1993-02-14",
        country: "Mali",
        originCountry: "",
        city: "Dakar",
        relocate: null,
        phoneNumber: "",
        bio: "",
        occupation: "",
        education: "",
        languages: ["Français"],
        interests: ["Rencontre"],
        onboardingStep: 1,
      },
    ]);
    // The saved essentials count: 60 % for them, 10 % for the default lists.
    expect(screen.getByRole("progressbar", { name: "Profil complété" })).toHaveAttribute(
      "aria-valuenow",
      "70",
    );
    expect(screen.getByText("Il manque : une photo et quelques mots sur vous.")).toBeInTheDocument();
  });

  it("shows the server’s refusal on the field and stays on the step", async () => {
    stubProfileApi(newcomer(), () => ({
      error: {
        code: "VALIDATION_ERROR",
        message: "Vous devez avoir entre 18 et 99 ans",
        fields: { birthDate: "Vous devez avoir entre 18 et 99 ans" },
      },
    }));
    const user = renderOnboarding();
    await stepTitle("Qui je suis");
    await user.type(screen.getByLabelText(/Prénom/), "Mariam");
    await user.click(screen.getByLabelText("Femme"));
    fireEvent.change(screen.getByLabelText(/Date de naissance/), { target: { value: "1993-02-14" } });
    await user.selectOptions(screen.getByLabelText(/Pays de résidence/), "Mali");
    await user.click(screen.getByRole("button", { name: "Continuer" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Vous devez avoir entre 18 et 99 ans");
    expect(screen.getByLabelText(/Date de naissance/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("heading", { level: 2, name: "Qui je suis" })).toBeInTheDocument();
  });

  it("resumes at the step kept on the server, and goes back a step without saving", async () => {
    const api = stubProfileApi(profileFixture({ onboardingStep: 2 }));
    const user = renderOnboarding();
    expect(await stepTitle("Ce que je recherche")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retour" }));
    expect(await stepTitle("Mes photos")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retour" }));
    expect(await stepTitle("Qui je suis")).toBeInTheDocument();
    // A confirmed birth date is shown as it is.
    expect(screen.getByLabelText(/Date de naissance/)).toHaveValue("1994-05-12");
    expect(api.puts()).toEqual([]);
  });

  it("lets a member without a photo pass that step, keeping the stored profile", async () => {
    const stored = profileFixture({ onboardingStep: 1, photos: [] });
    const api = stubProfileApi(stored);
    const user = renderOnboarding();
    await stepTitle("Mes photos");
    expect(screen.getByLabelText("Ajouter une photo")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Passer cette étape" }));

    expect(await stepTitle("Ce que je recherche")).toBeInTheDocument();
    expect(api.puts()).toEqual([
      {
        firstName: "Awa",
        lastName: "Diop",
        gender: "female",
        lookingFor: "Une relation sérieuse",
        birthDate: "1994-05-12",
        country: "Sénégal",
        originCountry: "",
        city: "Dakar",
        relocate: null,
        phoneNumber: "",
        bio: "",
        occupation: "Infirmière",
        education: "",
        languages: ["Français", "Wolof"],
        interests: ["Rencontre"],
        onboardingStep: 2,
      },
    ]);
  });

  it("offers « Continuer » once there is a photo", async () => {
    stubProfileApi(
      profileFixture({
        onboardingStep: 1,
        photos: [
          {
            key: "photos/u1.jpg",
            url: "/storage/profiles/photos/u1.jpg",
            thumbUrl: "/storage/t.jpg",
            renditions: null,
            placeholder: null,
          },
        ],
      }),
    );
    renderOnboarding();
    await stepTitle("Mes photos");
    expect(screen.getByRole("button", { name: "Continuer" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Passer cette étape" })).not.toBeInTheDocument();
  });

  it("finishes with what the member looks for and a few words, then goes to /search", async () => {
    const api = stubProfileApi(profileFixture({ onboardingStep: 2 }));
    const user = renderOnboarding();
    await stepTitle("Ce que je recherche");
    await user.selectOptions(screen.getByLabelText(/Je recherche/), "Le mariage");
    await user.click(screen.getByRole("button", { name: "Voyages", pressed: false }));
    await user.type(screen.getByLabelText("Présentation"), "Infirmière à Dakar, curieuse de tout.");
    await user.click(screen.getByRole("button", { name: "Terminer" }));

    expect(await screen.findByRole("heading", { name: "Page de recherche" })).toBeInTheDocument();
    const [put] = api.puts() as Record<string, unknown>[];
    expect(put).toMatchObject({
      lookingFor: "Le mariage",
      interests: ["Rencontre", "Voyages"],
      bio: "Infirmière à Dakar, curieuse de tout.",
      onboardingStep: 3,
    });
  });

  it("asks who may write first, saved as soon as it is chosen, the specification’s rule by default", async () => {
    const api = stubProfileApi(profileFixture({ onboardingStep: 2 }));
    const user = renderOnboarding();
    await stepTitle("Ce que je recherche");
    const group = screen.getByRole("group", { name: "Qui peut m’écrire en premier" });
    expect(within(group).getByRole("radio", { name: "Toute personne avec qui j’ai un match" })).toBeChecked();
    await user.click(
      within(group).getByRole("radio", { name: "Seulement les personnes que j’ai aimées en retour" }),
    );
    await waitFor(() => expect(api.privacyPuts()).toEqual([{ firstMessagesFromLikedOnly: true }]));
    // The step's own form is untouched by it.
    expect(api.puts()).toEqual([]);
    expect(
      within(group).getByRole("radio", { name: "Seulement les personnes que j’ai aimées en retour" }),
    ).toBeChecked();
  });

  it("can skip the last step too, which ends the guided profile", async () => {
    const api = stubProfileApi(profileFixture({ onboardingStep: 2 }));
    const user = renderOnboarding();
    await stepTitle("Ce que je recherche");
    await user.type(screen.getByLabelText("Présentation"), "Texte abandonné");
    await user.click(screen.getByRole("button", { name: "Passer cette étape" }));
    expect(await screen.findByRole("heading", { name: "Page de recherche" })).toBeInTheDocument();
    expect(api.puts()).toEqual([expect.objectContaining({ bio: "", onboardingStep: 3 })]);
  });

  it("sends a member who finished it to /search", async () => {
    stubProfileApi(profileFixture({ onboardingStep: 3 }));
    renderOnboarding();
    expect(await screen.findByRole("heading", { name: "Page de recherche" })).toBeInTheDocument();
  });

  it("brings back to « Qui je suis » a member who finished but whose birth date is not confirmed", async () => {
    stubProfileApi(profileFixture({ onboardingStep: 3, birthDate: "2000-01-01", birthDateConfirmed: false }));
    renderOnboarding();
    expect(await stepTitle("Qui je suis")).toBeInTheDocument();
    expect(screen.getByLabelText(/Prénom/)).toHaveValue("Awa");
    expect(screen.getByLabelText(/Date de naissance/)).toHaveValue("");
  });

  it("says when the profile cannot be loaded, and retries", async () => {
    let fail = true;
    stubFetch((call) =>
      call.url === "/api/profile"
        ? fail
          ? { status: 503, body: { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } } }
          : { body: newcomer() }
        : undefined,
    );
    const user = renderOnboarding();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Impossible de charger votre profil")).toBeInTheDocument();
    expect(within(alert).getByText("Service indisponible")).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Réessayer" }));
    expect(await stepTitle("Qui je suis")).toBeInTheDocument();
  });
});
