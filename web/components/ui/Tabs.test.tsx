import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs } from "./Tabs.tsx";

const TABS = [
  { value: "profil", label: "Mon profil" },
  { value: "compte", label: "Mon compte" },
  { value: "confidentialite", label: "Vie privée" },
] as const;

type Tab = (typeof TABS)[number]["value"];

function Example() {
  const [tab, setTab] = useState<Tab>("profil");
  return (
    <>
      <button type="button">Avant</button>
      <Tabs label="Rubriques de mon profil" tabs={TABS} value={tab} onChange={setTab}>
        <p>Contenu : {tab}</p>
      </Tabs>
    </>
  );
}

describe("Tabs", () => {
  it("exposes a named tab list whose selected tab labels the panel", () => {
    render(<Example />);
    const list = screen.getByRole("tablist", { name: "Rubriques de mon profil" });
    expect(list).toBeInTheDocument();
    const selected = screen.getByRole("tab", { name: "Mon profil" });
    expect(selected).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Mon compte" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel", { name: "Mon profil" })).toHaveTextContent("Contenu : profil");
  });

  it("is one tab stop; arrows, Home and End move and show the panel at once", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Avant" }));
    await user.tab();
    expect(screen.getByRole("tab", { name: "Mon profil" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Mon compte" })).toHaveAttribute("tabindex", "-1");

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Mon compte" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Contenu : compte");

    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Vie privée" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Mon profil" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Contenu : confidentialite");
    await user.keyboard("{Home}");
    expect(screen.getByRole("tabpanel", { name: "Mon profil" })).toBeInTheDocument();

    // Tab leaves the list for the panel's content rather than walking through every tab.
    await user.tab();
    expect(screen.getByRole("tab", { name: "Mon profil" })).not.toHaveFocus();
  });

  it("selects a tab on click", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Example />);
    await user.click(screen.getByRole("tab", { name: "Vie privée" }));
    expect(screen.getByRole("tab", { name: "Vie privée" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Vie privée" })).toHaveTextContent(
      "Contenu : confidentialite",
    );
  });
});
