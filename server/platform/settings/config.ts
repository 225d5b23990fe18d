// Settings read from the environment and validated at start (SPEC §8: a missing required setting
// stops the process with a message naming the variable). Every variable is documented in README.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CALL } from "@domain/calls.ts";
import { isChargeableAmount } from "@domain/money.ts";
import { DEFAULT_PLANS, type Plan } from "@domain/subscriptions.ts";
import { GESTURES, type Gesture } from "@domain/verification.ts";
import { z } from "zod";
import type { S3Settings } from "../storage/s3.ts";
import { type PushSettings, pushEnv, pushSettings } from "./push-settings.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  ...pushEnv,
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_BASE_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  ALLOW_EMBEDDED_DATABASE: bool.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  CONTACT_EMAIL: z.email().default("contact@passerelle.example"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Passerelle <no-reply@passerelle.example>"),
  TRUST_PROXY: bool.default(false),
  /** Administrators must have TOTP on: always in production; optional elsewhere (default off). */
  ADMIN_TOTP_REQUIRED: bool.default(false),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
  SIGNUP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must look like whsec_…")
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  CINETPAY_API_KEY: z.string().min(8, "CINETPAY_API_KEY looks too short").optional(),
  CINETPAY_SITE_ID: z
    .string()
    .regex(/^\d{3,12}$/, "CINETPAY_SITE_ID must be the site’s number")
    .optional(),
  CINETPAY_SECRET_KEY: z.string().min(8, "CINETPAY_SECRET_KEY looks too short").optional(),
  CINETPAY_API_URL: z.url().default("https://api-checkout.cinetpay.com"),
  FEDAPAY_SECRET_KEY: z
    .string()
    .regex(/^sk_(live|sandbox)_\w+$/, "FEDAPAY_SECRET_KEY must look like sk_live_… or sk_sandbox_…")
    .optional(),
  FEDAPAY_WEBHOOK_SECRET: z
    .string()
    .regex(/^wh_(live|sandbox)_\w+$/, "FEDAPAY_WEBHOOK_SECRET must look like wh_live_… or wh_sandbox_…")
    .optional(),
  FEDAPAY_API_URL: z.url().optional(),
  MOBILE_MONEY_PROVIDERS: z
    .string()
    .regex(/^(cinetpay|fedapay)(,(cinetpay|fedapay))?$/, "MOBILE_MONEY_PROVIDERS: e.g. cinetpay,fedapay")
    .default("cinetpay,fedapay"),
  PAYMENT_RECHECK_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  PENDING_PAYMENT_HOURS: z.coerce.number().min(0.01).max(168).default(24),
  ALLOW_DEMO_PAYMENTS: bool.optional(),
  /** Photos without renditions (the demo's, older ones) get them in the background (issue 39). */
  PHOTO_RENDITION_BACKFILL: bool.optional(),
  SUBSCRIPTION_PLANS: z.string().optional(),
  SUBSCRIPTION_SWEEP_MINUTES: z.coerce.number().min(0.05).max(1440).default(10),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  NEW_CONVERSATIONS_PER_DAY: z.coerce.number().int().min(1).default(30),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long after a member's last page closes « En ligne » ends (server/features/events). */
  PRESENCE_LEAVE_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PUBLIC_URL: z.url().optional(),
  JOB_WORKERS: bool.optional(),
  PRELOAD_MODELS: bool.optional(),
  DIGEST_SCHEDULE: z
    .string()
    .regex(/^\S+( \S+){4}$/, "DIGEST_SCHEDULE must be a cron expression of 5 fields, e.g. 0 7 * * *")
    .default("0 7 * * *"),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Calls (issue 38): the TURN server's addresses, comma-separated, and its shared secret (coturn's static-auth-secret). */
  TURN_URLS: z
    .string()
    .transform((v) => v.split(",").map((u) => u.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^turns?:[^\s?]+(\?transport=(udp|tcp))?$/,
              "expected turn:host:port or turns:host:443?transport=tcp",
            ),
        )
        .min(1)
        .max(6),
    )
    .optional(),
  TURN_SECRET: z.string().min(16, "TURN_SECRET must be at least 16 characters").optional(),
  /** How long a call rings before it is missed, in seconds. */
  CALL_RING_SECONDS: z.coerce.number().int().min(5).max(120).default(CALL.RING_SECONDS),
  VERIFICATION_GESTURES: z
    .string()
    .transform((v) => v.split(",").map((g) => g.trim()))
    .pipe(
      z
        .array(z.enum(GESTURES, { error: `expected gesture ids among ${GESTURES.join(", ")}` }))
        .min(1)
        .max(4),
    )
    .optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  /** An administrator without TOTP can do nothing but turn it on (always true in production). */
  adminTotpRequired: boolean;
  port: number;
  /** Addresses to listen on: HOST, else every interface in production, both loopbacks otherwise. */
  hosts: string[];
  publicBaseUrl: string;
  /**
   * Origins whose pages may change things through the API (origin check, Better Auth): the public
   * address's, and outside production with a loopback address, each spelling of the loopback at
   * that port (localhost, 127.0.0.1, [::1]): a developer may open any of them.
   */
  trustedOrigins: string[];
  authSecret: string;
  /** Unset means the embedded PGlite database in `${dataDir}/db`. */
  databaseUrl: string | undefined;
  dataDir: string;
  storageDir: string;
  outboxDir: string;
  contactEmail: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: string;
  /** Sign-in attempts per window (seconds) per client address; sign-ups per minute per address. */
  authRateLimit: { max: number; window: number; signUpMax: number };
  /** Per member: messages per minute, and conversations they may start per day. */
  messageLimits: { perMinute: number; newConversationsPerDay: number };
  /** Photo uploads per member and hour (a DB-held counter: server/platform/http/rate-limit.ts). */
  uploadsPerHour: number;
  /** Photos: local disk under storageDir, or an S3-compatible bucket (server/platform/storage/s3.ts). */
  s3: S3Settings | null;
  /** How long the admin dashboard's counts are reused (0: computed on every request). */
  dashboardCacheSeconds: number;
  /** After a member's last open page closes, how long before « En ligne » ends (a reload reopens one). */
  presenceLeaveGraceMs: number;
  plans: readonly Plan[];
  /** Stripe Checkout when both keys are set. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /** CinetPay (mobile money, XOF and XAF) when its three keys are set. */
  cinetpay: { apiKey: string; siteId: string; secretKey: string; apiUrl: string } | null;
  /** FedaPay (mobile money, XOF) when both its secrets are set. */
  fedapay: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  /** Which aggregator takes an operator both cover, first one first. */
  mobileMoneyOrder: ("cinetpay" | "fedapay")[];
  /** How often pending payments are looked for and re-checked, and when they are given up. */
  pendingPayments: { recheckMs: number; expiryMs: number };
  /** The demo provider: on by default outside production, and in production only if asked. */
  demoPayments: boolean;
  /** The daily and at-start backfill of photo renditions; uploads get theirs either way. */
  photoRenditionBackfill: boolean;
  /** Bearer token for /metrics; unset: /metrics is open in development, closed in production. */
  metricsToken: string | undefined;
  /** How often expired subscriptions are swept, in milliseconds. */
  subscriptionSweepMs: number;
  /**
   * For tests only (refused in production): the gestures every verification challenge asks, in this
   * order, instead of a random draw — so that a prepared video can follow them (e2e/verification).
   */
  verificationGestures: Gesture[] | null;
  /** Web Push: VAPID keys and subject, and the push services the server may post to. */
  push: PushSettings;
  /** Whether this instance runs the job workers (default on; off for API-only instances). */
  jobWorkers: boolean;
  /**
   * Whether the face engine and the photo-screening model load at start-up, before the app says it
   * is ready (default on). Off, they load on first use: for the tests' short-lived processes that
   * never screen a photo, where loading them cost about 6 CPU-seconds per start.
   */
  preloadModels: boolean;
  /** How often a worker instance looks for jobs whose worker died (expired), in seconds. */
  jobMaintenanceSeconds: number;
  /**
   * Calls (issue 38): relayed through this TURN server when set (every call, so that neither member
   * learns the other's address); without one, calls connect directly, outside production only (two
   * tabs on a developer's machine), and are off in production.
   */
  calls: {
    turn: { urls: string[]; secret: string } | null;
    available: boolean;
    /**
     * How long a call rings (CALL.RING_SECONDS unless set): the server's deadline, which the
     * caller's page follows (ringExpiresAt − createdAt); the journeys ring for less.
     */
    ringSeconds: number;
  };
  /** When the digests are planned (cron, UTC); the weekly ones on the plan of DIGEST_WEEKDAY. */
  digestSchedule: string;
}

// A plan as SUBSCRIPTION_PLANS gives it: `priceCents` (euros, the earlier form) or `prices` per
// currency; CFA prices in whole francs, multiples of 5.
const cfa = (c: "XOF" | "XAF") =>
  z
    .number()
    .int()
    .min(100)
    .max(10_000_000)
    .refine((v) => isChargeableAmount(v, c));
const planSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    label: z.string().min(1).max(40),
    months: z.number().int().min(1).max(24),
    priceCents: z.number().int().min(50).max(1_000_000).optional(),
    prices: z
      .strictObject({
        EUR: z.number().int().min(50).max(1_000_000).optional(),
        XOF: cfa("XOF").optional(),
        XAF: cfa("XAF").optional(),
      })
      .optional(),
  })
  .transform((p, ctx): Plan => {
    const EUR = p.prices?.EUR ?? p.priceCents;
    if (EUR === undefined) {
      ctx.addIssue({ code: "custom", message: "a euro price (prices.EUR or priceCents) is required" });
      return z.NEVER;
    }
    const prices: Plan["prices"] = { EUR };
    if (p.prices?.XOF !== undefined) prices.XOF = p.prices.XOF;
    if (p.prices?.XAF !== undefined) prices.XAF = p.prices.XAF;
    return { id: p.id, label: p.label, months: p.months, prices };
  });

function parsePlans(json: string | undefined): readonly Plan[] {
  if (!json) return DEFAULT_PLANS;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError("Invalid configuration:\n  SUBSCRIPTION_PLANS: not valid JSON");
  }
  const parsed = z.array(planSchema).min(1).max(6).safeParse(value);
  if (!parsed.success || new Set(parsed.data.map((p) => p.id)).size !== parsed.data.length) {
    throw new ConfigError(
      "Invalid configuration:\n  SUBSCRIPTION_PLANS: expected 1 to 6 plans with distinct ids and a euro price, " +
        "CFA prices in whole francs (multiples of 5), e.g. " +
        '[{"id":"1-mois","label":"1 mois","months":1,"prices":{"EUR":1999,"XOF":6500,"XAF":6500}}]',
    );
  }
  return parsed.data;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the auth secret kept in the data folder, creating it on first use (development only). */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

function trustedOrigins(publicBaseUrl: string, isProduction: boolean): string[] {
  const base = new URL(publicBaseUrl);
  if (isProduction || !LOOPBACK_HOSTS.includes(base.hostname)) return [base.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const url = new URL(base.origin);
    url.hostname = host;
    return url.origin;
  }).sort((a, b) => Number(b === base.origin) - Number(a === base.origin));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const missing: string[] = [];
  if (isProduction) {
    if (!e.PUBLIC_BASE_URL) missing.push("PUBLIC_BASE_URL (the public address, e.g. https://passerelle.fr)");
    if (!e.AUTH_SECRET) missing.push("AUTH_SECRET (at least 32 random characters: openssl rand -base64 32)");
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)
      missing.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (Web Push keys: npm run vapid:keys)");
    if (!e.DATABASE_URL && !e.ALLOW_EMBEDDED_DATABASE)
      missing.push(
        "DATABASE_URL (postgres://…), or ALLOW_EMBEDDED_DATABASE=true for a single-instance embedded database",
      );
  }
  if (isProduction && e.SEED_DEMO) {
    throw new ConfigError(
      "Invalid configuration:\n  SEED_DEMO: the demo data’s accounts have published passwords; never in production",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither",
    );
  }
  if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required with STORAGE_DRIVER=s3");
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to use Stripe, or neither",
    );
  }
  const cinetpayKeys = [e.CINETPAY_API_KEY, e.CINETPAY_SITE_ID, e.CINETPAY_SECRET_KEY].filter(Boolean).length;
  if (cinetpayKeys !== 0 && cinetpayKeys !== 3) {
    throw new ConfigError(
      "Invalid configuration:\n  CINETPAY_API_KEY, CINETPAY_SITE_ID and CINETPAY_SECRET_KEY: set all three to use CinetPay, or none",
    );
  }
  if (Boolean(e.FEDAPAY_SECRET_KEY) !== Boolean(e.FEDAPAY_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  FEDAPAY_SECRET_KEY and FEDAPAY_WEBHOOK_SECRET: set both to use FedaPay, or neither",
    );
  }
  if (isProduction && e.VERIFICATION_GESTURES) {
    throw new ConfigError(
      "Invalid configuration:\n  VERIFICATION_GESTURES: for tests only; the challenge’s gestures must be drawn at random in production",
    );
  }
  if (Boolean(e.TURN_URLS) !== Boolean(e.TURN_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  TURN_URLS and TURN_SECRET: set both to offer calls, or neither",
    );
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing required setting(s) in production:\n${missing.map((m) => `  ${m}`).join("\n")}`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    isProduction,
    port,
    hosts: e.HOST ? [e.HOST] : isProduction ? ["0.0.0.0"] : ["127.0.0.1", "::1"],
    publicBaseUrl,
    trustedOrigins: trustedOrigins(publicBaseUrl, isProduction),
    authSecret: e.AUTH_SECRET ?? devSecret(dataDir),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    storageDir: path.join(dataDir, "storage"),
    outboxDir: path.join(dataDir, "outbox"),
    contactEmail: e.CONTACT_EMAIL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    adminTotpRequired: isProduction || e.ADMIN_TOTP_REQUIRED,
    // On a database server only when asked for (SEED_DEMO=true): a server is where real data lives
    // (issue 33: `npm start` on an empty PostgreSQL database seeded a published admin password).
    seedDemo: e.SEED_DEMO ?? (!isProduction && !e.DATABASE_URL),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      window: e.AUTH_RATE_LIMIT_WINDOW,
      signUpMax: e.SIGNUP_RATE_LIMIT_MAX,
    },
    messageLimits: { perMinute: e.MESSAGES_PER_MINUTE, newConversationsPerDay: e.NEW_CONVERSATIONS_PER_DAY },
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    presenceLeaveGraceMs: e.PRESENCE_LEAVE_GRACE_MS,
    s3:
      e.STORAGE_DRIVER === "s3" && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // Self-hosted servers (MinIO, s3rver) usually want path-style URLs.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
          }
        : null,
    plans: parsePlans(e.SUBSCRIPTION_PLANS),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
    cinetpay:
      e.CINETPAY_API_KEY && e.CINETPAY_SITE_ID && e.CINETPAY_SECRET_KEY
        ? {
            apiKey: e.CINETPAY_API_KEY,
            siteId: e.CINETPAY_SITE_ID,
            secretKey: e.CINETPAY_SECRET_KEY,
            apiUrl: e.CINETPAY_API_URL,
          }
        : null,
    fedapay:
      e.FEDAPAY_SECRET_KEY && e.FEDAPAY_WEBHOOK_SECRET
        ? {
            secretKey: e.FEDAPAY_SECRET_KEY,
            webhookSecret: e.FEDAPAY_WEBHOOK_SECRET,
            // A sandbox key talks to the sandbox.
            apiUrl:
              e.FEDAPAY_API_URL ??
              (e.FEDAPAY_SECRET_KEY.startsWith("sk_sandbox_")
                ? "https://sandbox-api.fedapay.com"
                : "https://api.fedapay.com"),
          }
        : null,
    // The ones named first, in that order; any other configured one after them.
    mobileMoneyOrder: [
      ...new Set([
        ...(e.MOBILE_MONEY_PROVIDERS.split(",") as ("cinetpay" | "fedapay")[]),
        "cinetpay",
        "fedapay",
      ]),
    ] as ("cinetpay" | "fedapay")[],
    pendingPayments: {
      recheckMs: Math.round(e.PAYMENT_RECHECK_SECONDS * 1000),
      expiryMs: Math.round(e.PENDING_PAYMENT_HOURS * 3_600_000),
    },
    demoPayments: e.ALLOW_DEMO_PAYMENTS ?? !isProduction,
    photoRenditionBackfill: e.PHOTO_RENDITION_BACKFILL ?? true,
    subscriptionSweepMs: Math.round(e.SUBSCRIPTION_SWEEP_MINUTES * 60_000),
    metricsToken: e.METRICS_TOKEN,
    verificationGestures: e.VERIFICATION_GESTURES ?? null,
    push: pushSettings(e, dataDir),
    jobWorkers: e.JOB_WORKERS ?? true,
    calls: {
      turn: e.TURN_URLS && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : null,
      available: Boolean(e.TURN_URLS) || !isProduction,
      ringSeconds: e.CALL_RING_SECONDS,
    },
    preloadModels: e.PRELOAD_MODELS ?? true,
    jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    digestSchedule: e.DIGEST_SCHEDULE,
  };
}
