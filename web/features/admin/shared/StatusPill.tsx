import { cn } from "@web/components/ui/cn.ts";
import type { ReactNode } from "react";

export type PillTone = "success" | "danger" | "warning" | "info" | "neutral";

const tones: Record<PillTone, string> = {
  success: "bg-success-50 text-success-700 ring-success-700/20",
  danger: "bg-danger-50 text-danger-700 ring-danger-600/20",
  warning: "bg-ochre-100 text-ochre-700 ring-ochre-500/30",
  info: "bg-teal-50 text-teal-800 ring-teal-200",
  neutral: "bg-sand-100 text-ink-soft ring-sand-300",
};

/** A short status word in a tinted pill (the word carries the meaning, not the colour). */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
