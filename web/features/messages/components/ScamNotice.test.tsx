import type { ConversationDto, MessageDto } from "@domain/messaging.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { ConversationView } from "./ConversationView.tsx";

const ME = "u-me";
const conversation: ConversationDto = {
  matchId: "m1",
  member: {
    userId: "u-him",
    firstName: "Kofi",
    lastInitial: "A.",
    photo: null,
    profileVerified: false,
    presence: null,
    gender: null,
  },
  lastMessage: null,
  unread: 0,
  isNew: false,
  likedBy: "both",
  request: false,
  requestSent: false,
  lastActivityAt: "2026-11-22T10:00:00.000Z",
  cardSharedAt: null,
};
const message = (id: string, content: string, minutes: number, senderId = "u-him"): MessageDto => ({
  id,
  matchId: "m1",
  senderId,
  content,
  createdAt: new Date(Date.UTC(2026, 10, 22, 10, minutes)).toISOString(),
  readAt: null,
  held: false,
  masked: false,
  voice: null,
  call: null,
});

function renderConversation(history: MessageDto[]) {
  const api = stubFetch((call) => {
    if (call.url.endsWith("/read")) return { body: { readAt: null } };
    if (call.url === "/api/reports") return { status: 201, body: { id: "r1" } };
    if (call.url.startsWith("/api/matches/m1/messages")) return { body: { data: history, nextCursor: null } };
    return undefined;
  });
  renderWithProviders(<ConversationView matchId="m1" conversation={conversation} gone={false} me={ME} />);
  return api;
}

describe("scam warning under received messages", () => {
  it("warns about a request for money, not about a greeting, and reports the message in one click", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderConversation([
      message("scam", "envoie-moi 200 € par Western Union", 2),
      message("hello", "bonjour", 1),
      message("mine", "Je vous envoie 200 € par Western Union ? Non.", 3, ME),
    ]);
    const list = await screen.findByRole("list", { name: "Messages" });
    const notes = within(list).getAllByRole("note");
    // Only the received request for money: not the greeting, not the member's own message.
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(note.closest("li")).toHaveTextContent("envoie-moi 200 € par Western Union");
    expect(note).toHaveTextContent("Ne transférez jamais d’argent");
    expect(note).toHaveTextContent("moyen de paiement");
    expect(within(list).getByText("bonjour").closest("li")).not.toContainElement(note);

    // The greeting can still be reported, from its own discreet action.
    expect(within(list).getAllByRole("button", { name: /^Signaler le message reçu à/ })).toHaveLength(1);

    await user.click(within(note).getByRole("button", { name: "Signaler ce message" }));
    const dialog = screen.getByRole("dialog", { name: "Signaler ce message" });
    expect(within(dialog).getByRole("radio", { name: "Arnaque ou demande d’argent" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Envoyer le signalement" }));
    expect(await within(dialog).findByText("Merci, votre signalement a bien été envoyé")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/reports")?.body).toEqual({
      userId: "u-him",
      messageId: "scam",
      reason: "scam",
      details: "",
      block: false,
    });
  });

  it("offers « Signaler » and « Bloquer » in the conversation header", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderConversation([message("hello", "bonjour", 1)]);
    await screen.findByText("bonjour");
    const more = screen.getByRole("button", { name: "Plus d’actions pour Kofi A." });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await user.click(more);
    expect(more).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(screen.getByRole("button", { name: "Bloquer Kofi A." }));
    const dialog = screen.getByRole("dialog", { name: "Bloquer Kofi A. ?" });
    expect(dialog).toHaveTextContent(
      "Vous ne vous verrez plus : votre match et votre conversation seront fermés. Vous pourrez lever ce blocage depuis votre profil, rubrique « Vie privée ».",
    );
    await user.click(within(dialog).getByRole("button", { name: "Bloquer" }));
    expect(await screen.findByText(/Vous avez bloqué Kofi A\./)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Cette conversation est fermée" })).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/blocks")).toMatchObject({
      method: "POST",
      body: { userId: "u-him" },
    });
  });
});
