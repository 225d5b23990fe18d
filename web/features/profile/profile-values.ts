import { minusYears, todayIso } from "@domain/age.ts";
import { AGE_MAX, AGE_MIN, type Gender } from "@domain/constants.ts";
import { PROFILE_DEFAULTS, type ProfileDto, type ProfileUpdateInput } from "@domain/profile.ts";

/** The editable part of a profile, as the form holds it (gender stays unset until chosen). */
export type ProfileFormValues = Omit<ProfileUpdateInput, "gender"> & { gender: Gender | null };

export function toFormValues(profile: ProfileDto): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    gender: profile.gender,
    lookingFor: profile.lookingFor as ProfileUpdateInput["lookingFor"],
    // An unconfirmed birth date is the stored default, not the member's: the field starts empty.
    birthDate: profile.birthDateConfirmed ? profile.birthDate : "",
    country: profile.country,
    originCountry: profile.originCountry,
    city: profile.city,
    relocate: profile.relocate ?? "",
    phoneNumber: profile.phoneNumber,
    bio: profile.bio,
    occupation: profile.occupation,
    education: profile.education,
    languages: [...profile.languages],
    interests: [...profile.interests],
  };
}

/** SPEC §8: the empty default profile used when the server says the profile is not found. */
export function emptyProfile(): ProfileDto {
  const now = new Date().toISOString();
  return {
    ...PROFILE_DEFAULTS,
    id: "",
    userId: "",
    languages: [...PROFILE_DEFAULTS.languages],
    interests: [...PROFILE_DEFAULTS.interests],
    photos: [],
    verifiedAt: null,
    seenOnCallAt: null,
    messagesFromVerifiedOnly: false,
    firstMessagesFromLikedOnly: false,
    presenceHidden: false,
    browseInvisibly: false,
    hideFromCountry: false,
    hideFromCity: false,
    hideFromOrigin: false,
    neutralNotifications: false,
    blurPhotos: false,
    createdAt: now,
    updatedAt: now,
  };
}

/** min and max of the birth-date input for ages AGE_MIN to AGE_MAX. */
export function birthDateBounds(today: string = todayIso()): { min: string; max: string } {
  const oldest = new Date(`${minusYears(today, AGE_MAX + 1)}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() + 1);
  return { min: oldest.toISOString().slice(0, 10), max: minusYears(today, AGE_MIN) };
}

export const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "gender",
  "lookingFor",
  "birthDate",
  "country",
  "originCountry",
  "city",
  "relocate",
  "phoneNumber",
  "bio",
  "occupation",
  "education",
  "languages",
  "interests",
] as const satisfies readonly (keyof ProfileFormValues)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Maps a server field path ("languages.2") onto a form field, or null. */
export function toProfileField(path: string): ProfileField | null {
  const head = path.split(".")[0] ?? "";
  return (PROFILE_FIELDS as readonly string[]).includes(head) ? (head as ProfileField) : null;
}
