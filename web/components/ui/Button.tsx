import { useHydrated } from "@web/lib/use-hydrated.ts";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn.ts";
import { Spinner } from "./Spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

// `relative`: visually hidden text in a button (`sr-only`, absolutely positioned) stays inside it,
// instead of being placed against a far ancestor where it can widen the page or a scroll box.
const base =
  "relative inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-500 " +
  "disabled:cursor-not-allowed disabled:opacity-60 select-none [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900",
  secondary: "border-2 border-teal-700 bg-white text-teal-800 hover:bg-teal-50",
  ghost: "bg-transparent text-teal-800 hover:bg-teal-50",
  danger: "bg-danger-600 text-white hover:bg-danger-700",
};

const sizes: Record<ButtonSize, string> = {
  // Every size keeps a 44 px touch target.
  sm: "min-h-11 px-4 text-sm",
  md: "min-h-11 px-5 text-base",
  lg: "min-h-12 px-7 text-lg",
  /** A square 44 px button holding only an icon: give it an aria-label or an sr-only text. */
  icon: "size-11 p-0",
};

/** Classes for links styled as buttons. */
export function buttonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  className?: string,
) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /** Text announced while loading, e.g. « Enregistrement… ». */
  loadingText?: string;
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  // A form on a prerendered page cannot be sent before its handlers exist (the browser would
  // send it itself, to the wrong place).
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled || loading || (type === "submit" && !hydrated)}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...rest}
    >
      {loading && <Spinner label={null} className="size-4" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
