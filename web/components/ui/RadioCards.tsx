// A choice of one among a few options shown as cards (a way to pay, an operator): native radio
// buttons in a fieldset, so the keyboard works as everywhere (Tab enters the group, the arrows
// move the choice) and screen readers announce the group, the option and its description.
import type { LucideIcon } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { cn } from "./cn.ts";
import { FieldError } from "./Field.tsx";

export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  /** A line under the label, read with it. */
  description?: ReactNode;
  icon?: LucideIcon;
}

interface RadioCardsProps<T extends string> {
  /** The radios' name, also the prefix of their ids: unique on the page. */
  name: string;
  legend: string;
  options: readonly RadioCardOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  ref?: Ref<HTMLFieldSetElement>;
}

export function RadioCards<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  hint,
  error,
  className,
  ref,
}: RadioCardsProps<T>) {
  const hintId = hint ? `${name}-hint` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset
      ref={ref}
      className={cn("flex min-w-0 flex-col gap-2", className)}
      aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-2 font-medium text-ink">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          // Named by its label alone (the card's label element also holds the description).
          const descriptionId = option.description ? `${id}-description` : undefined;
          const checked = value === option.value;
          const Icon = option.icon;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border-2 bg-white px-4 py-3 transition-colors",
                checked ? "border-teal-700 bg-teal-50" : "border-sand-200 hover:border-teal-500",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-500",
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${id}-label`}
                aria-describedby={[descriptionId, errorId].filter(Boolean).join(" ") || undefined}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 size-5 shrink-0 accent-teal-700 focus-visible:outline-none"
              />
              {Icon && <Icon className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />}
              <span className="flex min-w-0 flex-col">
                <span
                  id={`${id}-label`}
                  className={cn("font-semibold", checked ? "text-teal-900" : "text-ink")}
                >
                  {option.label}
                </span>
                {option.description && (
                  <span id={descriptionId} className="text-sm text-ink-soft">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
