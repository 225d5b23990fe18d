import type { ConversationDto, MessageDto } from "@domain/messaging.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatDate } from "@web/lib/format.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { ConversationView } from "./ConversationView.tsx";

const ME = "u-me";
const conversation: ConversationDto = {
  matchId: "m1",
  member: {
    userId: "u-her",
    firstName: "Aïssatou",
    lastInitial: "B.",
    photo: null,
    profileVerified: true,
    presence: null,
  },
  lastMessage: null,
  unread: 0,
  isNew: false,
  lastActivityAt: "2026-11-22T10:00:00.000Z",
};
const message = (over: Partial<MessageDto>): MessageDto => ({
  id: "x",
  matchId: "m1",
  senderId: "u-her",
  content: "Bonjour",
  createdAt: "2026-11-22T10:00:00.000Z",
  readAt: null,
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * fetch stub: the history, the read call, and sends answered by `onSend` in order; the member's
 * own profile is `me`.
 */
function stubApi(
  history: MessageDto[],
  onSend: ((content: string) => Response)[],
  me: ProfileDto = profileFixture({ userId: ME }),
) {
  const sent: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/profile") return json(200, me);
      if (url.endsWith("/read")) return json(200, { readAt: null });
      if (init?.method === "POST") {
        const { content } = JSON.parse(String(init.body)) as { content: string };
        sent.push(content);
        const reply = onSend.shift();
        return reply ? reply(content) : json(500, {});
      }
      return json(200, { data: history, nextCursor: null });
    }),
  );
  return sent;
}

function renderView() {
  return renderWithProviders(
    <ConversationView matchId="m1" conversation={conversation} gone={false} me={ME} />,
  );
}

describe("ConversationView", () => {
  it("shows the history oldest first, with the day and 24-hour times", async () => {
    // Three days ago at 21:07 local time: the separator is a full date, the time is 24-hour.
    const day = new Date();
    day.setDate(day.getDate() - 3);
    day.setHours(21, 7, 0, 0);
    const later = new Date(day.getTime() + 5 * 60_000);
    stubApi(
      [
        message({ id: "b", senderId: ME, content: "Très bien, et vous ?", createdAt: later.toISOString() }),
        message({ id: "a", content: "Comment allez-vous ?", createdAt: day.toISOString() }),
      ],
      [],
    );
    renderView();
    const list = await screen.findByRole("list", { name: "Messages" });
    const items = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items.findIndex((t) => t?.includes("Comment allez-vous"))).toBeLessThan(
      items.findIndex((t) => t?.includes("Très bien")),
    );
    expect(screen.getByText("Envoyé")).toBeInTheDocument();
    expect(within(list).getByText(formatDate(day))).toBeInTheDocument();
    expect(within(list).getByText("21:07")).toBeInTheDocument();
    expect(within(list).getByText("21:12")).toBeInTheDocument();
  });

  it("sends with Enter, keeps Shift+Enter for a new line, and offers a retry after a failure", async () => {
    const user = userEvent.setup();
    const sent = stubApi(
      [],
      [
        () =>
          json(503, {
            error: { code: "SERVICE_UNAVAILABLE", message: "Service momentanément indisponible" },
          }),
        (content) => json(201, message({ id: "new", senderId: ME, content })),
      ],
    );
    renderView();
    const box = await screen.findByRole("textbox", { name: "Votre message à Aïssatou B." });
    await screen.findByText(/Présentez-vous/);
    await user.type(box, "Bonjour{Shift>}{Enter}{/Shift}Aïssatou");
    expect(sent).toEqual([]);
    await user.keyboard("{Enter}");
    expect(box).toHaveValue("");
    expect(await screen.findByRole("alert")).toHaveTextContent("Service momentanément indisponible");
    expect(sent).toEqual(["Bonjour\nAïssatou"]);

    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Envoyé")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(sent).toEqual(["Bonjour\nAïssatou", "Bonjour\nAïssatou"]);
  });

  it("says the conversation is closed when the match was removed", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(403, { error: { code: "CONVERSATION_CLOSED", message: "Cette conversation est fermée" } }),
      ),
    );
    renderView();
    expect(await screen.findByRole("heading", { name: "Cette conversation est fermée" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("explains a send refused for an unconfirmed birth date, and where to give it", async () => {
    const user = userEvent.setup();
    const refusal =
      "Indiquez votre date de naissance dans votre profil (rubrique « Mon profil ») pour écrire aux autres membres.";
    const sent = stubApi(
      [],
      [() => json(403, { error: { code: "BIRTH_DATE_UNCONFIRMED", message: refusal } })],
    );
    renderView();
    const box = await screen.findByRole("textbox", { name: "Votre message à Aïssatou B." });
    await screen.findByText(/Présentez-vous/);
    await user.type(box, "Bonjour Aïssatou{Enter}");

    // The message stays, with the server's reason; the composer gives way to the explanation.
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(sent).toEqual(["Bonjour Aïssatou"]);
    expect(await screen.findByText("Indiquez votre date de naissance pour écrire")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Compléter mon profil" })).toHaveAttribute("href", "/onboarding");
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("shows the explanation from the start when the member's birth date is not confirmed", async () => {
    const sent = stubApi(
      [message({ id: "a", content: "Bonjour !" })],
      [],
      profileFixture({ userId: ME, birthDate: "2000-01-01", birthDateConfirmed: false }),
    );
    renderView();
    // The history stays readable.
    expect(await screen.findByText("Bonjour !")).toBeInTheDocument();
    expect(await screen.findByText("Indiquez votre date de naissance pour écrire")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
