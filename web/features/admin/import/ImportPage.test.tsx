import type { ImportPreviewDto } from "@domain/admin.ts";
import { IMPORT_MAX_BYTES } from "@domain/admin.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import ImportPage from "./ImportPage.tsx";

const JSON_TEXT = JSON.stringify({ members: [{ email: "a@example.com" }, { email: "b@example.com" }, {}] });

const preview: ImportPreviewDto = {
  rows: [
    {
      index: 1,
      email: "aminata.traore@example.com",
      firstName: "Aminata",
      ok: true,
      errors: {},
      exists: false,
    },
    {
      index: 2,
      email: "julien.lefevre@example.com",
      firstName: "Julien",
      ok: true,
      errors: {},
      exists: true,
    },
    {
      index: 3,
      email: "fatou@",
      firstName: "Fatou",
      ok: false,
      errors: {
        email: "Adresse e-mail invalide",
        birthDate: "Date de naissance invalide",
        _: "Ligne en double",
      },
      exists: false,
    },
  ],
  valid: 2,
  invalid: 1,
};

async function paste(text: string) {
  await userEvent.click(screen.getByLabelText("Contenu JSON"));
  await userEvent.paste(text);
}

describe("ImportPage", () => {
  it("explains the format and links to the example file", () => {
    stubFetch(() => undefined);
    renderWithProviders(<ImportPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Ajout de données JSON" })).toBeInTheDocument();
    for (const field of ["originCountry", "city", "relocate"])
      expect(screen.getByText(field, { selector: "dt code" })).toBeInTheDocument();
    expect(
      screen.getByText(/^Prêt\(e\) à déménager : « yes » \(Oui\), « maybe » \(Peut-être\), « no » \(Non\)/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Exemple de fichier JSON")).toHaveTextContent('"relocate": "maybe"');
    expect(screen.getByRole("link", { name: /Télécharger un fichier d’exemple/ })).toHaveAttribute(
      "href",
      "/admin/exemple-import.json",
    );
  });

  it("checks the JSON, shows each row with ✓ or its errors, then imports the valid rows", async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === "/api/admin/import/preview") return { body: preview };
      if (call.url === "/api/admin/import") return { body: { created: 1, updated: 1, skipped: 1 } };
      return undefined;
    });
    renderWithProviders(<ImportPage />);
    await paste(JSON_TEXT);
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));

    const table = await screen.findByRole("table", { name: "Vérification ligne par ligne" });
    expect(calls[0]).toMatchObject({
      url: "/api/admin/import/preview",
      method: "POST",
      body: { json: JSON_TEXT },
    });
    expect(screen.getByText("3 lignes : 2 valides, 1 à corriger.")).toBeInTheDocument();

    const [, first, second, third] = within(table).getAllByRole("row");
    expect(first).toHaveTextContent("Création");
    expect(first).toHaveTextContent("Valide");
    expect(second).toHaveTextContent("Mise à jour");
    expect(third).toHaveTextContent("Ignorée");
    expect(within(third as HTMLElement).getByText("Date de naissance :").parentElement).toHaveTextContent(
      "Date de naissance : Date de naissance invalide",
    );
    expect(third).toHaveTextContent("E-mail : Adresse e-mail invalide");
    expect(third).toHaveTextContent("Ligne en double");

    await userEvent.click(screen.getByRole("button", { name: "Importer 2 profils valides" }));
    expect(
      await screen.findByText(
        "Import terminé : 1 créé, 1 mis à jour, 1 ignoré. Le nouveau membre reçoit un e-mail pour choisir son mot de passe.",
      ),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      url: "/api/admin/import",
      method: "POST",
      body: { json: JSON_TEXT },
    });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("cannot import when no row is valid, and drops a preview once the text changes", async () => {
    stubFetch(() => ({ body: { rows: [{ ...preview.rows[2] }], valid: 0, invalid: 1 } }));
    renderWithProviders(<ImportPage />);
    await paste("[{}]");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByRole("button", { name: "Aucun profil valide à importer" })).toBeDisabled();
    await paste(" ");
    expect(screen.queryByRole("button", { name: /importer/i })).not.toBeInTheDocument();
  });

  it("shows the server’s French message for invalid JSON", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        error: { code: "INVALID_JSON", message: "Le fichier n’est pas un JSON valide (ligne 1, colonne 2)" },
      },
    }));
    renderWithProviders(<ImportPage />);
    await paste("{pas du json");
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Le fichier n’est pas un JSON valide (ligne 1, colonne 2)",
    );
  });

  it("asks for content, and refuses a file over the size limit without reading it", async () => {
    const { calls } = stubFetch(() => undefined);
    renderWithProviders(<ImportPage />);
    await userEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(screen.getByLabelText("Contenu JSON")).toHaveAccessibleDescription(
      /Collez le contenu JSON ou choisissez un fichier\./,
    );

    const big = new File(["x"], "membres.json", { type: "application/json" });
    Object.defineProperty(big, "size", { value: IMPORT_MAX_BYTES + 1 });
    await userEvent.upload(screen.getByLabelText("Choisir un fichier .json"), big);
    expect(screen.getByText("Le fichier dépasse la taille maximale de 2 Mo.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("reads a chosen .json file into the text area", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<ImportPage />);
    const file = new File([JSON_TEXT], "membres.json", { type: "application/json" });
    await userEvent.upload(screen.getByLabelText("Choisir un fichier .json"), file);
    await waitFor(() => expect(screen.getByLabelText("Contenu JSON")).toHaveValue(JSON_TEXT));
    expect(screen.getByText(/Fichier « membres\.json » chargé/)).toBeInTheDocument();
  });
});
