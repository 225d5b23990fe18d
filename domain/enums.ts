// The value sets the API's schemas are built from (domain/responses/) and the rules use: a leaf
// module that imports nothing, so that a schema never imports the module that re-exports it
// (issue 35: no cycle in domain/). Each set is re-exported where it belongs (discovery, safety,
// payments…), which is where the code imports it from.

/** A reaction to a profile (SPEC §4). */
export const LIKE_TYPES = ["like", "reject"] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/**
 * Who liked, in an accepted match, seen by one of its members: the first J'aime opens the
 * conversation (SPEC §4) but is not a match of two people who like each other; « C'est un match ! »
 * is said only for « both ».
 */
export const LIKED_BY = ["me", "them", "both"] as const;
export type LikedBy = (typeof LIKED_BY)[number];

/** « Prêt(e) à déménager »: yes, no, perhaps (or not said: null). */
export const RELOCATE_OPTIONS = ["yes", "maybe", "no"] as const;
export type Relocate = (typeof RELOCATE_OPTIONS)[number];

export const REPORT_REASONS = [
  "fake_profile",
  "scam",
  "harassment",
  "inappropriate",
  "minor",
  "other",
] as const;
export const REPORT_STATUSES = ["pending", "in_review", "action_taken", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ["ban", "photo_removed", "warning"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The gestures of a verification challenge. */
export const GESTURES = ["tilt-left", "tilt-right", "turn-left", "turn-right", "smile", "blink"] as const;
export type Gesture = (typeof GESTURES)[number];

export const SUBSCRIPTION_STATES = ["active", "expired", "cancelled", "suspended", "refunded"] as const;

export const PROVIDER_NAMES = ["stripe", "cinetpay", "fedapay", "demo"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
export const PAYMENT_METHODS = ["card", "mobile-money"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const OPERATORS = {
  "orange-money": "Orange Money",
  wave: "Wave",
  "free-money": "Free Money",
  "mtn-momo": "MTN Mobile Money",
  "moov-money": "Moov Money",
  "t-money": "T-Money",
  "airtel-money": "Airtel Money",
} as const;
export type OperatorId = keyof typeof OPERATORS;
