import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILTERS } from "../search-filters.ts";
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
});
