import { describe, expect, it } from "vitest";
import { PROFILE_DEFAULTS } from "./profile.ts";
import {
  type CompletenessInput,
  ONBOARDING_DONE,
  onboardingResumeStep,
  profileCompleteness,
} from "./profile-completeness.ts";

/** A profile as created at sign-up (SPEC §7 defaults). */
const fresh = (): CompletenessInput => ({
  ...PROFILE_DEFAULTS,
  languages: [...PROFILE_DEFAULTS.languages],
  interests: [...PROFILE_DEFAULTS.interests],
  photos: [],
});

const complete = (): CompletenessInput => ({
  firstName: "Awa",
  gender: "female",
  birthDate: "1994-05-12",
  birthDateConfirmed: true,
  country: "Sénégal",
  bio: "Infirmière à Dakar, j’aime la musique.",
  languages: ["Français", "Wolof"],
  interests: ["Musique"],
  photos: [{ key: "photos/u1.jpg" }],
});

describe("profileCompleteness", () => {
  it("counts only the default languages and interests of a new profile, and lists the rest in step order", () => {
    const c = profileCompleteness(fresh());
    expect(c.percent).toBe(10);
    expect(c.ready).toBe(false);
    expect(c.missing.map((m) => m.key)).toEqual([
      "firstName",
      "gender",
      "birthDate",
      "country",
      "photo",
      "bio",
    ]);
    expect(c.missing.map((m) => m.label)).toEqual([
      "votre prénom",
      "votre genre",
      "votre date de naissance",
      "votre pays",
      "une photo",
      "quelques mots sur vous",
    ]);
    expect(c.missing.filter((m) => m.essential).map((m) => m.step)).toEqual([
      "identity",
      "identity",
      "identity",
      "identity",
    ]);
  });

  it("gives 100 % and nothing missing for a complete profile", () => {
    expect(profileCompleteness(complete())).toEqual({ percent: 100, missing: [], ready: true });
  });

  it("never counts the default birth date as given", () => {
    // The stored 2000-01-01 is a real calendar date; only the member's confirmation makes it theirs.
    const c = profileCompleteness({ ...complete(), birthDate: "2000-01-01", birthDateConfirmed: false });
    expect(c.ready).toBe(false);
    expect(c.percent).toBe(85);
    expect(c.missing).toEqual([
      { key: "birthDate", label: "votre date de naissance", step: "identity", essential: true },
    ]);
  });

  it("is ready with the four essentials alone, at 60 % plus the default lists", () => {
    const c = profileCompleteness({ ...fresh(), ...complete(), bio: "   ", photos: [] });
    expect(c.ready).toBe(true);
    expect(c.percent).toBe(70);
    expect(c.missing.map((m) => m.key)).toEqual(["photo", "bio"]);
    expect(c.missing.every((m) => !m.essential)).toBe(true);
  });

  it("treats blank text as missing", () => {
    const c = profileCompleteness({ ...complete(), firstName: "  ", country: "" });
    expect(c.ready).toBe(false);
    expect(c.missing.map((m) => m.key)).toEqual(["firstName", "country"]);
    expect(c.percent).toBe(70);
  });

  it("counts empty language and interest lists as missing", () => {
    const c = profileCompleteness({ ...complete(), languages: [], interests: [] });
    expect(c.percent).toBe(90);
    expect(c.missing.map((m) => m.key)).toEqual(["interests", "languages"]);
  });
});

describe("onboardingResumeStep", () => {
  it("starts at « who I am » while an essential is missing, wherever the member had got to", () => {
    expect(onboardingResumeStep({ ...fresh(), onboardingStep: 0 })).toBe("identity");
    expect(onboardingResumeStep({ ...fresh(), onboardingStep: ONBOARDING_DONE })).toBe("identity");
    expect(
      onboardingResumeStep({ ...complete(), birthDateConfirmed: false, onboardingStep: ONBOARDING_DONE }),
    ).toBe("identity");
  });

  it("resumes at the step reached once the essentials are there, and is over after the last one", () => {
    expect(onboardingResumeStep({ ...complete(), onboardingStep: 0 })).toBe("identity");
    expect(onboardingResumeStep({ ...complete(), onboardingStep: 1 })).toBe("photos");
    expect(onboardingResumeStep({ ...complete(), photos: [], onboardingStep: 2 })).toBe("about");
    expect(onboardingResumeStep({ ...complete(), onboardingStep: ONBOARDING_DONE })).toBeNull();
  });
});
