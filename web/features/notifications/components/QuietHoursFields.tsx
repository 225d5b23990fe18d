import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import type { QuietHoursErrors, QuietHoursValue } from "../preferences-form.ts";

interface Props {
  value: QuietHoursValue;
  onChange: (value: QuietHoursValue) => void;
  timeZone: string;
  errors: QuietHoursErrors;
}

/** « Heures calmes »: no push between two times of the member's day (the end may be the next day). */
export function QuietHoursFields({ value, onChange, timeZone, errors }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <Checkbox
        id="notifications-quiet"
        label="Heures calmes"
        checked={value.on}
        aria-describedby="notifications-quiet-hint"
        onChange={(e) => onChange({ ...value, on: e.target.checked })}
      />
      <p id="notifications-quiet-hint" className="-mt-2 text-sm text-ink-soft">
        Aucune notification sur vos appareils pendant ces heures. Les e-mails ne changent pas.
      </p>
      {value.on && (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Heures calmes</legend>
          <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
            <Field id="notifications-quiet-start" label="Début" error={errors.start}>
              {(c) => (
                <Input
                  {...c}
                  type="time"
                  value={value.start}
                  onChange={(e) => onChange({ ...value, start: e.target.value })}
                />
              )}
            </Field>
            <Field id="notifications-quiet-end" label="Fin" error={errors.end}>
              {(c) => (
                <Input
                  {...c}
                  type="time"
                  value={value.end}
                  onChange={(e) => onChange({ ...value, end: e.target.value })}
                />
              )}
            </Field>
          </div>
          <p className="text-sm text-ink-soft">
            Heures de votre fuseau horaire : {timeZone.replace(/_/g, " ")}.
          </p>
        </fieldset>
      )}
    </div>
  );
}
