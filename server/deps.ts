// The app's parts, as every module receives them (AppDeps), and what a request carries (AppEnv): the
// composition's types, built once by server/bootstrap.ts (or per test).
import type Stripe from "stripe";
import type { PaymentRegistry } from "./features/billing/providers/registry.ts";
import type { PlatformDeps } from "./platform/platform-deps.ts";

/** Everything a route module may use; built once by createDeps (server/bootstrap.ts) or per test. */
export interface AppDeps extends PlatformDeps {
  /** Stripe, the demo provider, or null when paying is not possible (production without Stripe). */
  payments: PaymentRegistry;
  /** The Stripe client when Stripe is configured (webhooks). */
  stripe: Stripe | null;
}

// What a request carries: a platform type, re-exported here where the routes import it from.
export type { AppEnv, SessionUser } from "./platform/http/env.ts";
