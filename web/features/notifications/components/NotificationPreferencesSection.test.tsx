import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "@domain/notifications.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubDeferredPuts } from "@web/test/deferred-put.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import type { NotificationSettingsDto } from "../api.ts";
import { notificationKeys } from "../keys.ts";
import { NotificationPreferencesSection } from "./NotificationPreferencesSection.tsx";

const settings = (overrides: Partial<NotificationSettingsDto> = {}): NotificationSettingsDto => ({
  preferences: DEFAULT_NOTIFICATION_PREFERENCES,
  emailVerified: true,
  pushKey: "BKey",
  ...overrides,
});

const browserTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const column = (name: string) => screen.getByRole("group", { name });

describe("NotificationPreferencesSection", () => {
  it("shows the preferences, and saves the changes with the browser’s time zone", async () => {
    const user = userEvent.setup({ delay: null });
    // Saved from another time zone: this browser's replaces it.
    expect(browserTimeZone).not.toBe("Pacific/Chatham");
    const api = stubDeferredPuts(
      settings({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, timeZone: "Pacific/Chatham" } }),
    );
    const { client } = renderWithProviders(<NotificationPreferencesSection />);
    expect(screen.getByRole("status")).toHaveTextContent("Chargement de vos préférences…");

    const email = await screen.findByRole("group", { name: "Par e-mail" });
    const push = column("Sur cet appareil");
    expect(within(push).getByRole("checkbox", { name: "Nouveaux matchs" })).toBeChecked();
    expect(within(push).getByRole("checkbox", { name: "Nouveautés de Passerelle" })).not.toBeChecked();
    expect(within(email).getByRole("checkbox", { name: "Nouveaux messages" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Tout de suite" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Heures calmes" })).not.toBeChecked();
    expect(screen.queryByLabelText("Début")).not.toBeInTheDocument();

    await user.click(within(email).getByRole("checkbox", { name: "Nouveaux messages" }));
    await user.click(within(push).getByRole("checkbox", { name: "Nouveautés de Passerelle" }));
    await user.click(screen.getByRole("radio", { name: "Un résumé par semaine" }));
    await user.click(screen.getByRole("checkbox", { name: "Heures calmes" }));
    expect(screen.getByLabelText("Début")).toHaveValue("22:00");
    expect(screen.getByLabelText("Fin")).toHaveValue("08:00");
    await user.click(screen.getByRole("button", { name: "Enregistrer mes préférences" }));

    const expected: NotificationPreferences = {
      push: { matches: true, messages: true, payments: true, news: true },
      email: { matches: true, messages: false, payments: true, news: false },
      emailRhythm: "weekly",
      quietHours: { start: "22:00", end: "08:00" },
      timeZone: browserTimeZone,
    };
    expect(api.puts).toEqual([{ url: "/api/notifications/preferences", body: expected }]);
    expect(screen.getByRole("button", { name: "Enregistrement…" })).toBeDisabled();

    api.answer(json(200, { preferences: expected }));
    expect(await screen.findByText("Vos préférences de notification sont enregistrées.")).toBeInTheDocument();
    expect(client.getQueryData<NotificationSettingsDto>(notificationKeys.settings)?.preferences).toEqual(
      expected,
    );
    // A new change: the confirmation no longer holds.
    await user.click(screen.getByRole("radio", { name: "Tout de suite" }));
    expect(screen.queryByText("Vos préférences de notification sont enregistrées.")).not.toBeInTheDocument();
  });

  it("keeps the member’s quiet hours, and refuses an empty time", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubDeferredPuts(
      settings({
        preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: { start: "23:30", end: "07:00" } },
      }),
    );
    renderWithProviders(<NotificationPreferencesSection />);
    const start = await screen.findByLabelText("Début");
    expect(screen.getByRole("checkbox", { name: "Heures calmes" })).toBeChecked();
    expect(start).toHaveValue("23:30");
    expect(screen.getByLabelText("Fin")).toHaveValue("07:00");

    await user.clear(start);
    await user.click(screen.getByRole("button", { name: "Enregistrer mes préférences" }));
    expect(start).toHaveAccessibleDescription(/Indiquez l’heure de début/);
    expect(start).toBeInvalid();
    expect(api.puts).toEqual([]);

    // Switched off, they are sent as none.
    await user.click(screen.getByRole("checkbox", { name: "Heures calmes" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer mes préférences" }));
    expect(api.puts).toEqual([
      {
        url: "/api/notifications/preferences",
        body: { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: null, timeZone: browserTimeZone },
      },
    ]);
  });

  it("shows the server’s message when saving fails, and the choices stay", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubDeferredPuts(settings());
    renderWithProviders(<NotificationPreferencesSection />);
    const box = within(await screen.findByRole("group", { name: "Par e-mail" })).getByRole("checkbox", {
      name: "Nouveaux matchs",
    });
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Enregistrer mes préférences" }));
    api.answer(json(400, { error: { code: "VALIDATION_ERROR", message: "Fuseau horaire inconnu." } }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Vos préférences n’ont pas été enregistrées");
    expect(alert).toHaveTextContent("Fuseau horaire inconnu.");
    expect(box).not.toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Enregistrer mes préférences" })).toBeEnabled(),
    );
  });

  it("says e-mails wait for a confirmed address, and « Jamais » stops them all", async () => {
    const user = userEvent.setup({ delay: null });
    stubDeferredPuts(settings({ emailVerified: false }));
    renderWithProviders(<NotificationPreferencesSection />);
    const email = await screen.findByRole("group", { name: "Par e-mail" });
    expect(email).toHaveTextContent(
      "Aucun e-mail ne vous est envoyé tant que votre adresse n’est pas confirmée",
    );

    await user.click(screen.getByRole("radio", { name: "Jamais" }));
    for (const box of within(email).getAllByRole("checkbox")) expect(box).toBeDisabled();
    expect(screen.getByRole("group", { name: "Rythme des e-mails" })).toHaveAccessibleDescription(
      /Avec «\s?Jamais\s?», aucun e-mail de notification ne vous est envoyé/,
    );
  });

  it("explains a failed load, and tries again", async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    stubFetch(() =>
      fail
        ? { status: 503, body: { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } } }
        : { body: settings() },
    );
    renderWithProviders(<NotificationPreferencesSection />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Impossible de charger vos préférences de notification");
    expect(alert).toHaveTextContent("Service indisponible");

    fail = false;
    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("group", { name: "Par e-mail" })).toBeInTheDocument();
  });
});
