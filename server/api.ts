// The JSON API the web app calls, as one chained Hono value: its type, `ApiRoutes`, is the contract
// the web app's typed client (web/lib/api.ts) is built from — every route's path, input and response.
// Mounted by createApp (server/app.ts) after the middleware every /api request goes through.

import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./deps.ts";
import { adminRoutes } from "./features/admin/admin.routes.ts";
import { subscriptionRoutes } from "./features/billing/subscriptions.routes.ts";
import { callRoutes } from "./features/calls/index.ts";
import { checkInRoutes } from "./features/check-ins/index.ts";
import { eventRoutes } from "./features/events/index.ts";
import { likeRoutes } from "./features/likes/likes.routes.ts";
import { matchRoutes } from "./features/matches/matches.routes.ts";
import { memberRoutes } from "./features/members/members.routes.ts";
import { visitRoutes } from "./features/members/visits.routes.ts";
import { conversationRoutes } from "./features/messages/messages.routes.ts";
import { navRoutes } from "./features/nav/nav.routes.ts";
import { notificationsRoutes } from "./features/notifications/notifications.routes.ts";
import { photoRoutes } from "./features/photos/photos.routes.ts";
import { profileRoutes } from "./features/profile/profile.routes.ts";
import { blockRoutes, myDataRoutes, reportRoutes } from "./features/safety/safety.routes.ts";
import { searchRoutes } from "./features/search/search.routes.ts";
import { matchShareRoutes, myShareRoutes } from "./features/sharing/index.ts";
import { shieldRoutes } from "./features/shield/index.ts";
import { verificationRoutes } from "./features/verification/verification.routes.ts";
import { myVoiceIntroRoutes, voiceIntroRoutes } from "./features/voice-intros/index.ts";

export function apiRoutes(deps: AppDeps) {
  const { config } = deps;
  return new Hono<AppEnv>()
    .get("/api/config", (c) => c.json({ contactEmail: config.contactEmail }))
    .route("/api/profile", profileRoutes(deps))
    .route("/api/profile/visits", visitRoutes(deps))
    .route("/api/profile/photos", photoRoutes(deps))
    .route("/api/profile/voice-intro", myVoiceIntroRoutes(deps))
    .route("/api/voice-intros", voiceIntroRoutes(deps))
    .route("/api/nav", navRoutes(deps))
    .route("/api/search", searchRoutes(deps))
    .route("/api/likes", likeRoutes(deps))
    .route("/api/members", memberRoutes(deps))
    .route("/api/matches", matchRoutes(deps))
    .route("/api/matches", matchShareRoutes(deps))
    .route("/api/shares", myShareRoutes(deps))
    .route("/api/check-ins", checkInRoutes(deps))
    .route("/api/conversations", conversationRoutes(deps))
    .route("/api/calls", callRoutes(deps))
    .route("/api/events", eventRoutes(deps))
    .route("/api/subscription", subscriptionRoutes(deps))
    .route("/api/admin", adminRoutes(deps))
    .route("/api/blocks", blockRoutes(deps))
    .route("/api/reports", reportRoutes(deps))
    .route("/api/me", myDataRoutes(deps))
    .route("/api/verification", verificationRoutes(deps))
    .route("/api/shield", shieldRoutes(deps))
    .route("/api/notifications", notificationsRoutes(deps));
}

/** Every route of the API the web app calls, with its input and responses. */
export type ApiRoutes = ReturnType<typeof apiRoutes>;
