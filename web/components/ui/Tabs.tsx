// Tabs, after the WAI-ARIA "tabs with automatic activation" pattern: one tab stop for the list,
// arrow keys (and Home / End) move between tabs and show their panel at once.
import type { LucideIcon } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cn } from "./cn.ts";

export interface TabItem<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
}

interface TabsProps<T extends string> {
  /** Names the list for assistive technologies, e.g. « Rubriques de mon profil ». */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
  className?: string;
  /** « compact »: the panel right under the tabs (a list in a narrow column). */
  spacing?: "normal" | "compact";
}

export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
  className,
  spacing = "normal",
}: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (v: T) => `${baseId}-tab-${v}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.value === value);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onChange(target.value);
    refs.current.get(target.value)?.focus();
  };

  return (
    <div className={cn("flex flex-col", spacing === "normal" && "gap-6", className)}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // On narrow screens the list scrolls within itself rather than widening the page.
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-sand-200 px-1"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          const Icon = tab.icon;
          return (
            <button
              key={tab.value}
              ref={(node) => {
                if (node) refs.current.set(tab.value, node);
                else refs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              className={cn(
                // Phones: equal shares of the width, icon above the label, so three tabs fit at 360 px.
                "-mb-px inline-flex min-h-11 flex-1 shrink-0 flex-col items-center justify-center gap-1 rounded-t-lg border-b-3 px-2 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors",
                "sm:flex-none sm:flex-row sm:gap-2 sm:px-4 sm:text-base",
                "focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-500",
                selected
                  ? "border-brand-700 text-teal-900"
                  : "border-transparent text-ink-soft hover:border-sand-300 hover:text-teal-900",
              )}
            >
              {Icon && <Icon className="size-5" aria-hidden="true" />}
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </div>
  );
}
