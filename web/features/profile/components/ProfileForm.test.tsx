import { minusYears, todayIso } from "@domain/age.ts";
import { frenchTypography } from "@domain/typography.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { ProfileForm } from "./ProfileForm.tsx";

function setup() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ProfileForm profile={profileFixture()} />);
  return { user, save: () => user.click(screen.getByRole("button", { name: "Enregistrer le profil" })) };
}

describe("ProfileForm", () => {
  it("refuses a birth date under 18 with the schema’s French message", async () => {
    const { fetchMock } = stubFetch(() => undefined);
    const { save } = setup();
    const birthDate = screen.getByLabelText(/Date de naissance/);
    expect(birthDate).toHaveAttribute("max", minusYears(todayIso(), 18));

    fireEvent.change(birthDate, { target: { value: minusYears(todayIso(), 17) } });
    await save();

    expect(await screen.findByText("Vous devez avoir entre 18 et 99 ans")).toBeInTheDocument();
    expect(birthDate).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts the characters of the presentation", async () => {
    const { user } = setup();
    expect(screen.getByText("0/1000")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Présentation"), "Bonjour à tous");
    expect(screen.getByText("14/1000")).toBeInTheDocument();
  });

  it("adds and removes languages and interests with the tag input", async () => {
    const { user } = setup();
    const languages = screen.getByLabelText("Langues");

    await user.type(languages, "Créole{Enter}");
    const selected = screen.getByRole("list", { name: frenchTypography("Sélection : Langues") });
    expect(within(selected).getByText("Créole")).toBeInTheDocument();
    expect(languages).toHaveValue("");

    // Duplicates (any case) are refused.
    await user.type(languages, "créole{Enter}");
    expect(within(selected).getAllByText(/créole/i)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Retirer Créole" }));
    expect(within(selected).queryByText("Créole")).not.toBeInTheDocument();

    // Suggested chips toggle.
    const english = screen.getByRole("button", { name: "Anglais", pressed: false });
    await user.click(english);
    expect(english).toHaveAttribute("aria-pressed", "true");
    expect(within(selected).getByText("Anglais")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Retirer Rencontre" }));
    await user.type(screen.getByLabelText("Centres d’intérêt"), "Jardinage");
    await user.click(
      screen.getByRole("button", { name: "Ajouter à la liste «\u00a0Centres d’intérêt\u00a0»" }),
    );
    const interests = screen.getByRole("list", { name: frenchTypography("Sélection : Centres d’intérêt") });
    expect(within(interests).getByText("Jardinage")).toBeInTheDocument();
    expect(within(interests).queryByText("Rencontre")).not.toBeInTheDocument();
  });

  it("sends every field and maps the server’s field errors onto the fields", async () => {
    const { calls } = stubFetch((call) =>
      call.url === "/api/profile" && call.method === "PUT"
        ? {
            status: 400,
            body: {
              error: {
                code: "VALIDATION_ERROR",
                message: "Certaines informations sont invalides",
                fields: {
                  firstName: "Ce prénom n’est pas accepté",
                  "interests.0": "Centre d’intérêt refusé",
                },
              },
            },
          }
        : undefined,
    );
    const { save } = setup();
    await save();

    expect(await screen.findByText("Ce prénom n’est pas accepté")).toBeInTheDocument();
    expect(screen.getByLabelText(/Prénom/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Prénom/)).toHaveAccessibleDescription("Ce prénom n’est pas accepté");
    expect(screen.getByText("Centre d’intérêt refusé")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Certaines informations sont invalides");

    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({
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
    });
  });

  it("asks where the member lives and comes from, grouped by region, and sends it", async () => {
    const { calls } = stubFetch((call) =>
      call.url === "/api/profile" && call.method === "PUT"
        ? { status: 200, body: profileFixture() }
        : undefined,
    );
    const { user, save } = setup();
    const group = screen.getByRole("group", { name: "Où vous vivez, d’où vous venez" });
    const residence = within(group).getByLabelText(/Pays de résidence/);
    const regions = within(residence)
      .getAllByRole("group")
      .map((g) => g.getAttribute("label"));
    expect(regions.slice(0, 3)).toEqual(["Afrique de l’Ouest", "Afrique centrale", "Maghreb"]);
    await user.selectOptions(residence, "France");
    await user.clear(within(group).getByLabelText(/Ville/));
    await user.type(within(group).getByLabelText(/Ville/), "Marseille");
    await user.selectOptions(within(group).getByLabelText(/Pays d’origine/), "Sénégal");
    // Awa is a woman: the question agrees.
    await user.selectOptions(
      within(group).getByLabelText("Prête à déménager pour la bonne personne ?", { exact: false }),
      "Oui",
    );
    await save();
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")).toBeDefined());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      country: "France",
      city: "Marseille",
      originCountry: "Sénégal",
      relocate: "yes",
    });
  });

  it("confirms a successful save with « Profil enregistré »", async () => {
    stubFetch((call) =>
      call.method === "PUT" ? { body: profileFixture({ firstName: "Aïssatou" }) } : undefined,
    );
    const { user, save } = setup();
    const firstName = screen.getByLabelText(/Prénom/);
    await user.clear(firstName);
    await user.type(firstName, "Aïssatou");
    await save();
    expect(await screen.findByText("Profil enregistré")).toBeInTheDocument();
    await waitFor(() => expect(firstName).toHaveValue("Aïssatou"));
  });

  it("requires a gender and a country", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProfileForm profile={profileFixture({ gender: null, country: "" })} />);
    await user.click(screen.getByRole("button", { name: "Enregistrer le profil" }));
    expect(await screen.findByText("Veuillez choisir Homme ou Femme")).toBeInTheDocument();
    expect(screen.getByText("Veuillez choisir un pays dans la liste")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Femme" }));
    await waitFor(() =>
      expect(screen.queryByText("Veuillez choisir Homme ou Femme")).not.toBeInTheDocument(),
    );
  });

  it("never prefills the default birth date of an unconfirmed profile, and asks for one", async () => {
    const { fetchMock } = stubFetch(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <ProfileForm profile={profileFixture({ birthDate: "2000-01-01", birthDateConfirmed: false })} />,
    );
    const birthDate = screen.getByLabelText(/Date de naissance/);
    expect(birthDate).toHaveValue("");
    expect(birthDate).toHaveAccessibleDescription(
      /Pas encore indiquée\s: tant qu’elle manque, les autres membres ne vous voient pas/,
    );

    await user.click(screen.getByRole("button", { name: "Enregistrer le profil" }));
    expect(await screen.findByText("Veuillez indiquer votre date de naissance")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
