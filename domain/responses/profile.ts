// Response schemas of the member's own profile (GET/PUT /api/profile, the photo routes). See
// ./scalars.ts for why they live here.
import { z } from "zod";
import { ACCOUNT_STATUSES, GENDERS } from "../constants.ts";
import { RELOCATE_OPTIONS } from "../enums.ts";
import { VOICE_INTRO_PROMPT_KEYS } from "../voice.ts";
import { day, instant, whole } from "./scalars.ts";

export const photoDtoSchema = z.strictObject({
  /** Storage key, e.g. "photos/<userId><timestamp>.jpg". */
  key: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  /**
   * The public base address of the photo's AVIF and WebP renditions (domain/photo-renditions.ts);
   * null until the job made them (the web app then shows url and thumbUrl).
   */
  renditions: z.string().nullable(),
  /** The square thumbnail as a ThumbHash (base64, about 30 bytes), painted blurred while it loads. */
  placeholder: z.string().nullable(),
  /**
   * Issue 40: shown blurred — its member blurs her photos and has not liked this viewer back nor
   * shown them; url and thumbUrl are then a small blurred picture made on the server, and the
   * original is not served to this viewer.
   */
  blurred: z.literal(true).optional(),
});
export type PhotoDto = z.infer<typeof photoDtoSchema>;

/** A profile's details as its owner and the administration see them (the phone number included). */
export const profileDetailsShape = {
  /** Country of residence (the SPEC's `country`). */
  country: z.string(),
  /** Country of origin, when the member gives it ("" otherwise). */
  originCountry: z.string(),
  /** "" when not given. */
  city: z.string(),
  /** « Prêt(e) à déménager »; null when not given. */
  relocate: z.enum(RELOCATE_OPTIONS).nullable(),
  phoneNumber: z.string(),
  bio: z.string(),
  occupation: z.string(),
  education: z.string(),
  languages: z.array(z.string()),
  interests: z.array(z.string()),
  /** Ordered; the first photo is the main one. */
  photos: z.array(photoDtoSchema),
  accountStatus: z.enum(ACCOUNT_STATUSES),
};

/** The member's own profile, every field (the phone number and the full last name included). */
/** A voice introduction (issue 37): the prompt it answers, its duration and waveform (0–31 per bar). */
export const voiceIntroDtoSchema = z.strictObject({
  prompt: z.enum(VOICE_INTRO_PROMPT_KEYS),
  durationMs: whole,
  peaks: z.array(whole),
});
export type VoiceIntroDto = z.infer<typeof voiceIntroDtoSchema>;

/** GET /api/profile/voice-intro: the member's own, or null. */
export const myVoiceIntroSchema = z.strictObject({ data: voiceIntroDtoSchema.nullable() });

export const profileDtoSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  lookingFor: z.string(),
  /** The SPEC default 2000-01-01 until `birthDateConfirmed`: never show it as the member's age. */
  birthDate: day,
  /** The member entered or confirmed their birth date (docs/decisions/0010). */
  birthDateConfirmed: z.boolean(),
  ...profileDetailsShape,
  /** The step of the guided first profile to resume at (0–2), or 3 once finished. */
  onboardingStep: whole,
  /** Shown « Profil vérifié » since then (issue 16); null when not verified. */
  verifiedAt: instant.nullable(),
  /** « Vu(e) en appel » since then (issue 38): a live check in a video call matched the verified face. */
  seenOnCallAt: instant.nullable(),
  /** Receives messages only from members with « Profil vérifié ». */
  messagesFromVerifiedOnly: z.boolean(),
  /** « Qui peut m'écrire en premier »: only members this one liked; others' first messages are requests. */
  firstMessagesFromLikedOnly: z.boolean(),
  /** Hides when they were last active (and so sees nobody's). */
  presenceHidden: z.boolean(),
  /** Visits others' profiles without appearing in their « Qui a vu mon profil ». */
  browseInvisibly: z.boolean(),
  /** Discretion (issue 40): hidden from members who live in the member's country, city, or come from her country. */
  hideFromCountry: z.boolean(),
  hideFromCity: z.boolean(),
  hideFromOrigin: z.boolean(),
  /** Pushes and e-mails say « Nouveau message » without a name or an excerpt. */
  neutralNotifications: z.boolean(),
  /** Her photos are blurred for members she has not liked back or shown them to. */
  blurPhotos: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type ProfileDto = z.infer<typeof profileDtoSchema>;
