import type { Gender } from "@domain/constants.ts";
import { type Presence, presenceLabel } from "@domain/presence.ts";
import { cn } from "@web/components/ui/cn.ts";

/**
 * Labels that need no agreement, for a member whose gender the page does not know (a conversation
 * carries none): « En ligne aujourd'hui » rather than a possibly wrong « Actif aujourd'hui ».
 */
const NEUTRAL_LABELS: Record<Presence, string> = {
  online: "En ligne",
  today: "En ligne aujourd’hui",
  week: "En ligne cette semaine",
};

interface Props {
  presence: Presence | null;
  /** Agrees the label: « Active aujourd'hui » for a woman; null when unknown (neutral wording). */
  gender: Gender | null;
  /** "xs" for dense lists (the conversations). */
  size?: "sm" | "xs";
  className?: string;
}

/**
 * How recently a member was active (issue 17): a green dot and « En ligne », or a quieter « Actif
 * aujourd'hui » / « Actif cette semaine »; nothing beyond a week or when either member hides it. The
 * dot is decoration: the words are what assistive technologies read.
 */
export function PresenceBadge({ presence, gender, size = "sm", className }: Props) {
  if (presence === null) return null;
  const label = gender === null ? NEUTRAL_LABELS[presence] : presenceLabel(presence, gender);
  const text = size === "xs" ? "text-xs" : "text-sm";
  if (presence !== "online") return <span className={cn(text, "text-ink-soft", className)}>{label}</span>;
  return (
    <span
      className={cn("inline-flex w-fit items-center gap-1.5 font-semibold text-success-700", text, className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          "shrink-0 rounded-full bg-success-700 ring-2 ring-success-50",
          size === "xs" ? "size-2" : "size-2.5",
        )}
      />
      {label}
    </span>
  );
}
