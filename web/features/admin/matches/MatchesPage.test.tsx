import type { AdminMatchRow } from "@domain/admin.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute } from "../shared/test-helpers.tsx";
import MatchesPage from "./MatchesPage.tsx";

const ref = (userId: string, name: string) => ({ userId, name, email: `${userId}@example.com`, photo: null });
const match: AdminMatchRow = {
  id: "m1",
  status: "accepted",
  createdAt: "2026-11-10T10:00:00.000Z",
  updatedAt: "2026-11-12T10:00:00.000Z",
  rejectedBy: null,
  user1: ref("u1", "Awa Diop"),
  user2: ref("u2", "Julien Lefèvre"),
  messages: 4,
};

describe("MatchesPage", () => {
  it("filters by member and rejects a match after confirmation", async () => {
    let rejected = false;
    const { calls } = stubFetch((call) => {
      if (call.url.endsWith("/reject")) {
        rejected = true;
        return { body: { ...match, status: "rejected", rejectedBy: "admin" } };
      }
      return { body: listOf([rejected ? { ...match, status: "rejected", rejectedBy: "admin" } : match]) };
    });
    renderRoute(<MatchesPage />, { path: "/admin/matches", route: "/admin/matches" });
    await screen.findByText("u1@example.com");
    const row = screen.getByRole("row", { name: /Awa Diop/ });
    expect(
      within(row).getByRole("link", { name: "4 messages entre Awa Diop et Julien Lefèvre" }),
    ).toHaveAttribute("href", "/admin/messages?matchId=m1");

    await userEvent.type(screen.getByLabelText("Membre"), "u2@example.com");
    await waitFor(() => expect(calls.at(-1)?.url).toContain("member=u2%40example.com"));

    await userEvent.click(within(row).getByRole("button", { name: /^Passer en rejeté/ }));
    const dialog = screen.getByRole("dialog", { name: "Passer le match en rejeté" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Passer en rejeté" }));
    expect(
      await screen.findByText("Le match entre Awa Diop et Julien Lefèvre est rejeté."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/reject"))).toMatchObject({
      url: "/api/admin/matches/m1/reject",
      method: "POST",
    });
    expect(await screen.findByText("par l’équipe")).toBeInTheDocument();
  });
});
