// A call's entry in the conversation (issue 38): « Appel vidéo · 12 min », « Appel vocal manqué »…,
// centred like the day separators, in red when the member missed it.
import { type CallOutcome, callEntryLabel } from "@domain/calls.ts";
import { cn } from "@web/components/ui/cn.ts";
import { formatTime } from "@web/lib/format.ts";
import { Phone, PhoneMissed, Video } from "lucide-react";

export function CallEntry({
  call,
  mine,
  createdAt,
}: {
  call: { outcome: CallOutcome; video: boolean; durationMs: number | null };
  mine: boolean;
  createdAt: string;
}) {
  const label = callEntryLabel(call, mine);
  const missed = !mine && (call.outcome === "missed" || call.outcome === "cancelled");
  const Icon = missed ? PhoneMissed : call.video ? Video : Phone;
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset",
        missed ? "bg-brand-50 text-brand-700 ring-brand-200" : "bg-white text-teal-900 ring-sand-200",
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {label}
        <span className="text-ink-soft"> · {formatTime(createdAt)}</span>
      </span>
    </p>
  );
}
