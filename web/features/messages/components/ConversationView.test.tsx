import type { ConversationDto, MessageDto } from "@domain/messaging.ts";
import { TYPING } from "@domain/messaging.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyRealtimeEvent } from "@web/app/RealtimeEvents.tsx";
import { formatDate } from "@web/lib/format.ts";
import { resetOutbox } from "@web/lib/outbox/outbox.ts";
import { profileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationView } from "./ConversationView.tsx";

afterEach(async () => {
  vi.useRealTimers();
  // Items a case left (a refused message) would show in the next case's conversation.
  await resetOutbox();
});

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
const message = (over: Partial<MessageDto>): MessageDto => ({
  id: "x",
  matchId: "m1",
  senderId: "u-her",
  content: "Bonjour",
  createdAt: "2026-11-22T10:00:00.000Z",
  held: false,
  masked: false,
  voice: null,
  call: null,
  readAt: null,
  ...over,
});

/** The typing signals the page sent, « POST /api/matches/m1/typing ». */
const typingCalls: string[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * fetch stub: the history, the read call, typing signals (answered by `typing`, recorded in
 * `typingCalls`), and sends answered by `onSend` in order; the member's own profile is `me`.
 */
function stubApi(
  history: MessageDto[],
  onSend: ((content: string) => Response)[],
  me: ProfileDto = profileFixture({ userId: ME }),
  typing: () => Response = () => new Response(null, { status: 204 }),
) {
  const sent: string[] = [];
  typingCalls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/profile") return json(200, me);
      if (url.endsWith("/read")) return json(200, { readAt: null });
      if (url.endsWith("/typing")) {
        typingCalls.push(`${init?.method} ${url}`);
        return typing();
      }
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

function renderView(conv: ConversationDto = conversation) {
  return renderWithProviders(<ConversationView matchId="m1" conversation={conv} gone={false} me={ME} />);
}

/** The message box, once the history has loaded (it is disabled until then). */
async function readyBox() {
  const box = await screen.findByRole("textbox", { name: "Votre message à Aïssatou B." });
  await waitFor(() => expect(box).toBeEnabled());
  return box;
}

const typingEvent = (userId = "u-her", matchId = "m1") => ({ type: "typing" as const, matchId, userId });
const INDICATOR = "Aïssatou est en train d’écrire…";

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

  it("sends with Enter, keeps Shift+Enter for a new line, and offers a retry after a refusal", async () => {
    const user = userEvent.setup({ delay: null });
    const sent = stubApi(
      [],
      [
        () =>
          json(429, {
            error: { code: "MESSAGE_RATE_LIMITED", message: "Vous envoyez des messages trop rapidement" },
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
    expect(await screen.findByRole("alert")).toHaveTextContent("Vous envoyez des messages trop rapidement");
    expect(sent).toEqual(["Bonjour\nAïssatou"]);

    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Envoyé")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(sent).toEqual(["Bonjour\nAïssatou", "Bonjour\nAïssatou"]);
  });

  it("tries again by itself when the network or the server fails, with the same idempotency key", async () => {
    const user = userEvent.setup({ delay: null });
    const keys: (string | null)[] = [];
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
    const stubbed = vi.mocked(globalThis.fetch);
    stubbed.mockImplementation(
      ((original) => async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "POST" && String(input).endsWith("/messages"))
          keys.push(new Headers(init.headers).get("Idempotency-Key"));
        return original(input, init);
      })(stubbed.getMockImplementation()!),
    );
    renderView();
    const box = await readyBox();
    await user.type(box, "Tu es là ?{Enter}");
    // « Envoi en cours… » while it waits; no failure is shown for a failure that is retried.
    expect(await screen.findByText("Envoi en cours…")).toBeInTheDocument();
    expect(await screen.findByText("Envoyé")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(sent).toEqual(["Tu es là ?", "Tu es là ?"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
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
    const user = userEvent.setup({ delay: null });
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

  it("shows the explanation from the start when the member’s birth date is not confirmed", async () => {
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

  describe("typing", () => {
    it("tells the other member at most every TYPING.SEND_SECONDS, only with text, never for a send", async () => {
      stubApi([], [(content) => json(201, message({ id: "new", senderId: ME, content }))]);
      renderView();
      const box = await readyBox();
      vi.useFakeTimers();
      const type = (value: string) => fireEvent.change(box, { target: { value } });

      type("B");
      expect(typingCalls).toEqual(["POST /api/matches/m1/typing"]);
      type("Bo");
      type("Bon");
      act(() => vi.advanceTimersByTime(TYPING.SEND_SECONDS * 1000 - 1));
      type("Bonj");
      expect(typingCalls).toHaveLength(1);

      act(() => vi.advanceTimersByTime(1));
      type("Bonjo");
      expect(typingCalls).toHaveLength(2);

      // An emptied box, or blanks only, says nothing.
      act(() => vi.advanceTimersByTime(TYPING.SEND_SECONDS * 1000));
      type("");
      type("   ");
      expect(typingCalls).toHaveLength(2);

      // Sending is no typing.
      act(() => vi.advanceTimersByTime(TYPING.SEND_SECONDS * 1000));
      type("Bonjour");
      expect(typingCalls).toHaveLength(3);
      act(() => vi.advanceTimersByTime(TYPING.SEND_SECONDS * 1000));
      fireEvent.keyDown(box, { key: "Enter" });
      expect(box).toHaveValue("");
      vi.useRealTimers();
      expect(await screen.findByText("Envoyé")).toBeInTheDocument();
      expect(typingCalls).toHaveLength(3);
    });

    it("ignores a failed signal", async () => {
      const user = userEvent.setup({ delay: null });
      stubApi([], [], profileFixture({ userId: ME }), () =>
        json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } }),
      );
      renderView();
      const box = await readyBox();
      await user.type(box, "Bonjour");
      expect(typingCalls).toHaveLength(1);
      await act(async () => {});
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(box).toHaveValue("Bonjour");
    });

    it("shows « … est en train d’écrire » for TYPING.SHOWN_SECONDS after the other member’s last signal", async () => {
      stubApi([], []);
      const { client } = renderView();
      await readyBox();
      vi.useFakeTimers();
      const indicator = screen.getByRole("status");
      expect(indicator).toBeEmptyDOMElement();

      // Another conversation, or someone else, changes nothing here.
      act(() => applyRealtimeEvent(client, typingEvent("u-her", "m2")));
      act(() => applyRealtimeEvent(client, typingEvent("u-someone-else")));
      expect(indicator).toBeEmptyDOMElement();

      act(() => applyRealtimeEvent(client, typingEvent()));
      expect(indicator).toHaveTextContent(INDICATOR);
      act(() => vi.advanceTimersByTime(TYPING.SHOWN_SECONDS * 1000 - 1000));
      expect(indicator).toHaveTextContent(INDICATOR);
      // A new signal starts the wait again.
      act(() => applyRealtimeEvent(client, typingEvent()));
      act(() => vi.advanceTimersByTime(TYPING.SHOWN_SECONDS * 1000 - 1));
      expect(indicator).toHaveTextContent(INDICATOR);
      act(() => vi.advanceTimersByTime(1));
      expect(indicator).toBeEmptyDOMElement();
    });

    it("hides the indicator at once when the member’s message arrives", async () => {
      stubApi([], []);
      const { client } = renderView();
      await readyBox();
      await screen.findByText(/Présentez-vous/);
      act(() => applyRealtimeEvent(client, typingEvent()));
      expect(screen.getByRole("status")).toHaveTextContent(INDICATOR);

      // My own message does not stop hers.
      act(() =>
        applyRealtimeEvent(client, {
          type: "message.created",
          message: message({ id: "mine", senderId: ME, content: "Vous écrivez ?" }),
        }),
      );
      expect(screen.getByRole("status")).toHaveTextContent(INDICATOR);

      act(() =>
        applyRealtimeEvent(client, {
          type: "message.created",
          message: message({ id: "hers", content: "Me voilà !" }),
        }),
      );
      expect(screen.getByRole("status")).toBeEmptyDOMElement();
      expect(await screen.findByText("Me voilà !")).toBeInTheDocument();
    });
  });

  it("shows the other member’s presence in the header", async () => {
    stubApi([], []);
    renderView({ ...conversation, member: { ...conversation.member, presence: "online" } });
    const section = await screen.findByRole("region", { name: "Conversation avec Aïssatou B." });
    expect(within(section).getByText("En ligne")).toBeInTheDocument();
  });
});

/**
 * fetch stub for the answers to a J’aime or a request: the history, the J’aime back (a match) and
 * the removal, recorded in the returned list.
 */
function stubAnswerApi(history: MessageDto[]): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/profile") return json(200, profileFixture({ userId: ME }));
      if (init?.method === "POST" && url === "/api/likes") {
        calls.push(`POST /api/likes ${String(init.body)}`);
        return json(200, { type: "like", matched: true, mutual: true, matchId: "m1" });
      }
      if (init?.method === "DELETE") {
        calls.push(`DELETE ${url}`);
        return json(200, { id: "m1", status: "rejected" });
      }
      if (url.endsWith("/read")) return json(200, { readAt: null });
      return json(200, { data: history, nextCursor: null });
    }),
  );
  return calls;
}

describe("a conversation opened by the other member’s J’aime", () => {
  it("says so, and likes back or declines (after a confirmation) through the API", async () => {
    const calls = stubAnswerApi([]);
    const user = userEvent.setup({ delay: null });
    const received = { ...conversation, likedBy: "them" as const };
    const view = renderWithProviders(
      <ConversationView matchId="m1" conversation={received} gone={false} me={ME} />,
    );
    const notice = screen.getByRole("region", { name: "J’aime reçu" });
    expect(notice).toHaveTextContent("Aïssatou B. vous a envoyé un J’aime");
    await user.click(within(notice).getByRole("button", { name: "J’aime en retour" }));
    await waitFor(() => expect(calls).toEqual([`POST /api/likes {"likedId":"u-her","type":"like"}`]));
    // (The lists, read again, then say « both » and the notice goes: the lists are not stubbed here.)
    await waitFor(() =>
      expect(within(notice).getByRole("button", { name: "Pas intéressé(e)" })).toBeEnabled(),
    );

    await user.click(within(notice).getByRole("button", { name: "Pas intéressé(e)" }));
    const dialog = screen.getByRole("dialog", { name: /^Pas intéressé\(e\)\s\?$/ });
    await user.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(calls).toHaveLength(1);
    await user.click(within(notice).getByRole("button", { name: "Pas intéressé(e)" }));
    await user.click(
      within(screen.getByRole("dialog", { name: /^Pas intéressé\(e\)\s\?$/ })).getByRole("button", {
        name: "Retirer ce match",
      }),
    );
    await waitFor(() => expect(calls.at(-1)).toBe("DELETE /api/matches/m1"));

    // Once both liked, or for the member who liked first, no such notice.
    view.unmount();
    renderView(conversation);
    expect(await screen.findByRole("textbox")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "J’aime reçu" })).not.toBeInTheDocument();
  });
});

describe("a message request (issue 34)", () => {
  it("shows the request with « Accepter » and « Refuser » and no message box; accepting likes back", async () => {
    const calls = stubAnswerApi([message({ content: "Bonjour, tu vas bien ?" })]);
    const user = userEvent.setup({ delay: null });
    renderView({ ...conversation, likedBy: "them", request: true, unread: 1 });
    const notice = screen.getByRole("region", { name: "Demande de message" });
    expect(notice).toHaveTextContent("Aïssatou B. vous a envoyé un J’aime et vous a écrit");
    expect(await screen.findByText("Bonjour, tu vas bien ?")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(notice).getByRole("button", { name: "Refuser" })).toBeEnabled();
    await user.click(within(notice).getByRole("button", { name: "Accepter" }));
    await waitFor(() => expect(calls).toEqual([`POST /api/likes {"likedId":"u-her","type":"like"}`]));
  });

  it("tells the member whose message waits in the other member’s « Demandes », in her gender", async () => {
    stubApi([message({ senderId: ME, content: "Bonjour" })], []);
    renderView({
      ...conversation,
      likedBy: "me",
      requestSent: true,
      member: { ...conversation.member, gender: "female" },
    });
    await readyBox();
    expect(
      screen.getByText(/^Votre message attend dans les «\sDemandes\s» d’Aïssatou\s: elle lit d’abord/),
    ).toHaveTextContent("des personnes qu’elle a aimées en retour.");
  });
});
