import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { FieldError } from "./Field.tsx";

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ id, label, error, ...rest }: CheckboxProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex min-h-11 items-start gap-3 py-1">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-6 shrink-0 cursor-pointer rounded accent-brand-700 focus-visible:outline-3 focus-visible:outline-teal-500"
          {...rest}
        />
        <label htmlFor={id} className="cursor-pointer">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
