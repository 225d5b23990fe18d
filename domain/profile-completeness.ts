// How complete a member's profile is: a percentage and what is missing, shown in the guided first
// profile (/onboarding) and on /profile. Also the « ready » rule: the essentials without which a
// member is offered to finish their profile (docs/decisions/0010-onboarding-and-birth-date.md).
import type { ProfileDto } from "./responses/profile.ts";

/** The steps of the guided first profile, in order; each completeness item belongs to one. */
export const ONBOARDING_STEPS = ["identity", "photos", "about"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
/** `onboardingStep` once the guided first profile was finished. */
export const ONBOARDING_DONE = ONBOARDING_STEPS.length;

export type CompletenessKey =
  | "firstName"
  | "gender"
  | "birthDate"
  | "country"
  | "photo"
  | "bio"
  | "interests"
  | "languages";

interface Item {
  key: CompletenessKey;
  /** What is missing, as it reads after « Il manque : ». */
  label: string;
  step: OnboardingStep;
  /** Share of the percentage; the weights add up to 100. */
  weight: number;
  /** Without it the profile is not ready: other members cannot find the member. */
  essential: boolean;
  done: (p: CompletenessInput) => boolean;
}

export type CompletenessInput = Pick<
  ProfileDto,
  "firstName" | "gender" | "birthDate" | "birthDateConfirmed" | "country" | "bio" | "languages" | "interests"
> & { photos: readonly unknown[] };

const filled = (s: string) => s.trim().length > 0;

// The essentials weigh 60 % together: a ready profile without a photo or a word shows 60 %.
const ITEMS: readonly Item[] = [
  {
    key: "firstName",
    label: "votre prénom",
    step: "identity",
    weight: 15,
    essential: true,
    done: (p) => filled(p.firstName),
  },
  {
    key: "gender",
    label: "votre genre",
    step: "identity",
    weight: 15,
    essential: true,
    done: (p) => p.gender !== null,
  },
  {
    key: "birthDate",
    label: "votre date de naissance",
    step: "identity",
    weight: 15,
    essential: true,
    // The stored default (2000-01-01) is not a birth date the member gave.
    done: (p) => p.birthDateConfirmed,
  },
  {
    key: "country",
    label: "votre pays",
    step: "identity",
    weight: 15,
    essential: true,
    done: (p) => filled(p.country),
  },
  {
    key: "photo",
    label: "une photo",
    step: "photos",
    weight: 20,
    essential: false,
    done: (p) => p.photos.length > 0,
  },
  {
    key: "bio",
    label: "quelques mots sur vous",
    step: "about",
    weight: 10,
    essential: false,
    done: (p) => filled(p.bio),
  },
  {
    key: "interests",
    label: "vos centres d’intérêt",
    step: "about",
    weight: 5,
    essential: false,
    done: (p) => p.interests.length > 0,
  },
  {
    key: "languages",
    label: "vos langues",
    step: "about",
    weight: 5,
    essential: false,
    done: (p) => p.languages.length > 0,
  },
];

export interface MissingItem {
  key: CompletenessKey;
  label: string;
  step: OnboardingStep;
  essential: boolean;
}

export interface Completeness {
  /** 0–100, a whole number. */
  percent: number;
  /** In the order of the steps. */
  missing: MissingItem[];
  /** First name, gender, a confirmed birth date and a country: others can find the member. */
  ready: boolean;
}

export function profileCompleteness(profile: CompletenessInput): Completeness {
  let percent = 0;
  const missing: MissingItem[] = [];
  for (const item of ITEMS) {
    if (item.done(profile)) percent += item.weight;
    else missing.push({ key: item.key, label: item.label, step: item.step, essential: item.essential });
  }
  return { percent, missing, ready: !missing.some((m) => m.essential) };
}

/**
 * The step of the guided first profile to show on arrival: the first one while an essential is
 * missing (nothing else counts before it), else the step the member had reached, or null when they
 * finished it.
 */
export function onboardingResumeStep(
  profile: CompletenessInput & { onboardingStep: number },
): OnboardingStep | null {
  if (!profileCompleteness(profile).ready) return "identity";
  return ONBOARDING_STEPS[profile.onboardingStep] ?? null;
}
