// Response schemas of discovery: search, other members' profiles, likes, matches, visits. See
// ./scalars.ts for why they live here.
import { z } from "zod";
import { GENDERS } from "../constants.ts";
import { LIKE_TYPES, LIKED_BY, RELOCATE_OPTIONS } from "../enums.ts";
import { PRESENCE_LEVELS } from "../presence.ts";
import { photoDtoSchema, voiceIntroDtoSchema } from "./profile.ts";
import { instant, whole } from "./scalars.ts";

/** What a member sees of another: never the phone number, the e-mail or the full last name. */
export const publicProfileDtoSchema = z.strictObject({
  userId: z.string(),
  firstName: z.string(),
  /** « N. » for Ndiaye: the full last name is only for the member themself. */
  lastInitial: z.string(),
  age: whole,
  gender: z.enum(GENDERS),
  lookingFor: z.string(),
  /** Country of residence. */
  country: z.string(),
  /** Country of origin ("" when not given). */
  originCountry: z.string(),
  city: z.string(),
  relocate: z.enum(RELOCATE_OPTIONS).nullable(),
  bio: z.string(),
  occupation: z.string(),
  education: z.string(),
  languages: z.array(z.string()),
  interests: z.array(z.string()),
  photos: z.array(photoDtoSchema),
  /** SPEC §7 score between the viewer and this member, 0–100. */
  compatibility: z.number(),
  /** The member confirmed their e-mail address (shown « E-mail vérifié »). */
  verified: z.boolean(),
  /** The member proved with live selfies to be the person of the photos (« Profil vérifié »). */
  profileVerified: z.boolean(),
  /** Their face in a video call matched their verified one (« Vu(e) en appel », issue 38). */
  seenOnCall: z.boolean(),
  /** « En ligne », « Actif aujourd'hui »…; null beyond a week, or when either member hides it. */
  presence: z.enum(PRESENCE_LEVELS).nullable(),
  /** The member's voice introduction (issue 37), heard at GET /api/voice-intros/:userId; null without one. */
  voiceIntro: voiceIntroDtoSchema.nullable(),
});
export type PublicProfileDto = z.infer<typeof publicProfileDtoSchema>;

/** GET /api/search */
export const searchResultDtoSchema = z.strictObject({
  data: z.array(publicProfileDtoSchema),
  /** Matching profiles in total, counted up to SEARCH_COUNT_CAP. */
  count: whole,
  /** True when there are more than `count` (shown as « 200+ »). */
  countCapped: z.boolean(),
  hasMore: z.boolean(),
  /** Opaque position after the last profile of this page; pass it back as `cursor`. */
  nextCursor: z.string().nullable(),
});
export type SearchResultDto = z.infer<typeof searchResultDtoSchema>;

/**
 * GET /api/search/teaser: what a subscription would open, for a member who has none — how many
 * members the default search finds for them, and a few of them as blurred cards (an initial, the age,
 * the country, the badge, a picture of a few pixels). Never more: no id, no name, no photo.
 */
export const searchTeaserDtoSchema = z.strictObject({
  count: whole,
  countCapped: z.boolean(),
  members: z.array(
    z.strictObject({
      /** The first name's initial, « A. ». */
      initial: z.string(),
      age: whole,
      country: z.string(),
      profileVerified: z.boolean(),
      /** The main photo at 8 × 10 pixels, a WebP data URL, shown blurred; null without one. */
      preview: z.string().nullable(),
    }),
  ),
});
export type SearchTeaserDto = z.infer<typeof searchTeaserDtoSchema>;

/** POST /api/likes */
export const likeResultDtoSchema = z.strictObject({
  type: z.enum(LIKE_TYPES),
  /** True when the pair now has an accepted match. */
  matched: z.boolean(),
  /** True when the other member had liked too: « C'est un match ! » (a first like is not one). */
  mutual: z.boolean(),
  matchId: z.string().nullable(),
});
export type LikeResultDto = z.infer<typeof likeResultDtoSchema>;

export const matchDtoSchema = z.strictObject({
  id: z.string(),
  /** When the match became accepted, or mutual. */
  since: instant,
  /** Who liked: « Vous avez aimé … », « … vous a envoyé un J'aime », or a match of both. */
  likedBy: z.enum(LIKED_BY),
  member: publicProfileDtoSchema,
});
export type MatchDto = z.infer<typeof matchDtoSchema>;

/** GET /api/matches */
export const matchListDtoSchema = z.strictObject({
  data: z.array(matchDtoSchema),
  nextCursor: z.string().nullable(),
});
export type MatchListDto = z.infer<typeof matchListDtoSchema>;

/** DELETE /api/matches/:id: the match is rejected (idempotent). */
export const matchRemovedDtoSchema = z.strictObject({
  id: z.string(),
  status: z.literal("rejected"),
});
export type MatchRemovedDto = z.infer<typeof matchRemovedDtoSchema>;

export const profileVisitDtoSchema = z.strictObject({
  member: publicProfileDtoSchema,
  visitedAt: instant,
});
export type ProfileVisitDto = z.infer<typeof profileVisitDtoSchema>;

/** GET /api/profile/visits (« Qui a vu mon profil »). */
export const profileVisitListSchema = z.strictObject({ data: z.array(profileVisitDtoSchema) });
export type ProfileVisitListDto = z.infer<typeof profileVisitListSchema>;
