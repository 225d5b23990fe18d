import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { afterEach, describe, expect, it } from "vitest";
import {
  FAKE_PUSH_KEY,
  FAKE_SUBSCRIPTION_JSON,
  FAKE_SUBSCRIPTION_SENT,
  installPushFakes,
  uninstallPushFakes,
} from "../push-fakes.ts";
import { PushDeviceControl } from "./PushDeviceControl.tsx";

afterEach(uninstallPushFakes);

const okApi = () => stubFetch(() => ({ body: { ok: true } }));

describe("PushDeviceControl", () => {
  it("says when the browser cannot receive notifications", async () => {
    const { calls } = okApi();
    renderWithProviders(<PushDeviceControl pushKey={FAKE_PUSH_KEY} />);
    expect(await screen.findByText("Votre navigateur ne permet pas les notifications.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says when the server does not send them", async () => {
    installPushFakes();
    renderWithProviders(<PushDeviceControl pushKey={null} />);
    expect(
      await screen.findByText("Les notifications sur appareil ne sont pas disponibles pour le moment."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("explains how to allow them again once blocked", async () => {
    const fakes = installPushFakes({ permission: "denied" });
    renderWithProviders(<PushDeviceControl pushKey={FAKE_PUSH_KEY} />);
    expect(await screen.findByText("Notifications bloquées sur cet appareil")).toBeInTheDocument();
    expect(
      screen.getByText(/choisissez «\s?Autoriser\s?» pour les notifications, puis rechargez la page/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
  });

  it("asks the permission only on « Activer sur cet appareil », then registers this device", async () => {
    const user = userEvent.setup({ delay: null });
    const fakes = installPushFakes();
    const { calls } = okApi();
    renderWithProviders(<PushDeviceControl pushKey={FAKE_PUSH_KEY} />);
    const button = await screen.findByRole("button", { name: "Activer sur cet appareil" });
    expect(screen.getByText("Pas encore activées sur cet appareil.")).toBeInTheDocument();
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(button);
    expect(await screen.findByText("Activées sur cet appareil.")).toBeInTheDocument();
    expect(fakes.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([{ url: "/api/notifications/push", method: "POST", body: FAKE_SUBSCRIPTION_SENT }]);

    await user.click(screen.getByRole("button", { name: "Désactiver sur cet appareil" }));
    expect(await screen.findByRole("button", { name: "Activer sur cet appareil" })).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      url: "/api/notifications/push",
      method: "DELETE",
      body: { endpoint: FAKE_SUBSCRIPTION_JSON.endpoint },
    });
    expect(fakes.state.subscription).toBeNull();
  });

  it("shows the blocked explanation when the member refuses at the prompt", async () => {
    const user = userEvent.setup({ delay: null });
    installPushFakes({ answer: "denied" });
    const { calls } = okApi();
    renderWithProviders(<PushDeviceControl pushKey={FAKE_PUSH_KEY} />);
    await user.click(await screen.findByRole("button", { name: "Activer sur cet appareil" }));
    expect(await screen.findByText("Notifications bloquées sur cet appareil")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server’s refusal, and stays off", async () => {
    const user = userEvent.setup({ delay: null });
    installPushFakes();
    stubFetch(() => ({
      status: 400,
      body: { error: { code: "PUSH_SUBSCRIPTIONS_LIMIT", message: "Trop d’appareils enregistrés" } },
    }));
    renderWithProviders(<PushDeviceControl pushKey={FAKE_PUSH_KEY} />);
    await user.click(await screen.findByRole("button", { name: "Activer sur cet appareil" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Trop d’appareils enregistrés");
    expect(screen.getByRole("button", { name: "Activer sur cet appareil" })).toBeEnabled();
  });

  it("shows a device already on, and reminds the server of it", async () => {
    const fakes = installPushFakes({ permission: "granted" });
    const { calls } = okApi();
    await fakes.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array([4]) });
    renderWithProviders(<PushDeviceControl pushKey={FAKE_PUSH_KEY} />);
    expect(await screen.findByText("Activées sur cet appareil.")).toBeInTheDocument();
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
    expect(calls).toEqual([{ url: "/api/notifications/push", method: "POST", body: FAKE_SUBSCRIPTION_SENT }]);
  });
});
