import {
  EMAIL_RHYTHM_LABELS,
  EMAIL_RHYTHMS,
  type NotificationChannel,
  type NotificationType,
} from "@domain/notifications.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { type FormEvent, useState } from "react";
import { type NotificationSettingsDto, useSaveNotificationPreferences } from "../api.ts";
import {
  browserTimeZone,
  formValues,
  type PreferencesFormValues,
  type QuietHoursErrors,
  toPreferences,
} from "../preferences-form.ts";
import { ChannelFieldset } from "./ChannelFieldset.tsx";
import { PushDeviceControl } from "./PushDeviceControl.tsx";
import { QuietHoursFields } from "./QuietHoursFields.tsx";

const RHYTHM_OPTIONS = EMAIL_RHYTHMS.map((value) => ({ value, label: EMAIL_RHYTHM_LABELS[value] }));

/** The preferences, edited here and saved together with « Enregistrer mes préférences ». */
export function NotificationPreferencesForm({ settings }: { settings: NotificationSettingsDto }) {
  const save = useSaveNotificationPreferences();
  const [values, setValues] = useState<PreferencesFormValues>(() => formValues(settings.preferences));
  const [errors, setErrors] = useState<QuietHoursErrors>({});
  const timeZone = browserTimeZone(settings.preferences.timeZone);

  /** Any change makes the last « enregistré » or error stale. */
  const update = (change: (v: PreferencesFormValues) => PreferencesFormValues) => {
    setValues(change);
    setErrors({});
    save.reset();
  };
  const setChannel = (channel: NotificationChannel) => (type: NotificationType, on: boolean) =>
    update((v) => ({ ...v, [channel]: { ...v[channel], [type]: on } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = toPreferences(values, timeZone);
    if ("errors" in result) return setErrors(result.errors);
    save.mutate(result.preferences);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Mes notifications">
      <div className="grid gap-4 sm:grid-cols-2">
        <ChannelFieldset channel="push" values={values.push} onChange={setChannel("push")}>
          <PushDeviceControl pushKey={settings.pushKey} />
        </ChannelFieldset>
        <ChannelFieldset
          channel="email"
          values={values.email}
          onChange={setChannel("email")}
          disabled={values.emailRhythm === "never"}
        >
          {!settings.emailVerified && (
            <Alert tone="info">
              Aucun e-mail ne vous est envoyé tant que votre adresse n’est pas confirmée : suivez le lien que
              nous vous avons envoyé.
            </Alert>
          )}
        </ChannelFieldset>
      </div>
      <RadioGroup
        name="notifications-email-rhythm"
        legend="Rythme des e-mails"
        options={RHYTHM_OPTIONS}
        value={values.emailRhythm}
        onChange={(emailRhythm) => update((v) => ({ ...v, emailRhythm }))}
        hint={
          values.emailRhythm === "never"
            ? `Avec ${quoted("Jamais")}, aucun e-mail de notification ne vous est envoyé.`
            : "Un résumé regroupe en un seul e-mail ce qui est arrivé depuis le précédent."
        }
      />
      <QuietHoursFields
        value={values.quiet}
        onChange={(quiet) => update((v) => ({ ...v, quiet }))}
        timeZone={timeZone}
        errors={errors}
      />
      <div aria-live="polite" className="empty:hidden">
        {save.isSuccess && <Alert tone="success">Vos préférences de notification sont enregistrées.</Alert>}
        {save.isError && (
          <Alert tone="error" title="Vos préférences n’ont pas été enregistrées">
            {errorMessage(save.error)}
          </Alert>
        )}
      </div>
      <Button
        type="submit"
        variant="secondary"
        className="sm:w-fit"
        loading={save.isPending}
        loadingText="Enregistrement…"
      >
        Enregistrer mes préférences
      </Button>
    </form>
  );
}
