import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { RadioCards } from "./RadioCards.tsx";

const OPTIONS = [
  { value: "card", label: "Carte bancaire", description: "Paiement sécurisé en ligne" },
  { value: "mobile-money", label: "Mobile money", description: "Orange Money, Wave" },
] as const;

type Method = (typeof OPTIONS)[number]["value"];

function Example({ error }: { error?: string }) {
  const [value, setValue] = useState<Method | null>(null);
  return (
    <>
      <button type="button">Avant</button>
      <RadioCards
        name="methode"
        legend="Moyen de paiement"
        options={OPTIONS}
        value={value}
        onChange={setValue}
        hint="Choisissez un moyen de paiement"
        error={error}
      />
      <p>Choix : {value ?? "aucun"}</p>
    </>
  );
}

describe("RadioCards", () => {
  it("is a named group of radios described by their line, the hint and the error", () => {
    render(<Example error="Veuillez choisir" />);
    const group = screen.getByRole("group", { name: "Moyen de paiement" });
    expect(group).toHaveAccessibleDescription(/Veuillez choisir.*Choisissez un moyen de paiement/);
    const card = screen.getByRole("radio", { name: "Carte bancaire" });
    expect(card).not.toBeChecked();
    expect(card).toHaveAccessibleDescription("Paiement sécurisé en ligne Veuillez choisir");
    expect(card).toHaveAttribute("aria-invalid", "true");
  });

  it("selects by click on the card and moves with the arrow keys", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Example />);
    await user.click(screen.getByText("Orange Money, Wave"));
    expect(screen.getByRole("radio", { name: "Mobile money" })).toBeChecked();
    expect(screen.getByText("Choix : mobile-money")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Avant" }));
    await user.tab();
    expect(screen.getByRole("radio", { name: "Mobile money" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "Carte bancaire" })).toBeChecked();
    expect(screen.getByText("Choix : card")).toBeInTheDocument();
  });
});
