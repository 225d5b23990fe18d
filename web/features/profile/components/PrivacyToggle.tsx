import { Alert } from "@web/components/ui/Alert.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { errorMessage } from "@web/lib/api.ts";
import type { ReactNode } from "react";

/** The part of a privacy mutation (web/features/profile/api.ts) a toggle needs. */
interface ToggleMutation {
  mutate: (on: boolean) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
  variables: boolean | undefined;
}

interface Props {
  id: string;
  label: string;
  /** The stored setting (the profile's). */
  on: boolean;
  save: ToggleMutation;
  hint: ReactNode;
  /** Announced once saved, for the new value. */
  saved: { on: string; off: string };
}

/** A privacy setting saved as soon as it changes, with its hint, progress and error. */
export function PrivacyToggle({ id, label, on, save, hint, saved }: Props) {
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-3">
      <Checkbox
        id={id}
        label={label}
        checked={save.isPending ? Boolean(save.variables) : on}
        disabled={save.isPending}
        aria-describedby={hintId}
        onChange={(e) => save.mutate(e.target.checked)}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        {hint}
      </p>
      <p role="status" className="text-sm font-medium text-ink-soft empty:hidden">
        {save.isPending ? "Enregistrement…" : save.isSuccess ? (on ? saved.on : saved.off) : null}
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
