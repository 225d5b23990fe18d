import { cn } from "./cn.ts";

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex justify-between text-sm text-ink-soft">
        <span>{label}</span>
        <span className="tabular-nums" aria-hidden="true">
          {v} %
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={v}
        aria-valuetext={`${v} %`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-sand-200"
      >
        <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${v}%` }} />
      </div>
    </div>
  );
}
