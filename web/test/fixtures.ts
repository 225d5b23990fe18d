import type { PublicProfileDto } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";

export function profileFixture(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: "p1",
    userId: "u1",
    firstName: "Awa",
    lastName: "Diop",
    gender: "female",
    lookingFor: "Une relation sérieuse",
    birthDate: "1994-05-12",
    birthDateConfirmed: true,
    country: "Sénégal",
    originCountry: "",
    city: "Dakar",
    relocate: null,
    phoneNumber: "",
    bio: "",
    occupation: "Infirmière",
    education: "",
    languages: ["Français", "Wolof"],
    interests: ["Rencontre"],
    photos: [],
    accountStatus: "trial",
    onboardingStep: 3,
    verifiedAt: null,
    messagesFromVerifiedOnly: false,
    firstMessagesFromLikedOnly: false,
    presenceHidden: false,
    browseInvisibly: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function publicProfileFixture(overrides: Partial<PublicProfileDto> = {}): PublicProfileDto {
  return {
    userId: "u2",
    firstName: "Moussa",
    lastInitial: "K.",
    age: 34,
    gender: "male",
    lookingFor: "Une relation sérieuse",
    country: "Mali",
    originCountry: "",
    city: "Bamako",
    relocate: null,
    bio: "Ingénieur à Bamako.",
    occupation: "Ingénieur",
    education: "Master",
    languages: ["Français", "Bambara"],
    interests: ["Musique"],
    photos: [],
    compatibility: 65,
    verified: false,
    profileVerified: false,
    presence: null,
    voiceIntro: null,
    ...overrides,
  };
}
