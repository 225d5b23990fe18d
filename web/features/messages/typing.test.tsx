import { TYPING } from "@domain/messaging.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { typingStore, useIsTyping } from "./typing.ts";

afterEach(() => vi.useRealTimers());

const SHOWN = TYPING.SHOWN_SECONDS * 1000;

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { store: typingStore(client), wrapper };
}

describe("typing store", () => {
  it("keeps one store per query client", () => {
    const client = new QueryClient();
    expect(typingStore(client)).toBe(typingStore(client));
    expect(typingStore(new QueryClient())).not.toBe(typingStore(client));
  });

  it("forgets a member’s typing when their message arrives, not someone else’s", () => {
    const { store } = setup();
    store.started("m1", "u-her");
    store.stopped("m1", "u-me");
    expect(store.get("m1")?.userId).toBe("u-her");
    store.stopped("m1", "u-her");
    expect(store.get("m1")).toBeUndefined();
  });

  it("drops long-gone conversations as new signals come", () => {
    const { store } = setup();
    store.started("m1", "u-her", 1_000);
    store.started("m2", "u-him", 1_000 + SHOWN);
    expect(store.get("m1")).toBeUndefined();
    expect(store.get("m2")).toBeDefined();
  });
});

describe("useIsTyping", () => {
  it("is true until TYPING.SHOWN_SECONDS after the signal, and leaves no timer behind", () => {
    vi.useFakeTimers();
    const { store, wrapper } = setup();
    const { result, unmount } = renderHook(() => useIsTyping("m1", "u-her"), { wrapper });
    expect(result.current).toBe(false);
    act(() => store.started("m1", "u-her"));
    expect(result.current).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(SHOWN));
    expect(result.current).toBe(false);
    expect(vi.getTimerCount()).toBe(0);

    act(() => store.started("m1", "u-her"));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not show a signal already too old when the conversation opens", () => {
    vi.useFakeTimers();
    const { store, wrapper } = setup();
    store.started("m1", "u-her");
    vi.advanceTimersByTime(SHOWN);
    const { result } = renderHook(() => useIsTyping("m1", "u-her"), { wrapper });
    expect(result.current).toBe(false);
  });

  it("ignores a signal from someone other than the conversation’s member", () => {
    const { store, wrapper } = setup();
    const { result } = renderHook(() => useIsTyping("m1", "u-her"), { wrapper });
    act(() => store.started("m1", "u-other"));
    expect(result.current).toBe(false);
  });
});
