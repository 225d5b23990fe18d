import type { Gender } from "@domain/constants.ts";
import { type Presence, presenceLabel } from "@domain/presence.ts";
import { cn } from "@web/components/ui/cn.ts";

interface Props {
  presence: Presence | null;
  /** Agrees the label: « Active aujourd'hui » for a woman. */
  gender: Gender;
  className?: string;
}

/**
 * How recently a member was active (issue 17): a green dot and « En ligne », or a quieter « Actif
 * aujourd'hui » / « Actif cette semaine »; nothing beyond a week or when either member hides it. The
 * dot is decoration: the words are what assistive technologies read.
 */
export function PresenceBadge({ presence, gender, className }: Props) {
  if (presence === null) return null;
  const label = presenceLabel(presence, gender);
  if (presence !== "online") return <span className={cn("text-sm text-ink-soft", className)}>{label}</span>;
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-success-700",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full bg-success-700 ring-2 ring-success-50"
      />
      {label}
    </span>
  );
}
