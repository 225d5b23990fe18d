import { describe, expect, it } from "vitest";
import { minusYears, todayIso } from "./age.ts";
import { normalizePhone, profileSaveSchema, profileUpdateSchema } from "./profile.ts";
import { frenchTypography } from "./typography.ts";

const valid = {
  firstName: "  Awa ",
  lastName: "Diop",
  gender: "female",
  lookingFor: "Une relation sérieuse",
  birthDate: "1995-04-12",
  country: "Sénégal",
  phoneNumber: "+221 77 123 45 67",
  bio: "Bonjour !",
  occupation: "Infirmière",
  education: "Master",
  languages: ["Français", "Wolof", "français"],
  interests: ["Cuisine", " ", "Voyages"],
};

describe("profileUpdateSchema", () => {
  it("accepts and normalises a complete profile", () => {
    const out = profileUpdateSchema.parse(valid);
    expect(out.firstName).toBe("Awa");
    expect(out.phoneNumber).toBe("+221771234567");
    expect(out.languages).toEqual(["Français", "Wolof"]);
    expect(out.interests).toEqual(["Cuisine", "Voyages"]);
  });

  it.each([
    [{ firstName: "" }, "firstName", "Veuillez indiquer votre prénom"],
    [{ gender: "other" }, "gender", "Veuillez choisir Homme ou Femme"],
    [{ birthDate: "2015-01-01" }, "birthDate", "Vous devez avoir entre 18 et 99 ans"],
    [{ birthDate: "2001-02-30" }, "birthDate", "Date de naissance invalide"],
    [{ country: "Atlantide" }, "country", "Veuillez choisir un pays dans la liste"],
    [
      { phoneNumber: "12" },
      "phoneNumber",
      "Numéro de téléphone invalide (8 à 15 chiffres, ex. +33 6 12 34 56 78)",
    ],
    [{ bio: "a".repeat(1001) }, "bio", "Présentation : 1000 caractères au maximum"],
    [{ lookingFor: "n’importe quoi" }, "lookingFor", "Veuillez choisir ce que vous recherchez"],
    [{ languages: Array(21).fill("x") }, "languages", "Langues : 20 éléments au maximum"],
  ])("refuses %o with a French message", (patch, field, message) => {
    const res = profileUpdateSchema.safeParse({ ...valid, ...patch });
    expect(res.success).toBe(false);
    const issue = res.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(frenchTypography(message));
  });

  it("refuses unknown fields such as account_status", () => {
    const res = profileUpdateSchema.safeParse({ ...valid, accountStatus: "subscribed" });
    expect(res.success).toBe(false);
  });

  it.each([
    ["", "Veuillez indiquer votre date de naissance"],
    ["2001-02-30", "Date de naissance invalide"],
    [minusYears(todayIso(), -1), "La date de naissance ne peut pas être dans le futur"],
    [minusYears(todayIso(), 17), "Vous devez avoir entre 18 et 99 ans"],
    [minusYears(todayIso(), 100), "Vous devez avoir entre 18 et 99 ans"],
  ])("gives the birth date %s exactly one message", (birthDate, message) => {
    const res = profileUpdateSchema.safeParse({ ...valid, birthDate });
    expect(res.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["birthDate", message]]);
  });

  it("accepts a birth date giving exactly 18 years today", () => {
    expect(profileUpdateSchema.safeParse({ ...valid, birthDate: minusYears(todayIso(), 18) }).success).toBe(
      true,
    );
  });
});

describe("profileSaveSchema", () => {
  it("takes the step of the guided first profile with the profile’s fields", () => {
    expect(profileSaveSchema.parse({ ...valid, onboardingStep: 2 }).onboardingStep).toBe(2);
    expect(profileSaveSchema.parse(valid).onboardingStep).toBeUndefined();
  });

  it.each([-1, 4, 1.5, "2", null])("refuses the step %o in French", (onboardingStep) => {
    const res = profileSaveSchema.safeParse({ ...valid, onboardingStep });
    expect(res.error?.issues[0]?.message).toBe("L’étape doit être un entier entre 0 et 3");
  });

  it("still refuses unknown fields", () => {
    expect(profileSaveSchema.safeParse({ ...valid, birthDateConfirmed: true }).success).toBe(false);
  });
});

describe("normalizePhone", () => {
  it.each([
    ["", ""],
    ["06 12 34 56 78", "0612345678"],
    ["+33 (0)6-12-34-56-78", "+330612345678"],
    ["abc", null],
    ["+1234", null],
    ["1234567890123456", null],
  ])("%s → %s", (input, out) => expect(normalizePhone(input)).toBe(out));
});
