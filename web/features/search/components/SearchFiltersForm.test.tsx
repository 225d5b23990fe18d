import { COUNTRIES } from "@domain/countries.ts";
import { PLACES_MAX } from "@domain/discovery.ts";
import { frenchTypography } from "@domain/typography.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { quoted } from "@web/lib/format.ts";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILTERS, type SearchFilters } from "../search-filters.ts";
import { SearchFiltersForm } from "./SearchFiltersForm.tsx";

/** A window as wide as `wide` says, for matchMedia's min-width query. */
function screenWidth(wide: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

function renderForm(value: SearchFilters = DEFAULT_FILTERS, { presenceHidden = false } = {}) {
  screenWidth(true);
  const onApply = vi.fn<(f: SearchFilters) => void>();
  // In a router: the hint of a member who hides her activity links to the setting.
  render(
    <MemoryRouter>
      <SearchFiltersForm value={value} onApply={onApply} presenceHidden={presenceHidden} />
    </MemoryRouter>,
  );
  return { onApply, applied: () => onApply.mock.lastCall?.[0] };
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => o.textContent);

describe("SearchFiltersForm", () => {
  it("on a phone, builds its fields only once « Modifier » opens them", async () => {
    screenWidth(false);
    render(<SearchFiltersForm value={DEFAULT_FILTERS} onApply={() => {}} />);
    const toggle = screen.getByRole("button", { name: "Modifier" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("De", { selector: "select" })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Masquer" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("De", { selector: "select" })).toBeVisible();
  });

  it("on a wide screen, shows them at once", () => {
    screenWidth(true);
    render(<SearchFiltersForm value={DEFAULT_FILTERS} onApply={() => {}} />);
    expect(screen.getByLabelText("De", { selector: "select" })).toBeInTheDocument();
  });

  it("offers the continents, then each region as a whole and its countries", () => {
    renderForm();
    const select = screen.getByRole("combobox", { name: "Vit en" });
    const groups = within(select).getAllByRole("group");
    expect(groups[0]).toHaveAttribute("label", "Continents");
    expect(optionLabels(groups[0]!)).toEqual([
      "Toute l’Afrique",
      "Toute l’Europe",
      "Toutes les Amériques",
      "Toute l’Asie",
      "Toute l’Océanie",
    ]);
    expect(groups[1]).toHaveAttribute("label", "Afrique de l’Ouest");
    expect(optionLabels(groups[1]!).slice(0, 3)).toEqual([
      "Toute l’Afrique de l’Ouest",
      "Bénin",
      "Burkina Faso",
    ]);
    const caribbean = groups.find((g) => g.getAttribute("label") === "Caraïbes et Amérique latine")!;
    expect(optionLabels(caribbean)[0]).toBe("Toutes les Caraïbes et l’Amérique latine");
    // « oceanie » is both the continent and its only region: the region offers its countries only.
    const oceania = groups.find((g) => g.getAttribute("label") === "Océanie")!;
    expect(optionLabels(oceania)[0]).not.toMatch(/Toute|toute la région/);
  });

  it("adds places with the mouse, shows them as chips, and no longer offers them", async () => {
    const user = userEvent.setup({ delay: null });
    const { applied } = renderForm();
    const select = screen.getByRole("combobox", { name: "Vit en" });
    const add = screen.getByRole("button", { name: `Ajouter à ${quoted("Vit en")}` });
    expect(add).toBeDisabled();

    await user.selectOptions(select, "SN");
    await user.click(add);
    await user.selectOptions(select, "europe-ouest");
    await user.click(add);

    const chosen = screen.getByRole("list", { name: frenchTypography("Vit en : lieux choisis") });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Sénégal", "Europe de l’Ouest"]);
    expect(select).toHaveValue("");
    expect(within(select).queryByRole("option", { name: "Sénégal" })).not.toBeInTheDocument();
    expect(
      within(select).queryByRole("option", { name: "Toute l’Europe de l’Ouest" }),
    ).not.toBeInTheDocument();
    expect(screen.getByText("Ajouté : Europe de l’Ouest.")).toBeInTheDocument();

    await user.click(within(chosen).getByRole("button", { name: "Retirer Sénégal" }));
    expect(within(chosen).queryByText("Sénégal")).not.toBeInTheDocument();
    expect(within(select).getByRole("option", { name: "Sénégal" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(applied()).toEqual({ ...DEFAULT_FILTERS, livesIn: ["europe-ouest"] });
  });

  it("adds and removes places with the keyboard alone", async () => {
    const user = userEvent.setup({ delay: null });
    const { applied } = renderForm();
    const select = screen.getByRole("combobox", { name: "Originaire de" });
    select.focus();
    // Entrée on the select adds the place chosen, and focus stays there for the next one.
    await user.selectOptions(select, "CI");
    await user.keyboard("{Enter}");
    expect(select).toHaveFocus();
    await user.selectOptions(select, "maghreb");
    await user.tab();
    expect(screen.getByRole("button", { name: `Ajouter à ${quoted("Originaire de")}` })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(select).toHaveFocus();

    const chosen = screen.getByRole("list", { name: frenchTypography("Originaire de : lieux choisis") });
    const removeIvoryCoast = within(chosen).getByRole("button", { name: "Retirer Côte d’Ivoire" });
    removeIvoryCoast.focus();
    await user.keyboard(" ");
    // Focus moves to the chip now in its place, then to the select once none is left.
    const removeMaghreb = within(chosen).getByRole("button", { name: "Retirer Maghreb" });
    expect(removeMaghreb).toHaveFocus();
    expect(screen.getByText("Retiré : Côte d’Ivoire.")).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(
      screen.queryByRole("list", { name: frenchTypography("Originaire de : lieux choisis") }),
    ).not.toBeInTheDocument();
    expect(select).toHaveFocus();

    await user.selectOptions(select, "afrique");
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(applied()?.from).toEqual(["afrique"]);
  });

  it("says when no more places can be added", () => {
    const full = COUNTRIES.slice(0, PLACES_MAX).map((c) => c.code);
    renderForm({ ...DEFAULT_FILTERS, livesIn: full });
    expect(screen.getByRole("combobox", { name: "Vit en" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Vit en" })).toHaveAccessibleDescription(
      /^20 lieux au maximum\s: retirez-en un pour en choisir un autre\.$/,
    );
    expect(screen.getByRole("combobox", { name: "Originaire de" })).toBeEnabled();
  });

  it("filters on languages, intentions, photo and interests", async () => {
    const user = userEvent.setup({ delay: null });
    const { applied } = renderForm();
    const languages = screen.getByRole("group", { name: "Langues parlées" });
    expect(languages).toHaveAccessibleDescription("Au moins une en commun avec les profils affichés.");
    await user.click(within(languages).getByRole("button", { name: "Wolof" }));
    await user.click(within(languages).getByRole("button", { name: "Français" }));
    expect(within(languages).getByRole("button", { name: "Wolof" })).toHaveAttribute("aria-pressed", "true");

    const intentions = screen.getByRole("group", { name: "Recherche" });
    await user.click(within(intentions).getByRole("checkbox", { name: "Une amitié" }));
    await user.click(within(intentions).getByRole("checkbox", { name: "Le mariage" }));
    await user.click(screen.getByRole("checkbox", { name: "Avec photo" }));
    await user.click(
      within(screen.getByRole("group", { name: "Centres d’intérêt" })).getByRole("button", {
        name: "Cuisine",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(applied()).toEqual({
      ...DEFAULT_FILTERS,
      withPhoto: true,
      languages: ["Wolof", "Français"],
      lookingFor: ["Le mariage", "Une amitié"],
      interests: ["Cuisine"],
    });
  });

  it("lets a language from the address that is not a suggestion be unselected", async () => {
    const user = userEvent.setup({ delay: null });
    const { applied } = renderForm({ ...DEFAULT_FILTERS, languages: ["Créole"] });
    const languages = screen.getByRole("group", { name: "Langues parlées" });
    await user.click(within(languages).getByRole("button", { name: "Créole" }));
    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(applied()?.languages).toEqual([]);
  });

  it("counts the new filters in the phone’s « Modifier » button", () => {
    screenWidth(false);
    render(
      <SearchFiltersForm
        value={{
          ...DEFAULT_FILTERS,
          livesIn: ["SN"],
          from: ["CI"],
          languages: ["Wolof"],
          lookingFor: ["Le mariage"],
        }}
        onApply={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: "Modifier (4 filtres actifs)" })).toBeInTheDocument();
  });

  it("« Réinitialiser » applies the defaults", async () => {
    const user = userEvent.setup({ delay: null });
    const { applied } = renderForm({ ...DEFAULT_FILTERS, livesIn: ["SN"], lookingFor: ["Le mariage"] });
    await user.click(screen.getByRole("button", { name: "Réinitialiser" }));
    expect(applied()).toEqual(DEFAULT_FILTERS);
    expect(
      screen.queryByRole("list", { name: frenchTypography("Vit en : lieux choisis") }),
    ).not.toBeInTheDocument();
  });

  it("orders the results and keeps to members active lately", async () => {
    const user = userEvent.setup({ delay: null });
    const { applied } = renderForm();
    const sort = screen.getByRole("combobox", { name: "Trier par" });
    expect(optionLabels(sort)).toEqual(["Profils avec photo d’abord", "Activité récente", "Compatibilité"]);
    expect(sort).toHaveValue("default");
    // What the order does, under it (issue 34: the label is short enough for a phone).
    expect(sort).toHaveAccessibleDescription(/^Les abonnés avec photo, puis les autres profils avec photo/);
    const active = screen.getByRole("checkbox", { name: "En ligne récemment" });
    expect(active).toHaveAccessibleDescription("Membres actifs ces 7 derniers jours.");
    await user.selectOptions(sort, "activity");
    await user.click(active);
    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(applied()).toEqual({ ...DEFAULT_FILTERS, active: true, sort: "activity" });
  });

  it("offers neither to a member who hides her activity, and says where to change that", async () => {
    const user = userEvent.setup({ delay: null });
    // An old address may still hold them: they are shown off, and left out when applying.
    const { applied } = renderForm(
      { ...DEFAULT_FILTERS, withPhoto: true, active: true, sort: "activity" },
      { presenceHidden: true },
    );
    const active = screen.getByRole("checkbox", { name: "En ligne récemment" });
    expect(active).toBeDisabled();
    expect(active).not.toBeChecked();
    expect(active).toHaveAccessibleDescription(
      /^Indisponible\s: vous masquez votre activité\. Modifier ce réglage$/,
    );

    const sort = screen.getByRole("combobox", { name: "Trier par" });
    expect(sort).toHaveValue("default");
    expect(within(sort).getByRole("option", { name: "Activité récente" })).toBeDisabled();
    expect(within(sort).getByRole("option", { name: "Compatibilité" })).toBeEnabled();
    expect(sort).toHaveAccessibleDescription(/«\s?Activité récente\s?» n’est pas disponible/);
    for (const link of screen.getAllByRole("link", { name: "Modifier ce réglage" }))
      expect(link).toHaveAttribute("href", "/profile?rubrique=vie-privee");

    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(applied()).toEqual({ ...DEFAULT_FILTERS, withPhoto: true });
  });
});
