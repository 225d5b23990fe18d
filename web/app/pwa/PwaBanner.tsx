// The look of the app's own offers (a new version, installation): a floating card, with the radius of
// web/components/ui/Card.tsx and the shadow of the toasts, holding a title, a sentence and buttons.
// White, so that the ghost button's hover shows. Placed by PwaPrompts (a new version) and InstallSlot.
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";

interface PwaBannerProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** The buttons, the main one last (to the right, and nearest the thumb). */
  actions: ReactNode;
}

export function PwaBanner({ icon: Icon, title, children, actions }: PwaBannerProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-auto rounded-[var(--radius-card)] border border-teal-200 bg-white px-4 py-3 text-sm text-teal-900 shadow-lg"
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
        <div>
          <h2 id={titleId} className="font-semibold">
            {title}
          </h2>
          <p className="text-ink-soft">{children}</p>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap justify-end gap-2">{actions}</div>
    </section>
  );
}
