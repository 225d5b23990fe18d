import { Button } from "@web/components/ui/Button.tsx";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";

/** The bottom of a step: « Retour » on the left, the ways forward on the right (stacked on phones). */
export function StepActions({
  onBack,
  children,
}: {
  onBack?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-sand-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="ghost" onClick={onBack} className="sm:-ml-3">
          <ArrowLeft className="size-5" aria-hidden="true" />
          Retour
        </Button>
      ) : (
        <span className="hidden sm:block" />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">{children}</div>
    </div>
  );
}
