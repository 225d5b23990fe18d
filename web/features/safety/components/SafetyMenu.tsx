import { cn } from "@web/components/ui/cn.ts";
import { Ban, EllipsisVertical, Flag } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

interface SafetyMenuProps {
  /** « Awa N. », for the accessible names. */
  name: string;
  onReport: () => void;
  onBlock: () => void;
  className?: string;
  /** Classes of the round « … » button (e.g. a translucent background over a photo). */
  buttonClassName?: string;
}

const itemClass =
  "flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left font-medium text-ink hover:bg-sand-100 " +
  "focus-visible:outline-3 focus-visible:outline-teal-500";

/**
 * « Plus d'actions »: a disclosure button revealing « Signaler » and « Bloquer ». Escape, a click
 * outside or moving focus away closes it.
 */
export function SafetyMenu({ name, onReport, onBlock, className, buttonClassName }: SafetyMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    // Tabbing away from the button and its items closes it too.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root.current?.contains(next)) setOpen(false);
    };
    const el = root.current;
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    el?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
      el?.removeEventListener("focusout", onFocusOut);
    };
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    // The dialog that opens returns focus to the « … » button when it closes.
    button.current?.focus();
    action();
  };

  return (
    <div ref={root} className={cn("relative", className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((v) => !v)}
        className={cn(
          "inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-sand-100 hover:text-teal-900",
          "focus-visible:outline-3 focus-visible:outline-teal-500",
          buttonClassName,
        )}
      >
        <EllipsisVertical className="size-5" aria-hidden="true" />
        <span className="sr-only">Plus d’actions pour {name}</span>
      </button>
      {/* Drawn only while open: a page of search results carries one menu per card. */}
      {open && (
        <ul
          id={listId}
          className="absolute top-full right-0 z-30 mt-1 w-52 rounded-xl border border-sand-200 bg-white p-1 shadow-lg"
        >
          <li>
            <button type="button" className={itemClass} onClick={() => choose(onReport)}>
              <Flag className="size-4 text-ink-soft" aria-hidden="true" />
              Signaler <span className="sr-only">{name}</span>
            </button>
          </li>
          <li>
            <button
              type="button"
              className={cn(itemClass, "text-danger-700")}
              onClick={() => choose(onBlock)}
            >
              <Ban className="size-4" aria-hidden="true" />
              Bloquer <span className="sr-only">{name}</span>
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
