import { ONBOARDING_STEPS, type OnboardingStep } from "@domain/profile-completeness.ts";
import { cn } from "@web/components/ui/cn.ts";
import { STEP_TITLES, stepIndex } from "../steps.ts";

/** Three bars with the steps' names; the current one is marked for assistive technology. */
export function StepProgress({ current }: { current: OnboardingStep }) {
  const at = stepIndex(current);
  return (
    <ol aria-label="Étapes" className="grid grid-cols-3 gap-2 sm:gap-3">
      {ONBOARDING_STEPS.map((step, i) => (
        <li key={step} aria-current={step === current ? "step" : undefined} className="flex flex-col gap-1.5">
          <span
            aria-hidden="true"
            className={cn("h-1.5 rounded-full", i <= at ? "bg-teal-600" : "bg-sand-200")}
          />
          <span
            className={cn(
              "text-xs leading-tight sm:text-sm",
              step === current ? "font-semibold text-teal-900" : "text-ink-soft",
            )}
          >
            <span className="sr-only">Étape {i + 1} : </span>
            {STEP_TITLES[step]}
            {i < at && <span className="sr-only"> (passée)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
