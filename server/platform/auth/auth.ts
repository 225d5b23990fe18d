// Better Auth: e-mail + password accounts, database sessions in httpOnly cookies, admin roles/bans,
// rate limiting stored in the database (so it holds across API instances).
import { signUpSchema } from "@domain/auth.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import type { Db } from "../db/client.ts";
import {
  account,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "../db/schema/index.ts";
import type { Mailer } from "../email/mailer.ts";
import { resetPasswordMail, signUpAttemptMail, verifyEmailMail } from "../email/templates.ts";
import type { Logger } from "../logger.ts";
import type { Config } from "../settings/config.ts";
import { attemptHooks } from "./attempt-hooks.ts";
import { emailChangeHooks } from "./email-change.ts";
import { confirmAddressByReset, retireResetLinks } from "./reset-links.ts";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "./session-reader.ts";

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}

export { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "./session-reader.ts";

export function createAuth({ config, db, mailer, logger }: AuthDeps) {
  // Sending is not awaited by the request (no timing oracle); failures are logged.
  const sendInBackground = (p: Promise<void>) => {
    p.catch((err) => logger.error({ err }, "e-mail sending failed"));
  };
  const { max, window, signUpMax } = config.authRateLimit;
  const attempts = attemptHooks(db);
  const emailChange = emailChangeHooks({ mailer, logger, publicBaseUrl: config.publicBaseUrl });

  return betterAuth({
    appName: "Passerelle",
    baseURL: config.publicBaseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up answers the same for a new and a taken address (issue 20): no session at sign-up —
      // the e-mailed link confirms the address and signs in — and no sign-in before it is confirmed,
      // so that an account cannot be made on someone else's address and used.
      requireEmailVerification: true,
      // The account answered for a taken address looks like a new one, field for field.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        id,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        termsAcceptedAt: coreFields.createdAt,
      }),
      onExistingUserSignUp: async ({ user: u }) =>
        sendInBackground(mailer.send(signUpAttemptMail(u.email, `${config.publicBaseUrl}/login`))),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url, token }) => {
        await retireResetLinks(db, u.id, token);
        sendInBackground(mailer.send(resetPasswordMail(u.email, url)));
      },
      onPasswordReset: async ({ user: u }) => {
        await retireResetLinks(db, u.id, null);
        await confirmAddressByReset(db, u.id);
      },
    },
    emailVerification: {
      // A link at sign-up (resendable from /profile), which signs the new member in.
      sendOnSignUp: true,
      // A member who signs in before confirming is sent a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: u, url }) =>
        sendInBackground(mailer.send(verifyEmailMail(u.email, landingOnConfirmedPage(url)))),
    },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        termsAcceptedAt: { type: "date", required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        // Read-only and called on every page load: counting it would cost a database write per read.
        "/get-session": false,
        "/sign-in/email": { window, max },
        "/sign-up/email": { window: 60, max: signUpMax },
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 5 },
        "/change-email": { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      // The API sets x-forwarded-for itself from the socket unless TRUST_PROXY is on (see app.ts).
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    logger: { level: config.env === "test" ? "error" : "warn" },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await attempts.before(ctx);
        await emailChange.before(ctx);
        if (ctx.path === "/two-factor/disable" && config.adminTotpRequired) {
          // Where administrators must have TOTP, they cannot turn it off (members never had it).
          const current = await getSessionFromCtx(ctx);
          if (current?.user.role === "admin")
            throw new APIError("FORBIDDEN", {
              code: "ADMIN_TOTP_REQUIRED",
              message: MSG.ADMIN_TOTP_REQUIRED,
            });
        }
        if (ctx.path !== "/sign-up/email") return;
        const parsed = signUpSchema.safeParse(ctx.body ?? {});
        if (parsed.success) return;
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? "");
        const code =
          field === "name"
            ? "ACCOUNT_NAME_INVALID"
            : field === "ageConfirmed"
              ? "AGE_NOT_CONFIRMED"
              : field === "termsAccepted"
                ? "TERMS_NOT_ACCEPTED"
                : field === "password"
                  ? issue?.message === MSG.PASSWORD_TOO_LONG
                    ? "PASSWORD_TOO_LONG"
                    : "PASSWORD_TOO_SHORT"
                  : "INVALID_EMAIL";
        throw new APIError("BAD_REQUEST", { code, message: issue?.message ?? MSG.VALIDATION });
      }),
      after: createAuthMiddleware(async (ctx) => {
        await attempts.after(ctx);
        await emailChange.after(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (u) => ({ data: { ...u, termsAcceptedAt: new Date() } }),
        },
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      // TOTP for the accounts that turn it on (offered to administrators in /admin/security).
      twoFactor({ issuer: "Passerelle", skipVerificationOnEnable: false }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The SPA's page that says the address is confirmed (web/features/auth EMAIL_CONFIRMED_PATH). */
const EMAIL_CONFIRMED_PATH = "/email-confirmed";

/**
 * A confirmation link lands on « Adresse e-mail confirmée » (issue 34), whoever asked for it: the
 * link Better Auth sends when an unconfirmed member signs in carries the sign-in's callbackURL,
 * which the login form leaves out (with one, every sign-in would be redirected), so it defaulted
 * to the home page, with no word.
 */
export function landingOnConfirmedPage(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get("callbackURL");
  if (callback === null || callback === "" || callback === "/") {
    link.searchParams.set("callbackURL", EMAIL_CONFIRMED_PATH);
    return link.toString();
  }
  return url;
}
