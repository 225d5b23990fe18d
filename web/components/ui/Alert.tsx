import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "./cn.ts";

type Tone = "error" | "success" | "info";

const tones: Record<Tone, string> = {
  error: "border-danger-600/40 bg-danger-50 text-danger-700",
  success: "border-success-700/30 bg-success-50 text-success-700",
  info: "border-teal-200 bg-teal-50 text-teal-900",
};

const icons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

interface AlertProps {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
  className?: string;
  id?: string;
  /**
   * Brings the message into view when it appears (give it a new `key` for each new message): for a
   * message shown after an action, below the control that caused it, which may be off screen.
   */
  reveal?: boolean;
}

/** Inline message. Errors use role="alert", other tones role="status". */
export function Alert({ tone = "info", title, children, className, id, reveal = false }: AlertProps) {
  const Icon = icons[tone];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!reveal || !el) return;
    // Where the eyes are: below the sticky header and in the upper half of the screen, clear of
    // the toasts and of the phone's bottom bar, which share the bottom of the screen.
    const { top, bottom } = el.getBoundingClientRect();
    if (top < 64 || bottom > window.innerHeight * 0.55) el.scrollIntoView({ block: "center" });
  }, [reveal]);
  return (
    <div
      ref={ref}
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl border px-4 py-3 text-sm", tones[tone], className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
