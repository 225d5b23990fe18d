// GET /kit-voyage: the trip kit's page (issue 40), for anyone; a signed-in member's shows where her
// own country's consulates are.

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { profiles } from "../../platform/db/schema/index.ts";
import { TRIP_KIT_CSP, tripKitPage } from "./trip-kit-page.ts";

export function tripKitRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const session = await deps.sessions(c.req.raw.headers);
    const [profile] = session
      ? await deps.database.db
          .select({ country: profiles.country })
          .from(profiles)
          .where(eq(profiles.userId, session.user.id))
      : [];
    return new Response(tripKitPage(profile?.country || null), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // Personal (the consulates): not for a shared cache; the device's worker keeps its own copy.
        "Cache-Control": "private, no-cache",
        "Content-Security-Policy": TRIP_KIT_CSP,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
      },
    });
  });
}
