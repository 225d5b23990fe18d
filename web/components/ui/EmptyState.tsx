import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** A button or link saying what to do next. */
  action?: ReactNode;
  className?: string;
}

/** What a page shows when it has nothing to list, and what to do about it. */
export function EmptyState({ icon: Icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-[var(--radius-card)] border-2 border-dashed border-sand-300 px-6 py-12 text-center",
        className,
      )}
    >
      <Icon className="size-10 text-ochre-700" aria-hidden="true" />
      <h2 className="text-xl font-bold text-teal-900">{title}</h2>
      {children && <div className="max-w-md text-ink-soft">{children}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
