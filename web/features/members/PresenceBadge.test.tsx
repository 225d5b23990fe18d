import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PresenceBadge } from "./PresenceBadge.tsx";

describe("PresenceBadge", () => {
  it("shows « En ligne » with a dot that assistive technologies skip", () => {
    const { container } = render(<PresenceBadge presence="online" gender="female" />);
    const badge = screen.getByText("En ligne");
    expect(badge).toHaveTextContent(/^En ligne$/);
    expect(container.querySelector("[aria-hidden='true']")).toBeInTheDocument();
  });

  it.each([
    ["today", "male", "Actif aujourd’hui"],
    ["today", "female", "Active aujourd’hui"],
    ["week", "male", "Actif cette semaine"],
    ["week", "female", "Active cette semaine"],
  ] as const)("says « %s » agreed with a %s member, with no dot", (presence, gender, label) => {
    const { container } = render(<PresenceBadge presence={presence} gender={gender} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(container.querySelector("[aria-hidden='true']")).not.toBeInTheDocument();
  });

  it.each([
    ["online", "En ligne"],
    ["today", "En ligne aujourd’hui"],
    ["week", "En ligne cette semaine"],
  ] as const)("words « %s » with no agreement when the gender is unknown", (presence, label) => {
    render(<PresenceBadge presence={presence} gender={null} size="xs" />);
    expect(screen.getByText(label)).toHaveTextContent(new RegExp(`^${label}$`));
  });

  it("shows nothing when the activity is unknown, too old or hidden", () => {
    const { container } = render(<PresenceBadge presence={null} gender="male" />);
    expect(container).toBeEmptyDOMElement();
  });
});
