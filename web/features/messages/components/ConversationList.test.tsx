import type { ConversationDto } from "@domain/messaging.ts";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ConversationList } from "./ConversationList.tsx";

const conversation = (over: Partial<ConversationDto["member"]>, matchId: string): ConversationDto => ({
  matchId,
  member: {
    userId: `u-${matchId}`,
    firstName: "Aïssatou",
    lastInitial: "B.",
    photo: null,
    profileVerified: false,
    presence: null,
    gender: "female",
    ...over,
  },
  lastMessage: null,
  unread: 0,
  isNew: false,
  likedBy: "both",
  request: false,
  requestSent: false,
  lastActivityAt: "2026-11-22T10:00:00.000Z",
  cardSharedAt: null,
});

describe("ConversationList", () => {
  it("shows each member’s presence in their row, agreed with the member", () => {
    render(
      <MemoryRouter>
        <ConversationList
          conversations={[
            conversation({ firstName: "Aïssatou", presence: "online" }, "m1"),
            conversation({ firstName: "Fatou", presence: "today" }, "m2"),
            conversation({ firstName: "Julien", presence: null, gender: "male" }, "m3"),
            conversation({ firstName: "Kofi", presence: "week", gender: "male" }, "m4"),
          ]}
          activeId={null}
          me="u-me"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: /Aïssatou B\..*En ligne/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Fatou B\..*Active aujourd’hui/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Kofi B\..*Actif cette semaine/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Julien B\./ })).not.toHaveTextContent(/En ligne|Actif|Active/);
  });

  it("says, for a conversation without messages, who liked", () => {
    const of = (likedBy: ConversationDto["likedBy"], matchId: string) => ({
      ...conversation({ firstName: "Fatou" }, matchId),
      likedBy,
    });
    render(
      <MemoryRouter>
        <ConversationList
          conversations={[of("them", "m1"), of("me", "m2"), of("both", "m3")]}
          activeId={null}
          me="u-me"
        />
      </MemoryRouter>,
    );
    const rows = screen.getAllByRole("link");
    expect(rows[0]).toHaveTextContent("Fatou vous a envoyé un J’aime");
    expect(rows[1]).toHaveTextContent("Vous avez aimé Fatou : écrivez-lui !");
    expect(rows[2]).toHaveTextContent("C’est un match : dites bonjour !");
  });
});
