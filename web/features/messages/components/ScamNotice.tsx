import { SCAM_WARNING, type ScamSignal } from "@domain/scam-signals.ts";
import { ShieldAlert } from "lucide-react";

/**
 * A calm warning under a received message that looks like a scam or an attempt to leave the
 * platform: why, in plain words, and a one-click report. Nothing is hidden or blocked.
 */
export function ScamNotice({ signals, onReport }: { signals: readonly ScamSignal[]; onReport: () => void }) {
  return (
    <div
      role="note"
      aria-label="Conseil de prudence"
      className="mt-1.5 flex max-w-[85%] gap-2.5 self-start rounded-xl border border-ochre-300 bg-ochre-100 px-3 py-2.5 text-sm text-ink sm:max-w-[70%]"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-ochre-700" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        {signals.map((signal) => (
          <p key={signal}>{SCAM_WARNING[signal]}</p>
        ))}
        <button
          type="button"
          onClick={onReport}
          className="-my-2 inline-flex min-h-11 w-fit items-center font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
        >
          Signaler ce message
        </button>
      </div>
    </div>
  );
}
