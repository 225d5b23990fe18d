import { Check } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn.ts";

interface ToggleChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "aria-pressed"> {
  selected: boolean;
}

/** A pill that is on or off (aria-pressed), with a check mark when on: interests, languages. */
export function ToggleChip({ selected, className, children, ...rest }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cn(
        "inline-flex min-h-11 items-center gap-1 rounded-full border px-3.5 text-sm disabled:opacity-50",
        selected
          ? "border-teal-700 bg-teal-50 font-semibold text-teal-900"
          : "border-sand-300 bg-white text-ink hover:border-teal-500",
        className,
      )}
      {...rest}
    >
      {selected && <Check className="size-4" aria-hidden="true" />}
      {children}
    </button>
  );
}
