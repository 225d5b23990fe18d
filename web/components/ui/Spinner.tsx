import { cn } from "./cn.ts";

interface SpinnerProps {
  /** Accessible text; pass null when a parent already announces the state. */
  label?: string | null;
  className?: string;
}

export function Spinner({ label = "Chargement…", className }: SpinnerProps) {
  const svg = (
    <svg
      className={cn("size-5 animate-spin", className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (label === null) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area spinner used while a page or the session loads. */
export function PageSpinner({ label = "Chargement…" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-teal-700">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
