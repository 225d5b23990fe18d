// The admin's profile form: values from a row, and which fields changed (only those are checked
// and sent, so fixing one field never depends on another one being complete).
import type { AdminProfileRow } from "@domain/admin.ts";
import { type ProfileUpdate, type ProfileUpdateInput, profileUpdateSchema } from "@domain/profile.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PROFILE_FIELDS, type ProfileFormValues } from "@web/features/profile/index.ts";
import type { Resolver } from "react-hook-form";

export type { ProfileFormValues };

export function toFormValues(row: AdminProfileRow): ProfileFormValues {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    lookingFor: row.lookingFor as ProfileUpdateInput["lookingFor"],
    // The stored default is not the member's birth date: the field starts empty (docs/decisions/0010).
    birthDate: row.birthDateConfirmed ? row.birthDate : "",
    country: row.country,
    originCountry: row.originCountry,
    city: row.city,
    // « Ne pas préciser » is the empty option, as in the member's form.
    relocate: row.relocate ?? "",
    phoneNumber: row.phoneNumber,
    bio: row.bio,
    occupation: row.occupation,
    education: row.education,
    languages: [...row.languages],
    interests: [...row.interests],
  };
}

export function changedValues(
  values: ProfileFormValues,
  original: ProfileFormValues,
): Partial<ProfileFormValues> {
  const out: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (JSON.stringify(values[field]) !== JSON.stringify(original[field])) out[field] = values[field];
  }
  return out as Partial<ProfileFormValues>;
}

const partialResolver = zodResolver(profileUpdateSchema.partial());

/** Validates the changed fields with the rules of domain/profile.ts; the result holds only them. */
export function changedFieldsResolver(
  original: () => ProfileFormValues,
): Resolver<ProfileFormValues, unknown, Partial<ProfileUpdate>> {
  return ((values: ProfileFormValues, context: unknown, options: unknown) =>
    (partialResolver as unknown as (v: unknown, c: unknown, o: unknown) => unknown)(
      changedValues(values, original()),
      context,
      options,
    )) as unknown as Resolver<ProfileFormValues, unknown, Partial<ProfileUpdate>>;
}
