// Profiles: created with the SPEC §7 defaults on first load, edited by their owner only.
import { type ProfileDto, type ProfileSave, RELOCATE_OPTIONS, type Relocate } from "@domain/profile.ts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { causeChain } from "../../platform/db/conflicts.ts";
import { profiles } from "../../platform/db/schema/index.ts";
import { unauthenticated } from "../../platform/http/errors.ts";
import { photoDto } from "../../platform/storage/photo-keys.ts";
import { type RenditionRow, renditionsFor } from "../../platform/storage/photo-renditions.ts";
import type { Storage } from "../../platform/storage/storage.ts";

export type ProfileRow = typeof profiles.$inferSelect;

export const isRelocate = (value: string | null): value is Relocate =>
  (RELOCATE_OPTIONS as readonly (string | null)[]).includes(value);

/** `renditions`: the photos' rendition rows (renditionsFor); without them, none is sent. */
export function toProfileDto(
  row: ProfileRow,
  storage: Storage,
  renditions?: ReadonlyMap<string, RenditionRow>,
): ProfileDto {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    lookingFor: row.lookingFor,
    birthDate: row.birthDate,
    birthDateConfirmed: row.birthDateConfirmed,
    country: row.country,
    originCountry: row.originCountry,
    city: row.city,
    relocate: isRelocate(row.relocate) ? row.relocate : null,
    phoneNumber: row.phoneNumber,
    bio: row.bio,
    occupation: row.occupation,
    education: row.education,
    languages: row.languages,
    interests: row.interests,
    photos: row.photos.map((key) => photoDto(key, storage, renditions?.get(key))),
    accountStatus: row.accountStatus,
    onboardingStep: row.onboardingStep,
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    seenOnCallAt: row.seenOnCallAt ? row.seenOnCallAt.toISOString() : null,
    messagesFromVerifiedOnly: row.messagesFromVerifiedOnly,
    firstMessagesFromLikedOnly: row.firstMessagesFromLikedOnly,
    presenceHidden: row.presenceHidden,
    browseInvisibly: row.browseInvisibly,
    hideFromCountry: row.hideFromCountry,
    hideFromCity: row.hideFromCity,
    hideFromOrigin: row.hideFromOrigin,
    neutralNotifications: row.neutralNotifications,
    blurPhotos: row.blurPhotos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's own profile as the API answers it, with their photos' renditions (one more read). */
export async function ownProfileDto(db: Db, storage: Storage, row: ProfileRow): Promise<ProfileDto> {
  return toProfileDto(row, storage, await renditionsFor(db, row.photos));
}

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Returns the member's profile, creating it with the defaults if none exists (race-safe). Never for
 * an account deleted meanwhile (issue 33: an upload in flight recreated one): that request is
 * answered as signed out (401).
 */
export async function getOrCreateProfile(db: Db, userId: string): Promise<ProfileRow> {
  const existing = await findProfile(db, userId);
  if (existing) return existing;
  // Column defaults hold the SPEC values; a concurrent first load is absorbed by the unique user_id.
  // Creating it is being active (presence, issue 17): the request's own touch found no row to write.
  try {
    await db.execute(sql`INSERT INTO profiles (user_id, last_active_at)
      SELECT ${userId}, now() WHERE EXISTS (SELECT 1 FROM "user" WHERE id = ${userId})
      ON CONFLICT (user_id) DO NOTHING`);
  } catch (err) {
    // The account went between the check and the insert's own foreign-key check.
    if (isForeignKeyViolation(err)) throw unauthenticated();
    throw err;
  }
  const created = await findProfile(db, userId);
  if (!created) throw unauthenticated();
  return created;
}

function isForeignKeyViolation(err: unknown): boolean {
  for (const { code } of causeChain(err)) if (code === "23503") return true;
  return false;
}

/**
 * The update of profiles.country_changed_at that goes with writing `country`: now when it differs
 * from the stored one, unchanged otherwise (saving the form with the same country changes nothing).
 * Card prices in FCFA wait after a change (issue 33, domain/payments.ts).
 */
export function countryChange(country: string | undefined) {
  return country === undefined
    ? {}
    : {
        countryChangedAt: sql`CASE WHEN ${profiles.country} IS DISTINCT FROM ${country} THEN now()
          ELSE ${profiles.countryChangedAt} END`,
      };
}

/**
 * Saves the member's form. The form always holds a birth date the member entered or kept, so it is
 * confirmed from now on; the guided first profile's step only moves forward.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileSave): Promise<ProfileRow> {
  await getOrCreateProfile(db, userId);
  const { onboardingStep, ...fields } = input;
  const [row] = await db
    .update(profiles)
    .set({
      ...fields,
      ...countryChange(fields.country),
      birthDateConfirmed: true,
      ...(onboardingStep === undefined
        ? {}
        : { onboardingStep: sql`greatest(${profiles.onboardingStep}, ${onboardingStep})` }),
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.userId, userId))
    .returning();
  if (!row) throw new Error(`Profile update failed for ${userId}`);
  return row;
}

/**
 * The privacy settings: « Recevoir des messages uniquement de membres vérifiés » (issue 16) and
 * « Masquer mon activité » (issue 17), « Qui peut m'écrire en premier » (issue 34), discretion (issue
 * 40: hidden from a country, a city or an origin; neutral notifications); each is changed
 * only when given.
 */
export async function setPrivacy(
  db: Db,
  userId: string,
  settings: {
    messagesFromVerifiedOnly?: boolean;
    firstMessagesFromLikedOnly?: boolean;
    presenceHidden?: boolean;
    browseInvisibly?: boolean;
    hideFromCountry?: boolean;
    hideFromCity?: boolean;
    hideFromOrigin?: boolean;
    neutralNotifications?: boolean;
    blurPhotos?: boolean;
  },
): Promise<ProfileRow> {
  await getOrCreateProfile(db, userId);
  const [row] = await db
    .update(profiles)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning();
  return row!;
}
