// The public view of a member (what others see) and the SQL conditions that decide who can be
// seen at all: a complete profile (first name, gender, a birth date the member gave) of an account
// that is not banned.
import { ageOn } from "@domain/age.ts";
import { compatibilityScore } from "@domain/compatibility.ts";
import { GENDERS, type Gender } from "@domain/constants.ts";
import type { PublicProfileDto } from "@domain/discovery.ts";
import { MSG } from "@domain/messages.ts";
import { presenceOf } from "@domain/presence.ts";
import { decodePeaks, VOICE_INTRO_PROMPT_KEYS } from "@domain/voice.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/client.ts";
import { dateText, profileTextColumns, timestampText } from "../../platform/db/row-schemas.ts";
import { AppError } from "../../platform/http/errors.ts";
import { blurredPhotoDto } from "../../platform/storage/photo-keys.ts";
import { type RenditionRow, renditionsFor } from "../../platform/storage/photo-renditions.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { visiblePhotos } from "../moderation/index.ts";
import { photoDto } from "../photos/index.ts";
import { isRelocate, type ProfileRow } from "../profile/index.ts";
import { blurredFor } from "./photo-blur.ts";

/** Columns of `profiles p` that a public view needs, selected under their camelCase names. */
export const PUBLIC_COLUMNS = sql`p.user_id AS "userId", p.first_name AS "firstName", p.last_name AS "lastName",
  p.gender, p.looking_for AS "lookingFor", p.birth_date::text AS "birthDate", p.country,
  p.origin_country AS "originCountry", p.city, p.relocate, p.bio,
  p.occupation, p.education, p.languages, p.interests, ${visiblePhotos(sql`p.photos`, sql`p.user_id`)} AS photos,
  (SELECT email_verified FROM "user" WHERE id = p.user_id) AS verified,
  p.verified_at IS NOT NULL AS "profileVerified", p.seen_on_call_at IS NOT NULL AS "seenOnCall",
  p.active_at AS "activeAt",
  (SELECT json_build_object('prompt', vi.prompt, 'durationMs', vi.voice_ms, 'peaks', vi.voice_peaks)
    FROM voice_intros vi WHERE vi.user_id = p.user_id) AS "voiceIntro"`;

/** A PUBLIC_COLUMNS row. */
export const publicRow = z.strictObject({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  ...profileTextColumns,
  birthDate: dateText,
  verified: z.boolean(),
  profileVerified: z.boolean(),
  seenOnCall: z.boolean(),
  /** When the member was last active, null while they hide it. */
  activeAt: timestampText.nullable(),
  voiceIntro: z
    .strictObject({
      prompt: z.enum(VOICE_INTRO_PROMPT_KEYS),
      durationMs: z.number().int(),
      peaks: z.string(),
    })
    .nullable(),
});
export type PublicRow = z.output<typeof publicRow>;

/**
 * `profiles p` joined to `"user" u` is visible to others: complete and not banned (a ban with a
 * passed expiry no longer counts). A member whose birth date is still the stored default is not:
 * their age would be a guess (docs/decisions/0010), so they leave every list, profile view and
 * conversation of others until they give it.
 */
export const VISIBLE = visibleAs("p", "u");

/** VISIBLE for other aliases of `profiles` and `"user"` (a query joining two members). */
export function visibleAs(profile: string, account: string): SQL {
  return sql.raw(`${profile}.first_name <> '' AND ${profile}.gender IS NOT NULL AND ${profile}.birth_date_confirmed
  AND ${notBannedSql(account)}`);
}

/** `"user"` under `account` is not banned (a ban with a passed expiry no longer counts). */
export function notBannedAs(account: string): SQL {
  return sql.raw(notBannedSql(account));
}

function notBannedSql(account: string): string {
  return `(${account}.banned IS NOT TRUE OR ${account}.ban_expires < now())`;
}

export function oppositeGender(g: Gender): Gender {
  return g === "male" ? "female" : "male";
}

/** The viewer's profile, required complete before they can discover or react to others. */
export interface Viewer {
  userId: string;
  gender: Gender;
  interests: string[];
  languages: string[];
  lookingFor: string;
  /** Whether others may be approached by this member (a like, a message): their age is known. */
  birthDateConfirmed: boolean;
  /** The viewer hides their activity, and so sees nobody's (issue 17). */
  presenceHidden: boolean;
  /** The viewer's visits are not recorded (« Qui a vu mon profil », issue 17). */
  browseInvisibly: boolean;
}

/** A member whose birth date is still the default may look, but not reach out (docs/decisions/0010). */
export function birthDateUnconfirmed(message: string): AppError {
  return new AppError(403, "BIRTH_DATE_UNCONFIRMED", message);
}

export function viewerFrom(profile: ProfileRow | null): Viewer {
  if (!profile) throw new AppError(404, "PROFILE_NOT_FOUND", MSG.PROFILE_NOT_FOUND);
  if (!profile.gender || profile.firstName === "")
    throw new AppError(409, "PROFILE_INCOMPLETE", MSG.PROFILE_INCOMPLETE);
  return { ...profile, gender: profile.gender };
}

/**
 * What a page of members' photos needs: the rendition rows of every photo (one primary-key read)
 * and the members whose photos this viewer gets blurred (issue 40, one read).
 */
export interface PagePhotos {
  renditions: ReadonlyMap<string, RenditionRow>;
  blurred: ReadonlySet<string>;
}

export async function pagePhotos(
  db: Db,
  viewerId: string,
  rows: readonly Pick<PublicRow, "photos" | "userId">[],
): Promise<PagePhotos> {
  const [renditions, blurred] = await Promise.all([
    renditionsFor(
      db,
      rows.flatMap((r) => r.photos),
    ),
    blurredFor(
      db,
      viewerId,
      rows.map((r) => r.userId),
    ),
  ]);
  return { renditions, blurred };
}

/** `photos`: the page's renditions and blurred members (pagePhotos). */
export function toPublicProfile(
  row: PublicRow,
  viewer: Viewer,
  storage: Storage,
  today: string,
  photos?: PagePhotos,
): PublicProfileDto {
  const blurred = photos?.blurred.has(row.userId) === true;
  return {
    userId: row.userId,
    firstName: row.firstName,
    lastInitial: row.lastName ? `${row.lastName.charAt(0).toLocaleUpperCase("fr")}.` : "",
    age: ageOn(row.birthDate, today),
    gender: row.gender,
    lookingFor: row.lookingFor,
    country: row.country,
    originCountry: row.originCountry,
    city: row.city,
    relocate: isRelocate(row.relocate) ? row.relocate : null,
    bio: row.bio,
    occupation: row.occupation,
    education: row.education,
    languages: row.languages,
    interests: row.interests,
    photos: row.photos.map((key) =>
      blurred ? blurredPhotoDto(key, storage) : photoDto(key, storage, photos?.renditions.get(key)),
    ),
    compatibility: compatibilityScore(viewer, row),
    verified: row.verified === true,
    profileVerified: row.profileVerified === true,
    seenOnCall: row.seenOnCall === true,
    presence: viewer.presenceHidden ? null : presenceOf(row.activeAt),
    voiceIntro: row.voiceIntro && { ...row.voiceIntro, peaks: decodePeaks(row.voiceIntro.peaks) },
  };
}

/** A text[] parameter: one bound array (a bare array in `sql` would expand into a value list). */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}
