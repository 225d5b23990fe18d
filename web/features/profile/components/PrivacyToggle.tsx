import { Alert } from "@web/components/ui/Alert.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { type ReactNode, useState } from "react";

/** The part of a privacy mutation (web/features/profile/api.ts) a toggle needs. */
interface ToggleMutation {
  mutate: (on: boolean, options?: { onSettled?: () => void }) => void;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
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

/**
 * A box saved as soon as it changes: it shows the value just chosen from the click itself until the
 * server has answered, then the stored one (the new value, or the old one beside the error). The
 * mutation's own pending state comes later, on TanStack Query's timer: a controlled box showing
 * only that sprang back to the old value in between, for as long as a busy phone took to run it.
 */
export function useSavedToggle(save: ToggleMutation, stored: boolean) {
  // Set from the click until the mutation settles: it is the saving state too.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return {
    checked: chosen ?? stored,
    saving: chosen !== null,
    change: (on: boolean) => {
      setChosen(on);
      save.mutate(on, { onSettled: () => setChosen(null) });
    },
  };
}

/** A privacy setting saved as soon as it changes, with its hint, progress and error. */
export function PrivacyToggle({ id, label, on, save, hint, saved }: Props) {
  const hintId = `${id}-hint`;
  const toggle = useSavedToggle(save, on);
  return (
    <div className="flex flex-col gap-3">
      <Checkbox
        id={id}
        label={label}
        checked={toggle.checked}
        disabled={toggle.saving}
        aria-describedby={hintId}
        onChange={(e) => toggle.change(e.target.checked)}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        {hint}
      </p>
      <p role="status" className="text-sm font-medium text-ink-soft empty:hidden">
        {toggle.saving ? "Enregistrement…" : save.isSuccess ? (on ? saved.on : saved.off) : null}
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </div>
  );
}
