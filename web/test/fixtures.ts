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
    country: "Sénégal",
    phoneNumber: "",
    bio: "",
    occupation: "Infirmière",
    education: "",
    languages: ["Français", "Wolof"],
    interests: ["Rencontre"],
    photos: [],
    accountStatus: "trial",
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}
