import type { BlockedMemberDto } from "@domain/safety.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatDate } from "@web/lib/format.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { BlockedMembersSection } from "./BlockedMembersSection.tsx";

const blocked = (over: Partial<BlockedMemberDto>): BlockedMemberDto => ({
  userId: "u-kofi",
  firstName: "Kofi",
  lastInitial: "A.",
  photo: null,
  blockedAt: "2026-11-20T09:30:00.000Z",
  ...over,
});

describe("BlockedMembersSection", () => {
  it("lists the blocked members and unblocks one", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubFetch((call) => {
      if (call.url === "/api/blocks")
        return {
          body: { data: [blocked({}), blocked({ userId: "u-ines", firstName: "Inès", lastInitial: "" })] },
        };
      if (call.url.startsWith("/api/blocks/") && call.method === "DELETE") return { status: 204 };
      return undefined;
    });
    renderWithProviders(<BlockedMembersSection />);
    const list = await screen.findByRole("list", { name: "Membres bloqués" });
    const kofi = within(list).getByText("Kofi A.", { selector: "p" }).closest("li")!;
    expect(kofi).toHaveTextContent(`Bloqué(e) le ${formatDate("2026-11-20T09:30:00.000Z")}`);
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    await user.click(within(kofi).getByRole("button", { name: "Débloquer Kofi A." }));
    expect(await screen.findByText(/Kofi A\. est débloqué\(e\)\./)).toBeInTheDocument();
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).queryByText("Kofi A.", { selector: "p" })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE")).toMatchObject({ url: "/api/blocks/u-kofi" });
  });

  it("says when nobody is blocked", async () => {
    stubFetch((call) => (call.url === "/api/blocks" ? { body: { data: [] } } : undefined));
    renderWithProviders(<BlockedMembersSection />);
    expect(await screen.findByText(/Vous n’avez bloqué personne\./)).toBeInTheDocument();
  });
});
