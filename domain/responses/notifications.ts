// Response schemas of /api/notifications: the member's preferences, the push subscription, the
// unsubscribe link. See ./scalars.ts for why they live here.
import { z } from "zod";
import { notificationPreferencesSchema } from "../notifications.ts";

const { push, email, quietHours } = notificationPreferencesSchema.shape;

/**
 * The preferences as the API sends them back: the rules of notificationPreferencesSchema (what
 * PUT /api/notifications/preferences accepts), strict at every level.
 */
export const notificationPreferencesDtoSchema = z.strictObject({
  ...notificationPreferencesSchema.shape,
  push: push.strict(),
  email: email.strict(),
  quietHours: quietHours.unwrap().strict().nullable(),
});

/** GET /api/notifications/preferences */
export const notificationSettingsDtoSchema = z.strictObject({
  preferences: notificationPreferencesDtoSchema,
  /** E-mails only go to a confirmed address. */
  emailVerified: z.boolean(),
  /** The VAPID public key a browser subscribes to push with. */
  pushKey: z.string(),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsDtoSchema>;

/** PUT /api/notifications/preferences: what is now stored. */
export const savedPreferencesDtoSchema = z.strictObject({ preferences: notificationPreferencesDtoSchema });
export type SavedPreferencesDto = z.infer<typeof savedPreferencesDtoSchema>;

/** POST /api/notifications/push (201), DELETE /api/notifications/push. */
export const okDtoSchema = z.strictObject({ ok: z.literal(true) });
export type OkDto = z.infer<typeof okDtoSchema>;

/** POST /api/notifications/unsubscribe: e-mails are off for this address. */
export const unsubscribedDtoSchema = z.strictObject({ ok: z.literal(true), email: z.string() });
export type UnsubscribedDto = z.infer<typeof unsubscribedDtoSchema>;
