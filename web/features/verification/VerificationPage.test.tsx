import { CAPTURE, captureFrameCount, VERIFICATION, type VerificationStateDto } from "@domain/verification.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatDate } from "@web/lib/format.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CAMERA_MSG, CAMERA_START_MS } from "./camera.ts";
import { captureSteps } from "./capture-schedule.ts";
import { ProfileVerificationCard } from "./ProfileVerificationCard.tsx";
import VerificationPage from "./VerificationPage.tsx";

const state = (over: Partial<VerificationStateDto> = {}): VerificationStateDto => ({
  status: "none",
  verifiedAt: null,
  reason: null,
  attemptsLeftToday: 3,
  resumable: false,
  ...over,
});

function stubState(s: VerificationStateDto) {
  return stubFetch((call) => (call.url === "/api/verification" ? { body: s } : undefined));
}

function stubCamera(impl: () => Promise<MediaStream>) {
  const getUserMedia = vi.fn(impl);
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  return getUserMedia;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
});

describe("VerificationPage", () => {
  it("asks for consent before the camera, and says in French that the camera was refused", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubState(state());
    const getUserMedia = stubCamera(() =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError")),
    );
    renderWithProviders(<VerificationPage />, { route: "/profile/verification" });

    expect(await screen.findByRole("heading", { name: "Avant d’activer la caméra" })).toBeInTheDocument();
    expect(screen.getByText(/article 9, paragraphe 2, a, du RGPD/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Annuler" })).toHaveAttribute("href", "/profile");
    // What an attempt costs, before the camera.
    expect(
      screen.getByText(
        /Il vous reste 3 essais aujourd’hui\. Un essai compte dès que les consignes commencent/,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "J’accepte et j’active la caméra" }));
    expect(screen.getByText("Cochez la case pour donner votre accord, ou annulez.")).toBeInTheDocument();
    expect(screen.getByRole("checkbox")).toHaveFocus();
    expect(getUserMedia).not.toHaveBeenCalled();

    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "J’accepte et j’active la caméra" }));
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: "user", width: 640, height: 480 },
    });
    expect(await screen.findByRole("heading", { name: "La caméra n’est pas disponible" })).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent(CAMERA_MSG.DENIED);
    expect(screen.getByRole("button", { name: "Recommencer" })).toBeInTheDocument();
    // No challenge is drawn without a camera.
    expect(calls.filter((c) => c.url.includes("/challenge"))).toEqual([]);
  });

  it("says when no camera is found", async () => {
    const user = userEvent.setup({ delay: null });
    stubState(state());
    stubCamera(() => Promise.reject(new DOMException("Requested device not found", "NotFoundError")));
    renderWithProviders(<VerificationPage />, { route: "/profile/verification" });
    await user.click(await screen.findByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "J’accepte et j’active la caméra" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(CAMERA_MSG.NOT_FOUND);
  });

  it("says the camera failed when it shows no picture in time, and turns it off", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      stubState(state());
      // A stream whose video never gets a picture: jsdom's video stays at readyState 0.
      const track = { stop: vi.fn() };
      stubCamera(async () => ({ getTracks: () => [track] }) as unknown as MediaStream);
      renderWithProviders(<VerificationPage />, { route: "/profile/verification" });
      await user.click(await screen.findByRole("checkbox"));
      await user.click(screen.getByRole("button", { name: "J’accepte et j’active la caméra" }));
      await vi.advanceTimersByTimeAsync(CAMERA_START_MS);
      expect(await screen.findByRole("alert")).toHaveTextContent(CAMERA_MSG.FAILED);
      expect(screen.getByRole("heading", { name: "La caméra n’est pas disponible" })).toBeInTheDocument();
      expect(track.stop).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the last refusal’s reason above the consent, and no new try once the day’s attempts are used", async () => {
    const reason = "Le visage filmé ne correspond pas à celui de vos photos de profil.";
    stubState(state({ status: "refused", reason, attemptsLeftToday: 2 }));
    const first = renderWithProviders(<VerificationPage />, { route: "/profile/verification" });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Avant d’activer la caméra" })).toBeInTheDocument();
    first.unmount();

    stubState(state({ status: "refused", reason, attemptsLeftToday: 0 }));
    const second = renderWithProviders(<VerificationPage />, { route: "/profile/verification" });
    expect(await screen.findByText(/vous pourrez réessayer demain/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "J’accepte et j’active la caméra" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Réessayer" })).not.toBeInTheDocument();
    second.unmount();

    // No attempt left, but the last one was interrupted: it can be taken up again.
    stubState(state({ attemptsLeftToday: 0, resumable: true }));
    renderWithProviders(<VerificationPage />, { route: "/profile/verification" });
    expect(
      await screen.findByText(/Vous pouvez reprendre l’essai que vous avez interrompu/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "J’accepte et j’active la caméra" })).toBeInTheDocument();
  });

  it("shows the badge of a verified member instead of the consent", async () => {
    stubState(state({ status: "verified", verifiedAt: "2026-11-20T09:30:00.000Z" }));
    renderWithProviders(<VerificationPage />, { route: "/profile/verification" });
    expect(await screen.findByText("Profil vérifié")).toBeInTheDocument();
    expect(screen.getByText(`depuis le ${formatDate("2026-11-20T09:30:00.000Z")}`)).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});

describe("ProfileVerificationCard", () => {
  const card = async (s: VerificationStateDto, hasPhoto = true) => {
    stubState(s);
    const view = renderWithProviders(<ProfileVerificationCard hasPhoto={hasPhoto} />);
    const region = screen.getByRole("region", { name: "Vérification du profil" });
    return { region, view };
  };

  it("invites to verify, and says a photo of one’s face is needed first", async () => {
    const { region } = await card(state(), false);
    expect(await within(region).findByRole("link", { name: "Vérifier mon profil" })).toHaveAttribute(
      "href",
      "/profile/verification",
    );
    expect(within(region).getByText(/Ajoutez d’abord une photo de profil/)).toBeInTheDocument();
  });

  it("shows the badge with its date, or the review under way", async () => {
    const { region, view } = await card(
      state({ status: "verified", verifiedAt: "2026-11-20T09:30:00.000Z" }),
    );
    expect(await within(region).findByText("Profil vérifié")).toBeInTheDocument();
    expect(
      within(region).getByText(`depuis le ${formatDate("2026-11-20T09:30:00.000Z")}`),
    ).toBeInTheDocument();
    expect(within(region).queryByRole("link")).not.toBeInTheDocument();
    view.unmount();

    const pending = await card(state({ status: "pending-review" }));
    expect(await within(pending.region).findByText("Vérification en cours d’examen")).toBeInTheDocument();
    expect(within(pending.region).queryByRole("link")).not.toBeInTheDocument();
  });

  it("gives the last refusal’s reason and the attempts left", async () => {
    const reason = "Une seule personne doit apparaître à l’image.";
    const { region } = await card(state({ status: "refused", reason, attemptsLeftToday: 2 }));
    expect(await within(region).findByText(reason, { exact: false })).toBeInTheDocument();
    expect(within(region).getByText("Il vous reste 2 essais aujourd’hui.")).toBeInTheDocument();
    expect(within(region).getByRole("link", { name: "Réessayer la vérification" })).toBeInTheDocument();
  });

  it("counts the challenges drawn today, answered or not", async () => {
    const { region, view } = await card(state({ attemptsLeftToday: 1 }));
    expect(await within(region).findByText("Il vous reste 1 essai aujourd’hui.")).toBeInTheDocument();
    expect(within(region).getByRole("link", { name: "Vérifier mon profil" })).toBeInTheDocument();
    view.unmount();

    const none = await card(state({ attemptsLeftToday: 0 }));
    expect(await within(none.region).findByText(/vous pourrez réessayer demain/)).toBeInTheDocument();
    expect(within(none.region).queryByRole("link")).not.toBeInTheDocument();
    none.view.unmount();

    // The last one drawn and interrupted can still be taken up.
    const open = await card(state({ attemptsLeftToday: 0, resumable: true }));
    expect(
      await within(open.region).findByText("Vous pouvez encore reprendre l’essai que vous avez interrompu."),
    ).toBeInTheDocument();
    expect(within(open.region).getByRole("link", { name: "Reprendre la vérification" })).toBeInTheDocument();
  });
});

describe("captureSteps", () => {
  it("takes the server’s burst: after the countdown, a frame every interval, each prompt before its frames", () => {
    const steps = captureSteps(2);
    expect(steps[0]).toEqual({ kind: "look", atMs: 0 });
    const frames = steps.filter((s) => s.kind === "frame");
    expect(frames).toHaveLength(captureFrameCount(2));
    expect(frames[0]!.atMs).toBe(CAPTURE.LOOK_SECONDS * 1000);
    for (const [i, f] of frames.entries())
      expect(f.atMs - frames[0]!.atMs).toBe(i * CAPTURE.FRAME_INTERVAL_MS);
    const prompts = steps.filter((s) => s.kind === "gesture");
    expect(prompts.map((s) => s.atMs)).toEqual([
      (CAPTURE.LOOK_SECONDS + CAPTURE.REST_SECONDS) * 1000,
      (CAPTURE.LOOK_SECONDS + CAPTURE.REST_SECONDS + CAPTURE.GESTURE_SECONDS) * 1000,
    ]);
    // The prompt comes first when a frame is taken at the same moment, and the last frame ends the last
    // gesture's time.
    for (const p of prompts)
      expect(steps[steps.indexOf(p) + 1]).toMatchObject({ kind: "frame", atMs: p.atMs });
    expect(frames.at(-1)!.atMs).toBe(prompts[1]!.atMs + CAPTURE.GESTURE_SECONDS * 1000);
    const times = steps.map((s) => s.atMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(captureFrameCount(2)).toBeLessThanOrEqual(VERIFICATION.MAX_FRAMES);
  });
});
