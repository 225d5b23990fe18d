// The guided first profile's steps as the page shows them (their order is domain's ONBOARDING_STEPS).
import { ONBOARDING_STEPS, type OnboardingStep } from "@domain/profile-completeness.ts";
import type { ProfileField } from "@web/features/profile/index.ts";

export const STEP_TITLES: Record<OnboardingStep, string> = {
  identity: "Qui je suis",
  photos: "Mes photos",
  about: "Ce que je recherche",
};

/** The fields each step edits (the others are sent as they are stored). */
export const STEP_FIELDS: Record<OnboardingStep, readonly ProfileField[]> = {
  identity: ["firstName", "gender", "birthDate", "country", "originCountry"],
  photos: [],
  about: ["lookingFor", "languages", "interests", "bio"],
};

export const stepIndex = (step: OnboardingStep) => ONBOARDING_STEPS.indexOf(step);

/** The value of `onboardingStep` once `step` is done (or skipped): the index of the next one. */
export const progressAfter = (step: OnboardingStep) => stepIndex(step) + 1;

export function previousStep(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[stepIndex(step) - 1] ?? null;
}

export function nextStep(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[stepIndex(step) + 1] ?? null;
}
