// npm run admin:create -- --email X --password Y
// Creates an administrator account through Better Auth, or promotes an existing account (whose
// password is then left unchanged, so --password may be omitted).

import { parseArgs } from "node:util";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/constants.ts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { closeDeps, createDeps } from "../server/bootstrap.ts";
import { user } from "../server/platform/db/schema/index.ts";
import { createLogger } from "../server/platform/logger.ts";
import { ConfigError, loadConfig } from "../server/platform/settings/config.ts";

const USAGE = "Usage: npm run admin:create -- --email admin@example.org --password 'a long password'";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

const emailSchema = z
  .email("--email must be a valid e-mail address")
  .transform((e) => e.trim().toLowerCase());
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `--password must have at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `--password must have at most ${PASSWORD_MAX_LENGTH} characters`);

function parse(): { email: string; password: string | undefined } {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (!values.email) fail("--email is required");
  const email = emailSchema.safeParse(values.email.trim());
  if (!email.success) fail(email.error.issues[0]?.message ?? "invalid --email");
  if (values.password === undefined) return { email: email.data, password: undefined };
  const password = passwordSchema.safeParse(values.password);
  if (!password.success) fail(password.error.issues[0]?.message ?? "invalid --password");
  return { email: email.data, password: password.data };
}

/** What the administrator meets at the first sign-in (server/platform/http/admin-guard.ts). */
function secondFactorNotice(required: boolean): string {
  return required
    ? "Two-factor authentication is required: at the first sign-in (/admin/login), the administrator sets up an authenticator app (TOTP) before anything else."
    : "Two-factor authentication is optional outside production (ADMIN_TOTP_REQUIRED unset): it can be turned on in /admin/security, and is required in production.";
}

async function main() {
  const args = parse();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const deps = await createDeps(config, createLogger("warn", false));
  const { db } = deps.database;
  try {
    const [existing] = await db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, args.email));
    if (existing) {
      if (existing.role === "admin") {
        console.log(`${args.email} is already an administrator; nothing changed.`);
      } else {
        await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, existing.id));
        console.log(`${args.email} is now an administrator (password unchanged).`);
      }
      console.log(secondFactorNotice(config.adminTotpRequired));
      return;
    }
    if (args.password === undefined) {
      console.error(`No account uses ${args.email}: --password is required to create one.\n${USAGE}`);
      process.exitCode = 1;
      return;
    }
    // The sign-up guard (server/platform/auth/auth.ts) also requires the age and terms confirmations.
    const body = {
      email: args.email,
      password: args.password,
      name: "",
      ageConfirmed: true,
      termsAccepted: true,
    };
    const created = await deps.auth.api.signUpEmail({ body });
    await db.update(user).set({ role: "admin", emailVerified: true }).where(eq(user.id, created.user.id));
    console.log(`Administrator ${args.email} created.`);
    console.log(secondFactorNotice(config.adminTotpRequired));
  } catch (err) {
    console.error(`Could not create the administrator: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await closeDeps(deps);
  }
}

await main();
