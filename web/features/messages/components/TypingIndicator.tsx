import { cn } from "@web/components/ui/cn.ts";

const DOT_DELAYS = ["[animation-delay:-0.3s]", "[animation-delay:-0.15s]", ""];

/**
 * « Awa est en train d'écrire… » over the bottom of the messages. The live region stays in the page
 * so that screen readers announce the words (politely) when they appear; the dots are decoration,
 * still when the member asks for reduced motion.
 */
export function TypingIndicator({ firstName, visible }: { firstName: string; visible: boolean }) {
  return (
    <div role="status" className="pointer-events-none absolute inset-x-0 bottom-0 px-3 pb-2">
      {visible && (
        <p className="inline-flex max-w-full items-center gap-2 rounded-full bg-white/95 px-3 py-1 text-sm text-ink-soft shadow-sm">
          <span aria-hidden="true" className="flex shrink-0 items-center gap-1">
            {DOT_DELAYS.map((delay) => (
              <span
                key={delay}
                className={cn(
                  "size-1.5 animate-bounce rounded-full bg-teal-600 motion-reduce:animate-none",
                  delay,
                )}
              />
            ))}
          </span>
          <span className="truncate">{firstName} est en train d’écrire…</span>
        </p>
      )}
    </div>
  );
}
