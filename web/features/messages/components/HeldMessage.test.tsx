import type { ConversationDto, MessageDto } from "@domain/messaging.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { beforeEach, describe, expect, it } from "vitest";
import { ConversationView } from "./ConversationView.tsx";

const ME = "u-me";
const conversation: ConversationDto = {
  matchId: "m1",
  member: {
    userId: "u-him",
    firstName: "Steeve",
    lastInitial: "",
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
const base = { matchId: "m1", readAt: null, held: false, masked: false, voice: null, call: null };
const HELD: MessageDto = {
  ...base,
  id: "held",
  senderId: "u-him",
  content: "",
  held: true,
  createdAt: "2026-11-22T10:02:00.000Z",
};
const TEXT = "Envoie-moi 300 € par Western Union pour mon billet d’avion";

function renderConversation(history: MessageDto[]) {
  return stubFetch((call) => {
    if (call.url.endsWith("/read")) return { body: { readAt: null } };
    if (call.url.endsWith("/held/reveal")) return { body: { ...HELD, held: false, content: TEXT } };
    if (call.url.startsWith("/api/matches/m1/messages")) return { body: { data: history, nextCursor: null } };
    return undefined;
  });
}

describe("a message the shield held (Bouclier)", () => {
  beforeEach(() => localStorage.clear());

  it("shows the warning in its place, and its text only when she chooses to read it", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderConversation([HELD]);
    renderWithProviders(<ConversationView matchId="m1" conversation={conversation} gone={false} me={ME} />);
    const card = await screen.findByRole("region", { name: /^Message retenu par Passerelle/ });
    expect(card.textContent?.replace(/\s+/g, " ")).toContain(SHIELD_MSG.HELD_WARNING.replace(/\s+/g, " "));
    expect(within(card).getByRole("button", { name: "Signaler" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Bloquer" })).toBeInTheDocument();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    // The first money talk of the conversation: the reminder at the top, once.
    expect(screen.getByRole("note", { name: "Rappel de sécurité" })).toHaveTextContent(
      SHIELD_MSG.MONEY_REMINDER,
    );

    await user.click(within(card).getByRole("button", { name: "Lire quand même" }));
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/matches/m1/messages/held/reveal" && c.method === "POST")).toBe(
      true,
    );
    expect(screen.queryByRole("region", { name: /^Message retenu/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "J’ai compris" }));
    expect(screen.queryByRole("note", { name: "Rappel de sécurité" })).not.toBeInTheDocument();
  });

  it("explains a masked number, to her and to him", async () => {
    renderConversation([
      {
        ...base,
        id: "a",
        senderId: "u-him",
        content: "Mon WhatsApp : [masqué]",
        masked: true,
        createdAt: "2026-11-22T10:01:00.000Z",
      },
      {
        ...base,
        id: "b",
        senderId: ME,
        content: "Le mien : 06 12 34 56 78",
        masked: true,
        createdAt: "2026-11-22T10:03:00.000Z",
      },
    ]);
    renderWithProviders(<ConversationView matchId="m1" conversation={conversation} gone={false} me={ME} />);
    // Testing Library folds the copy's no-break spaces into spaces: compared the same way.
    const folded = (text: string) => text.replace(/\s+/g, " ");
    const list = await screen.findByRole("list", { name: "Messages" });
    expect(folded(list.textContent ?? "")).toContain(folded(SHIELD_MSG.MASKED_FOR_RECIPIENT));
    expect(folded(list.textContent ?? "")).toContain(folded(SHIELD_MSG.MASKED_FOR_SENDER));
    expect(screen.getByRole("link", { name: "Vérifier mon profil" })).toHaveAttribute(
      "href",
      "/profile/verification",
    );
  });
});
