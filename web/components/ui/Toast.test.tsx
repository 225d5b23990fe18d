import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "./Toast.tsx";

function Trigger({ tone, text }: { tone: "success" | "error"; text: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show({ tone, text })}>
      Déclencher
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Toast", () => {
  it("announces a confirmation politely and removes it after 6 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger tone="success" text="Awa D. ne fait plus partie de vos matchs." />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    const text = screen.getByText("Awa D. ne fait plus partie de vos matchs.");
    expect(text.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    act(() => {
      vi.advanceTimersByTime(6_100);
    });
    expect(screen.queryByText(/ne fait plus partie/)).not.toBeInTheDocument();
  });

  it("puts errors in an assertive region, and closes from the keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ToastProvider>
        <Trigger tone="error" text="Le match n’a pas été retiré" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Déclencher" }));
    const text = screen.getByText("Le match n’a pas été retiré");
    expect(text.closest("[aria-live]")).toHaveAttribute("aria-live", "assertive");
    await user.tab();
    expect(screen.getByRole("button", { name: "Fermer la notification" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByText("Le match n’a pas été retiré")).not.toBeInTheDocument();
  });
});
