import type { AdminProfileRow } from "@domain/admin.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PROFILE_COLUMNS } from "./columns.tsx";
import ProfileDetailPage from "./ProfileDetailPage.tsx";

const photo = (n: number) => ({
  key: `photos/u1${n}.jpg`,
  url: `/storage/profiles/photos/u1${n}.jpg`,
  thumbUrl: `/storage/profiles/photos/u1${n}-thumb.jpg`,
  renditions: null,
  placeholder: null,
});

const row: AdminProfileRow = {
  userId: "u1",
  email: "awa.diop@example.com",
  firstName: "Awa",
  lastName: "Diop",
  gender: "female",
  birthDate: "1994-05-12",
  birthDateConfirmed: true,
  age: 32,
  lookingFor: "Une relation sérieuse",
  country: "",
  originCountry: "",
  city: "",
  relocate: null,
  phoneNumber: "",
  bio: "Bonjour",
  occupation: "Infirmière",
  education: "",
  languages: ["Français"],
  interests: ["Rencontre"],
  photos: [photo(1), photo(2)],
  accountStatus: "trial",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
};

function renderProfile(
  patch: (body: unknown) => { status?: number; body?: unknown },
  shown: AdminProfileRow = row,
) {
  const api = stubFetch((call) => {
    if (call.method === "PATCH") return patch(call.body);
    if (call.method === "DELETE") return { body: { ...shown, photos: [photo(2)] } };
    if (call.url === "/api/admin/profiles/u1") return { body: shown };
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/profiles/:userId" element={<ProfileDetailPage />} />
    </Routes>,
    { route: "/admin/profiles/u1" },
  );
  return api;
}

describe("ProfileDetailPage", () => {
  it("sends only the changed fields, even when another field is incomplete", async () => {
    const { calls } = renderProfile((body) => ({ body: { ...row, ...(body as object) } }));
    const bio = await screen.findByLabelText("Présentation");
    await userEvent.clear(bio);
    await userEvent.type(bio, "Infirmière à Dakar");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    expect(await screen.findByText("Profil enregistré.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
      url: "/api/admin/profiles/u1",
      body: { bio: "Infirmière à Dakar" },
    });
    expect(Object.keys(calls.find((c) => c.method === "PATCH")?.body as object)).toEqual(["bio"]);
  });

  it("checks a changed field with the profile rules, and shows the server’s field errors on the inputs", async () => {
    const { calls } = renderProfile(() => ({
      status: 400,
      body: {
        error: {
          code: "VALIDATION_ERROR",
          message: "Certaines informations sont invalides",
          fields: { occupation: "Profession refusée par la modération" },
        },
      },
    }));
    const phone = await screen.findByLabelText("Téléphone");
    await userEvent.type(phone, "abc");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    expect(await screen.findByText(/Numéro de téléphone invalide/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await userEvent.clear(phone);
    await userEvent.type(screen.getByLabelText("Profession"), " libérale");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    expect(await screen.findByText("Profession refusée par la modération")).toBeInTheDocument();
    expect(screen.getByLabelText("Profession")).toHaveAttribute("aria-invalid", "true");
  });

  it("edits where the member comes from, her city and « prête à déménager » with the member form’s fields", async () => {
    const { calls } = renderProfile((body) => ({ body: { ...row, ...(body as object) } }));
    const origin = await screen.findByLabelText("Pays d’origine");
    // The member form's country list: grouped by region, francophone countries first.
    expect(within(origin).getByRole("group", { name: "Afrique de l’Ouest" })).toBeInTheDocument();
    await userEvent.selectOptions(origin, "Sénégal");
    await userEvent.type(screen.getByLabelText("Ville"), "Lyon");
    const relocate = screen.getByLabelText("Prête à déménager pour la bonne personne ?");
    await userEvent.selectOptions(relocate, "Peut-être");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    expect(await screen.findByText("Profil enregistré.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      originCountry: "Sénégal",
      city: "Lyon",
      relocate: "maybe",
    });
    // The form now holds the saved profile.
    expect(screen.getByLabelText("Pays d’origine")).toHaveValue("Sénégal");
    expect(screen.getByLabelText("Ville")).toHaveValue("Lyon");
    expect(relocate).toHaveValue("maybe");
  });

  it("shows the stored origin, city and relocation, and clears them (« Ne pas préciser »)", async () => {
    const placed = { ...row, originCountry: "Mali", city: "Bamako", relocate: "no" as const };
    const { calls } = renderProfile((body) => {
      return { body: { ...placed, ...(body as object) } };
    }, placed);
    const origin = await screen.findByLabelText("Pays d’origine");
    const city = screen.getByLabelText("Ville");
    const relocate = screen.getByLabelText("Prête à déménager pour la bonne personne ?");
    expect(origin).toHaveValue("Mali");
    expect(city).toHaveValue("Bamako");
    expect(relocate).toHaveValue("no");

    await userEvent.selectOptions(origin, "Ne pas préciser");
    await userEvent.clear(city);
    await userEvent.selectOptions(relocate, "Ne pas préciser");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    expect(await screen.findByText("Profil enregistré.")).toBeInTheDocument();
    // The profile rules turn « Ne pas préciser » into null before sending, as the server stores it.
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      originCountry: "",
      city: "",
      relocate: null,
    });
    expect(origin).toHaveValue("");
    expect(city).toHaveValue("");
    expect(relocate).toHaveValue("");
  });

  it("removes a photo after confirmation", async () => {
    const { calls } = renderProfile(() => ({}));
    const gallery = await screen.findByRole("list", { name: "Photos d’Awa Diop" });
    expect(within(gallery).getAllByRole("img")).toHaveLength(2);
    await userEvent.click(within(gallery).getByRole("button", { name: "Retirer la photo 1" }));
    const dialog = screen.getByRole("dialog", { name: "Retirer la photo" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Retirer la photo" }));
    expect(await screen.findByText("La photo 1 d’Awa Diop a été retirée.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE")?.url).toBe(
      `/api/admin/profiles/u1/photos?path=${encodeURIComponent("photos/u11.jpg")}`,
    );
    await waitFor(() => expect(within(gallery).getAllByRole("img")).toHaveLength(1));
  });

  it("shows an unconfirmed birth date empty, says so, and sends a date the administrator enters", async () => {
    const unconfirmed = { ...row, birthDate: "2000-01-01", birthDateConfirmed: false, age: null };
    const { calls } = renderProfile((body) => {
      const changes = body as Partial<AdminProfileRow>;
      const confirmed = changes.birthDate !== undefined;
      return {
        body: { ...unconfirmed, ...changes, birthDateConfirmed: confirmed, age: confirmed ? 40 : null },
      };
    }, unconfirmed);
    const birthDate = await screen.findByLabelText("Date de naissance");
    expect(birthDate).toHaveValue("");
    expect(birthDate).toHaveAccessibleDescription(/Non confirmée\s: le membre ne l’a pas encore indiquée/);

    // Saving another field leaves the birth date out.
    await userEvent.type(screen.getByLabelText("Profession"), " libérale");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    expect(await screen.findByText("Profil enregistré.")).toBeInTheDocument();
    const patches = () => calls.filter((c) => c.method === "PATCH").map((c) => c.body);
    expect(patches()).toEqual([{ occupation: "Infirmière libérale" }]);

    fireEvent.change(screen.getByLabelText("Date de naissance"), { target: { value: "1986-03-02" } });
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ birthDate: "1986-03-02" });
  });
});

describe("profile list columns", () => {
  it("shows « Naissance non confirmée » instead of the default date and an age", () => {
    const birth = PROFILE_COLUMNS.find((c) => c.id === "birth");
    const unconfirmed = { ...row, birthDate: "2000-01-01", birthDateConfirmed: false, age: null };
    const { container: hidden } = render(<div>{birth?.cell(unconfirmed)}</div>);
    expect(hidden).toHaveTextContent(/^Femme\s*Naissance non confirmée$/);
    const { container: shown } = render(<div>{birth?.cell(row)}</div>);
    expect(shown).toHaveTextContent(/^Femme\s*12 mai 1994\s*32 ans$/);
  });
});
