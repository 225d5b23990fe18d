// Web Push settings (issue 18): the VAPID keys and subject, and the push services a subscription may
// point to. Read with the other settings by config.ts (the environment's variables are below).
import { z } from "zod";
import { devVapidKeys, VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN } from "./vapid-keys.ts";

export interface PushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
  serviceOrigins: string[];
  /** A certificate to trust besides the public ones (a local push service in tests: PEM). */
  serviceCa: string | undefined;
}

/** The environment's Web Push variables, for config.ts's schema. */
export const pushEnv = {
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      VAPID_PUBLIC_KEY_PATTERN,
      "VAPID_PUBLIC_KEY must be a base64url P-256 public key (npm run vapid:keys)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      VAPID_PRIVATE_KEY_PATTERN,
      "VAPID_PRIVATE_KEY must be a base64url P-256 private key (npm run vapid:keys)",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "VAPID_SUBJECT must be a mailto: or https: address")
    .optional(),
  PUSH_SERVICE_ORIGINS: z
    .string()
    .transform((v) => v.split(",").map((o) => o.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/, "expected origins, e.g. https://push.example"),
        )
        .min(1),
    )
    .optional(),
  PUSH_SERVICE_CA: z
    .string()
    .regex(/-----BEGIN CERTIFICATE-----/, "PUSH_SERVICE_CA must be a PEM certificate")
    .optional(),
};

/**
 * The browsers' push services (Chrome/Edge/Opera on FCM, Firefox, Safari, Windows): a subscription's
 * endpoint must be on one of them, so that nobody makes the server post to an address of their own.
 */
const KNOWN_PUSH_SERVICES = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://web.push.apple.com",
  "https://*.notify.windows.com",
];

type PushEnv = z.output<z.ZodObject<typeof pushEnv>> & { CONTACT_EMAIL: string };

/** The keys from the environment (both or neither: config.ts checks), else the development pair. */
export function pushSettings(e: PushEnv, dataDir: string): PushSettings {
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : devVapidKeys(dataDir);
  return {
    ...keys,
    subject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
    serviceOrigins: e.PUSH_SERVICE_ORIGINS ?? KNOWN_PUSH_SERVICES,
    serviceCa: e.PUSH_SERVICE_CA,
  };
}
