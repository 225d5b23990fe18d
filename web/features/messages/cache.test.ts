import type { MessageDto } from "@domain/messaging.ts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyReadReceipt, type MessagePages, mergeMessages } from "./api.ts";
import { messageKeys } from "./keys.ts";

const mine = (over: Partial<MessageDto> = {}): MessageDto => ({
  id: "msg-1",
  matchId: "m1",
  senderId: "u-me",
  content: "Bonjour",
  createdAt: "2026-11-22T10:00:00.000Z",
  held: false,
  masked: false,
  voice: null,
  call: null,
  readAt: null,
  ...over,
});

function conversation(messages: MessageDto[]) {
  const client = new QueryClient();
  client.setQueryData<MessagePages>(messageKeys.pages("m1"), {
    pages: [{ data: messages, nextCursor: null }],
    pageParams: [null],
  });
  const cached = () => client.getQueryData<MessagePages>(messageKeys.pages("m1"))?.pages[0]?.data ?? [];
  return { client, cached };
}

describe("a conversation’s cache", () => {
  it("keeps a read receipt when the send’s answer arrives after it, unread", () => {
    const { client, cached } = conversation([]);
    // The stream brings the message, then her read; the answer to the POST comes last.
    mergeMessages(client, "m1", [mine()]);
    applyReadReceipt(client, "m1", "u-her", "2026-11-22T10:00:02.000Z");
    mergeMessages(client, "m1", [mine()]);
    expect(cached()).toHaveLength(1);
    expect(cached()[0]?.readAt).toBe("2026-11-22T10:00:02.000Z");
  });

  it("still takes what a newer copy changes, such as a held message revealed", () => {
    const { client, cached } = conversation([
      mine({ id: "msg-2", senderId: "u-her", held: true, content: "" }),
    ]);
    mergeMessages(client, "m1", [mine({ id: "msg-2", senderId: "u-her", held: false, content: "Salut" })]);
    expect(cached()[0]).toMatchObject({ held: false, content: "Salut" });
  });

  it("marks only the reader’s partner’s messages sent up to the read", () => {
    const { client, cached } = conversation([
      mine({ id: "late", createdAt: "2026-11-22T10:00:05.000Z" }),
      mine({ id: "hers", senderId: "u-her" }),
      mine({ id: "early" }),
    ]);
    applyReadReceipt(client, "m1", "u-her", "2026-11-22T10:00:02.000Z");
    expect(Object.fromEntries(cached().map((m) => [m.id, m.readAt]))).toEqual({
      late: null,
      hers: null,
      early: "2026-11-22T10:00:02.000Z",
    });
  });
});
