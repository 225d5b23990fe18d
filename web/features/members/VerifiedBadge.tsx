import { cn } from "@web/components/ui/cn.ts";
import { BadgeCheck } from "lucide-react";

/** « E-mail vérifié »: the member confirmed their e-mail address. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full bg-teal-50 px-2.5 py-0.5 text-sm font-semibold text-teal-800 ring-1 ring-teal-200 ring-inset",
        className,
      )}
    >
      <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
      E-mail vérifié
    </span>
  );
}
