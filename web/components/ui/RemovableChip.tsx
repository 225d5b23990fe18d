import { X } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { cn } from "./cn.ts";

interface RemovableChipProps {
  children: ReactNode;
  /** The remove button's accessible name, e.g. « Retirer Sénégal ». */
  removeLabel: string;
  onRemove: () => void;
  /** The remove button, for a list that moves focus after a removal. */
  buttonRef?: Ref<HTMLButtonElement>;
  className?: string;
}

/** A chosen item shown as a pill with its own 44 px remove button; a long name wraps. */
export function RemovableChip({ children, removeLabel, onRemove, buttonRef, className }: RemovableChipProps) {
  return (
    <span
      className={cn(
        "inline-flex min-h-11 max-w-full items-center gap-1 rounded-full bg-teal-700 pl-4 text-sm font-medium text-white",
        className,
      )}
    >
      <span className="min-w-0 py-1 [overflow-wrap:anywhere]">{children}</span>
      <button
        ref={buttonRef}
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-500"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </span>
  );
}
