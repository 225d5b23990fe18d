import { render, screen } from "@testing-library/react";
import { publicProfileFixture } from "@web/test/fixtures.ts";
import { describe, expect, it } from "vitest";
import { ProfileDetails } from "./ProfileDetails.tsx";

describe("ProfileDetails", () => {
  it("says where the member lives, where they come from and whether they would move", () => {
    render(
      <ProfileDetails
        member={publicProfileFixture({
          gender: "female",
          country: "France",
          city: "Lyon",
          originCountry: "Côte d’Ivoire",
          relocate: "yes",
        })}
      />,
    );
    expect(screen.getByText("Lyon, France")).toBeInTheDocument();
    expect(screen.getByText("Origine : Côte d’Ivoire", { exact: false })).toBeInTheDocument();
    expect(screen.getByText("Prête à déménager")).toBeInTheDocument();
  });

  it("shows the country alone, and no origin when it is the country of residence or not given", () => {
    const { rerender } = render(
      <ProfileDetails member={publicProfileFixture({ country: "Mali", city: "", originCountry: "Mali" })} />,
    );
    expect(screen.getByText("Mali")).toBeInTheDocument();
    expect(screen.queryByText(/Origine/)).not.toBeInTheDocument();
    rerender(<ProfileDetails member={publicProfileFixture({ originCountry: "", relocate: "no" })} />);
    expect(screen.queryByText(/Origine/)).not.toBeInTheDocument();
    expect(screen.getByText("Ne souhaite pas déménager")).toBeInTheDocument();
  });

  it("says how recently the member was active, and nothing when that is not shown", () => {
    const { rerender } = render(
      <ProfileDetails member={publicProfileFixture({ gender: "female", presence: "today" })} />,
    );
    expect(screen.getByText("Active aujourd’hui")).toBeInTheDocument();
    rerender(<ProfileDetails member={publicProfileFixture({ presence: "online" })} />);
    expect(screen.getByText("En ligne")).toBeInTheDocument();
    rerender(<ProfileDetails member={publicProfileFixture({ presence: null })} />);
    expect(screen.queryByText(/En ligne|Actif|Active/)).not.toBeInTheDocument();
  });
});
