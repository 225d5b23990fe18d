import type { ReactNode } from "react";
import { cn } from "./cn.ts";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown at the end of the hint line, e.g. a character counter. */
  aside?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error, with ids wired for assistive technology. */
export function Field({ id, label, hint, aside, error, required, className, children }: FieldProps) {
  const hintId = hint || aside ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        {/* Outside the label so the accessible name stays exactly the label text. */}
        {required && (
          <span className="text-brand-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        "aria-required": required ? true : undefined,
      })}
      {(hint || aside) && (
        <div id={hintId} className="flex items-start justify-between gap-3 text-sm text-ink-soft">
          <span>{hint}</span>
          {aside && <span className="shrink-0 tabular-nums">{aside}</span>}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger-700">
      {message}
    </p>
  );
}
