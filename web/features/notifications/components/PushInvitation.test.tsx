import { DEFAULT_NOTIFICATION_PREFERENCES } from "@domain/notifications.ts";
import type { QueryClient } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type RecordedCall, stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it } from "vitest";
import { notificationKeys } from "../keys.ts";
import { FAKE_PUSH_KEY, installPushFakes, uninstallPushFakes } from "../push-fakes.ts";
import { PUSH_INVITE_STORAGE_KEY } from "../push-invite.ts";
import { PushInvitation } from "./PushInvitation.tsx";

afterEach(() => {
  uninstallPushFakes();
  localStorage.clear();
});

/** GET /api/notifications/preferences answers `pushKey`; anything else { ok: true }. */
function stubApi(pushKey: string | null = FAKE_PUSH_KEY) {
  return stubFetch((call: RecordedCall) =>
    call.method === "GET"
      ? { body: { preferences: DEFAULT_NOTIFICATION_PREFERENCES, emailVerified: true, pushKey } }
      : { status: 201, body: { ok: true } },
  );
}

const title = "Soyez prévenu(e) de vos nouveaux messages";

/** Once the preferences are in, the decision is made: nothing shown means nothing to show. */
const settled = (client: QueryClient) =>
  waitFor(() => expect(client.getQueryState(notificationKeys.settings)?.status).toBe("success"));

describe("PushInvitation", () => {
  it("invites, and asks the browser’s permission only on « Activer les notifications »", async () => {
    const user = userEvent.setup({ delay: null });
    const fakes = installPushFakes();
    const { calls } = stubApi();
    renderWithProviders(<PushInvitation />);
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Activer les notifications" }));
    expect(await screen.findByText(/Notifications activées sur cet appareil/)).toBeInTheDocument();
    expect(fakes.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/notifications/preferences",
      "POST /api/notifications/push",
    ]);
    expect(screen.getByRole("link", { name: "votre profil" })).toHaveAttribute(
      "href",
      "/profile?rubrique=compte#section-notifications",
    );
  });

  it("« Plus tard » puts it off for 30 days, in this browser", async () => {
    const user = userEvent.setup({ delay: null });
    const fakes = installPushFakes();
    stubApi();
    const first = renderWithProviders(<PushInvitation />);
    await user.click(await screen.findByRole("button", { name: "Plus tard" }));
    expect(screen.queryByRole("heading", { name: title })).not.toBeInTheDocument();
    expect(screen.getByText(/Vous pourrez activer les notifications à tout moment/)).toHaveFocus();
    const dismissedAt = Number(localStorage.getItem(PUSH_INVITE_STORAGE_KEY));
    expect(Date.now() - dismissedAt).toBeLessThan(60_000);
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
    first.unmount();

    // The next match: not again.
    await settled(renderWithProviders(<PushInvitation />).client);
    expect(screen.queryByRole("heading", { name: title })).not.toBeInTheDocument();

    // 31 days later: again.
    localStorage.setItem(PUSH_INVITE_STORAGE_KEY, String(Date.now() - 31 * 86_400_000));
    renderWithProviders(<PushInvitation />);
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
  });

  it("remembers a refusal at the prompt, and says how to allow them", async () => {
    const user = userEvent.setup({ delay: null });
    installPushFakes({ answer: "denied" });
    stubApi();
    renderWithProviders(<PushInvitation />);
    await user.click(await screen.findByRole("button", { name: "Activer les notifications" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Les notifications sont bloquées pour Passerelle dans ce navigateur.",
    );
    expect(localStorage.getItem(PUSH_INVITE_STORAGE_KEY)).not.toBeNull();
  });

  it("says nothing, and asks the server nothing, once the browser’s question is answered", async () => {
    installPushFakes({ permission: "granted" });
    const { calls } = stubApi();
    renderWithProviders(<PushInvitation />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: title })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says nothing when the server does not push", async () => {
    installPushFakes();
    const { calls } = stubApi(null);
    await settled(renderWithProviders(<PushInvitation />).client);
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: title })).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
