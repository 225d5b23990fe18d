// Business constants from SPEC §9, plus the limits this product adds (documented in README).

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Pixels an image a member sends may have (40 megapixels, more than any phone photo): checked on the
 * header before anything is decoded (server/platform/images/member-image.ts, ADR 0003).
 */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_CACHE_SECONDS = 3600;
export const PHOTO_MAX_COUNT = 6;
/** Longest side of a stored photo after re-encoding, in pixels. */
export const PHOTO_MAX_DIMENSION = 1600;
export const PHOTO_THUMB_DIMENSION = 400;
/** Smallest side of the square a member may choose for the thumbnail (or the photo's short side). */
export const PHOTO_CROP_MIN_SIZE = 100;
export const PHOTO_BUCKET = "profiles";
export const PHOTO_FOLDER = "photos";
/** Image formats accepted on upload; each is re-encoded in its own format. */
export const PHOTO_FORMATS = {
  jpeg: { mime: "image/jpeg", ext: ".jpg" },
  png: { mime: "image/png", ext: ".png" },
  webp: { mime: "image/webp", ext: ".webp" },
} as const;

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE_MAX = 50;
export const MESSAGES_PAGE_SIZE = 50;

export const COMPATIBILITY_WEIGHTS = { interests: 40, languages: 30, lookingFor: 30 } as const;

export const DEFAULT_ACCOUNT_STATUS = "trial";
export const DEFAULT_LOOKING_FOR = "Une relation sérieuse";
export const DEFAULT_BIRTH_DATE = "2000-01-01";
export const DEFAULT_LANGUAGES = ["Français"];
export const DEFAULT_INTERESTS = ["Rencontre"];

export const AGE_MIN = 18;
export const AGE_MAX = 99;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 1000;
export const SHORT_TEXT_MAX_LENGTH = 100;
/** A city's name, free text (« Saint-Louis », « Bruxelles »). */
export const CITY_MAX_LENGTH = 80;
export const LIST_MAX_ITEMS = 20;
export const LIST_ITEM_MAX_LENGTH = 40;

export const ACCOUNT_STATUSES = ["trial", "subscribed", "expired"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];
