import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { VoicePlayer } from "./VoicePlayer.tsx";

describe("VoicePlayer", () => {
  it("downloads nothing before a tap, and says its duration, position and speed in words", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <VoicePlayer
        src="/api/x/voice"
        durationMs={42_000}
        peaks={[0, 31, 15]}
        label="le message vocal de Awa"
      />,
    );
    const audio = container.querySelector("audio")!;
    expect(audio).toHaveAttribute("preload", "none");
    expect(screen.getByRole("button", { name: "Écouter le message vocal de Awa" })).toBeInTheDocument();
    expect(screen.getByText("0:42")).toBeInTheDocument();
    expect(screen.getByText("Durée : 42 secondes")).toBeInTheDocument();
    expect(screen.getByRole("slider", { name: "Position dans le message vocal de Awa" })).toHaveAttribute(
      "aria-valuetext",
      "0 seconde sur 42 secondes",
    );
    const speed = screen.getByRole("button", { name: "Vitesse de lecture\u00a0: 1×" });
    await user.click(speed);
    expect(speed).toHaveAccessibleName("Vitesse de lecture\u00a0: 1,5×");
    await user.click(speed);
    expect(speed).toHaveAccessibleName("Vitesse de lecture\u00a0: 2×");
    await user.click(speed);
    expect(speed).toHaveAccessibleName("Vitesse de lecture\u00a0: 1×");
  });
});
