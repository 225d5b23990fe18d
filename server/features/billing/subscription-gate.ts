// The API side of the access gate (SPEC §2), the one that counts: search, likes, matches, member
// profiles, messages and the event stream refuse members without a running subscription. It also
// hands the member's profile, read with the session, to the route (`c.get("profile")`).
import { MSG } from "@domain/messages.ts";
import { SUBSCRIPTION_MSG } from "@domain/subscriptions.ts";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { AppError } from "../../platform/http/errors.ts";
import { findProfile } from "../profile/index.ts";
import { checkUserSubscription } from "./subscription-status.ts";

export const subscriptionRequired = () =>
  new AppError(403, "SUBSCRIPTION_REQUIRED", SUBSCRIPTION_MSG.REQUIRED);

/** Use after requireUser. */
export function requireSubscription(deps: Pick<AppDeps, "database">) {
  const { db } = deps.database;
  return createMiddleware<AppEnv>(async (c, next) => {
    const userId = c.get("user").id;
    // Read with the session by requireUser (no second round trip).
    let profile = c.get("ownProfile");
    // SPEC §5: the search (and everything built on a profile) needs one.
    if (!profile) throw new AppError(404, "PROFILE_NOT_FOUND", MSG.PROFILE_NOT_FOUND);
    const until = profile.subscriptionEndsAt;
    // SPEC §2: for a subscribed member the server check runs first and the status is re-read;
    // it can only have changed once the stored end date has passed.
    if (profile.accountStatus === "subscribed" && (!until || until.getTime() <= Date.now())) {
      await checkUserSubscription(db, userId);
      profile = (await findProfile(db, userId)) ?? profile;
    }
    if (profile.accountStatus !== "subscribed") throw subscriptionRequired();
    c.set("profile", profile);
    await next();
  });
}
