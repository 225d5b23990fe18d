import { cn } from "@web/components/ui/cn.ts";
import { formatPercent } from "@web/lib/format.ts";
import { Sparkles } from "lucide-react";

/** The SPEC §7 score, e.g. « 85 % compatibles ». */
export function CompatibilityBadge({ score, className }: { score: number; className?: string }) {
  const strong = score >= 60;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-semibold",
        strong ? "bg-teal-700 text-white" : "bg-sand-200 text-ink",
        className,
      )}
    >
      <Sparkles className="size-4" aria-hidden="true" />
      {formatPercent(score)} <span className="font-normal">de compatibilité</span>
    </span>
  );
}
