// One lazy chunk that knows every admin screen, so the main bundle carries a single import for
// the whole admin area; each screen is then loaded on demand from here.
import { lazy } from "react";

const screens = {
  layout: lazy(() => import("./layout/AdminLayout.tsx")),
  login: lazy(() => import("./login/AdminLoginPage.tsx")),
  dashboard: lazy(() => import("./dashboard/DashboardPage.tsx")),
  users: lazy(() => import("./users/UsersPage.tsx")),
  user: lazy(() => import("./users/UserDetailPage.tsx")),
  profiles: lazy(() => import("./profiles/ProfilesPage.tsx")),
  profile: lazy(() => import("./profiles/ProfileDetailPage.tsx")),
  matches: lazy(() => import("./matches/MatchesPage.tsx")),
  messages: lazy(() => import("./messages/MessagesPage.tsx")),
  reports: lazy(() => import("./reports/ReportsPage.tsx")),
  report: lazy(() => import("./reports/ReportDetailPage.tsx")),
  verifications: lazy(() => import("./verifications/VerificationsPage.tsx")),
  "photo-reviews": lazy(() => import("./photo-reviews/PhotoReviewsPage.tsx")),
  shield: lazy(() => import("./shield/ShieldPage.tsx")),
  subscriptions: lazy(() => import("./subscriptions/SubscriptionsPage.tsx")),
  security: lazy(() => import("./security/SecurityPage.tsx")),
  import: lazy(() => import("./import/ImportPage.tsx")),
  "not-found": lazy(() => import("./AdminNotFoundPage.tsx")),
};

export type AdminScreenName = keyof typeof screens;

export default function AdminScreen({ name }: { name: AdminScreenName }) {
  const Screen = screens[name];
  return <Screen />;
}
