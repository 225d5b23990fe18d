import { cn } from "./cn.ts";
import { FieldError } from "./Field.tsx";

interface RadioOption<T extends string> {
  value: T;
  label: string;
}

interface RadioGroupProps<T extends string> {
  name: string;
  legend: string;
  options: readonly RadioOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
}: RadioGroupProps<T>) {
  const errorId = error ? `${name}-error` : undefined;
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 font-medium text-ink">
        {legend}
        {required && (
          <span className="text-brand-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4",
                checked ? "border-teal-700 bg-teal-50 text-teal-900" : "border-sand-300 bg-white",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-teal-500",
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
                required={required}
                className="size-5 accent-teal-700 focus-visible:outline-none"
              />
              {option.label}
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
