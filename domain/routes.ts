// The single-page app's routes, as path patterns (":name" is one segment). The server answers these
// with the app's page (HTTP 200) and anything else with the same page but HTTP 404, which the app
// renders as « Page introuvable ». web/app/router.test.tsx checks this list against the router.
export const SPA_ROUTES = [
  "/",
  "/signup",
  "/login",
  "/forgot-password",
  "/reset-password",
  "/privacy-policy",
  "/terms-of-use",
  "/protection",
  "/email-confirmed",
  "/notifications/unsubscribe",
  "/onboarding",
  "/profile",
  "/profile/verification",
  "/subscription",
  "/subscription/demo",
  "/subscription/success",
  "/search",
  "/matches",
  "/visits",
  "/messages",
  "/admin",
  "/admin/login",
  "/admin/dashboard",
  "/admin/users",
  "/admin/users/:id",
  "/admin/profiles",
  "/admin/profiles/:userId",
  "/admin/matches",
  "/admin/messages",
  "/admin/reports",
  "/admin/reports/:id",
  "/admin/verifications",
  "/admin/photo-reviews",
  "/admin/shield",
  "/admin/subscriptions",
  "/admin/add-json",
  "/admin/security",
] as const;

const segments = (p: string) => p.split("/").filter(Boolean);
const PATTERNS = SPA_ROUTES.map(segments);

/** Whether a URL path is one of the app's pages (a trailing slash is the same page). */
export function isSpaRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((seg, i) => (seg.startsWith(":") ? parts[i] !== "" : seg === parts[i])),
  );
}
