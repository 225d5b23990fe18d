import type { AdminMessageRow } from "@domain/admin.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { describe, expect, it } from "vitest";
import { listOf, renderRoute } from "../shared/test-helpers.tsx";
import MessagesPage from "./MessagesPage.tsx";

const ref = (userId: string, name: string) => ({ userId, name, email: `${userId}@example.com`, photo: null });
const message: AdminMessageRow = {
  id: "msg-1",
  matchId: "11111111-1111-4111-8111-111111111111",
  sender: ref("u1", "Awa Diop"),
  recipient: ref("u2", "Julien Lefèvre"),
  content: '<img src=x onerror="alert(1)"> Bonjour\nÀ bientôt',
  voiceMs: null,
  createdAt: "2026-11-22T13:05:00.000Z",
  readAt: null,
};

describe("MessagesPage", () => {
  it("shows the content as text (never HTML), filters by conversation, and deletes after confirmation", async () => {
    let deleted = false;
    const { calls } = stubFetch((call) => {
      if (call.method === "DELETE") {
        deleted = true;
        return { status: 204 };
      }
      return { body: listOf(deleted ? [] : [message]) };
    });
    renderRoute(<MessagesPage />, {
      path: "/admin/messages",
      route: `/admin/messages?matchId=${message.matchId}`,
    });
    const table = await screen.findByRole("table", { name: "Messages" });
    expect(calls[0]?.url).toBe(
      `/api/admin/messages?matchId=${message.matchId}&sort=created_at&dir=desc&page=1&size=25`,
    );
    expect(await within(table).findByText(/<img src=x onerror="alert\(1\)"> Bonjour/)).toBeInTheDocument();
    expect(table.querySelector("img[src='x']")).toBeNull();
    expect(screen.getByLabelText("Conversation (identifiant du match)")).toHaveValue(message.matchId);

    await userEvent.click(within(table).getByRole("button", { name: /^Supprimer le message d’Awa Diop/ }));
    const dialog = screen.getByRole("dialog", { name: "Supprimer le message" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Le message d’Awa Diop a été supprimé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE")?.url).toBe("/api/admin/messages/msg-1");
    // The list is read again: the message is gone.
    expect(await screen.findByText("Aucun résultat pour ces critères.")).toBeInTheDocument();
  });
});
