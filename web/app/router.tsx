import type { QueryClient } from "@tanstack/react-query";
import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { AdminRouteError } from "@web/features/admin/AdminRouteError.tsx";
import type { AdminScreenName } from "@web/features/admin/AdminScreen.tsx";
import { SearchPageFrame } from "@web/features/search/SearchPageFrame.tsx";
import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from "react-router-dom";
import { ClientOnly } from "./ClientOnly.tsx";
import { RootLayout } from "./layout/RootLayout.tsx";
import { RequireAuth } from "./RequireAuth.tsx";
import { RequireSubscription } from "./RequireSubscription.tsx";
import { RouteErrorPage } from "./RouteErrorPage.tsx";
import {
  loadMatchesPage,
  loadMessagesPage,
  loadSearchPage,
  loadVisitsPage,
  routeLoaders,
} from "./route-preload.ts";

// Every page is its own chunk, loaded on demand (the layout shows a spinner meanwhile).
const HomePage = lazy(() => import("@web/features/home/HomePage.tsx"));
const SignupPage = lazy(() => import("@web/features/auth/pages/SignupPage.tsx"));
const LoginPage = lazy(() => import("@web/features/auth/pages/LoginPage.tsx"));
const ForgotPasswordPage = lazy(() => import("@web/features/auth/pages/ForgotPasswordPage.tsx"));
const ResetPasswordPage = lazy(() => import("@web/features/auth/pages/ResetPasswordPage.tsx"));
const EmailConfirmedPage = lazy(() => import("@web/features/auth/pages/EmailConfirmedPage.tsx"));
const PrivacyPolicyPage = lazy(() => import("@web/features/legal/PrivacyPolicyPage.tsx"));
const TermsOfUsePage = lazy(() => import("@web/features/legal/TermsOfUsePage.tsx"));
const ProtectionPage = lazy(() => import("@web/features/legal/ProtectionPage.tsx"));
const ProfilePage = lazy(() => import("@web/features/profile/ProfilePage.tsx"));
const VerificationPage = lazy(() => import("@web/features/verification/VerificationPage.tsx"));
const OnboardingPage = lazy(() => import("@web/features/onboarding/OnboardingPage.tsx"));
const SearchPage = lazy(loadSearchPage);
const MatchesPage = lazy(loadMatchesPage);
const MessagesPage = lazy(loadMessagesPage);
const VisitsPage = lazy(loadVisitsPage);
const SubscriptionPage = lazy(() => import("@web/features/subscription/SubscriptionPage.tsx"));
const DemoPaymentPage = lazy(() => import("@web/features/subscription/DemoPaymentPage.tsx"));
const SubscriptionSuccessPage = lazy(() => import("@web/features/subscription/SubscriptionSuccessPage.tsx"));
const UnsubscribePage = lazy(() => import("@web/features/notifications/UnsubscribePage.tsx"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));

// The admin area: its own frame (no member header, footer or bottom bar). Every screen is lazy,
// through one small registry chunk, so the main bundle holds a single import for the whole area.
const AdminScreen = lazy(() => import("@web/features/admin/AdminScreen.tsx"));
const screen = (name: AdminScreenName) => <AdminScreen name={name} />;

function AdminRoot() {
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

const adminRoute: RouteObject = {
  path: "admin",
  element: <AdminRoot />,
  errorElement: <AdminRouteError standalone />,
  children: [
    { index: true, element: <Navigate to="/admin/dashboard" replace /> },
    { path: "login", element: screen("login") },
    {
      // Guarded by the server: the layout asks /api/admin/me and sends a refusal to the login.
      element: screen("layout"),
      children: [
        {
          // Errors inside a page render within the admin frame, so its navigation stays available.
          errorElement: <AdminRouteError />,
          children: [
            { path: "dashboard", element: screen("dashboard") },
            { path: "users", element: screen("users") },
            { path: "users/:id", element: screen("user") },
            { path: "profiles", element: screen("profiles") },
            { path: "profiles/:userId", element: screen("profile") },
            { path: "matches", element: screen("matches") },
            { path: "messages", element: screen("messages") },
            { path: "reports", element: screen("reports") },
            { path: "reports/:id", element: screen("report") },
            { path: "verifications", element: screen("verifications") },
            { path: "photo-reviews", element: screen("photo-reviews") },
            { path: "shield", element: screen("shield") },
            { path: "subscriptions", element: screen("subscriptions") },
            { path: "add-json", element: screen("import") },
            { path: "security", element: screen("security") },
            { path: "*", element: screen("not-found") },
          ],
        },
      ],
    },
  ],
};

/** The app's routes; `queryClient` is the one the pages read, which the loaders fill ahead. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const loaders = routeLoaders(queryClient);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage standalone />,
      children: [
        {
          // Errors inside a page render within the layout, so navigation stays available.
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomePage /> },
            { path: "signup", element: <SignupPage /> },
            { path: "login", element: <LoginPage /> },
            { path: "forgot-password", element: <ForgotPasswordPage /> },
            { path: "reset-password", element: <ResetPasswordPage /> },
            // The e-mail confirmation link lands here, signed in or not.
            { path: "email-confirmed", element: <EmailConfirmedPage /> },
            { path: "privacy-policy", element: <PrivacyPolicyPage /> },
            { path: "terms-of-use", element: <TermsOfUsePage /> },
            // « Comment Passerelle vous protège » (issue 36), signed in or not.
            { path: "protection", element: <ProtectionPage /> },
            // The « Ne plus recevoir ces e-mails » link of the notification e-mails, signed in or not.
            { path: "notifications/unsubscribe", element: <UnsubscribePage /> },
            {
              element: <RequireAuth />,
              children: [
                { path: "profile", element: <ProfilePage /> },
                // Live selfies compared with the member's photos (issue 16): signed-in members, like /profile.
                { path: "profile/verification", element: <VerificationPage /> },
                // The guided first profile: open to trial members, like /profile.
                { path: "onboarding", element: <OnboardingPage /> },
                { path: "subscription", element: <SubscriptionPage /> },
                { path: "subscription/demo", element: <DemoPaymentPage /> },
                { path: "subscription/success", element: <SubscriptionSuccessPage /> },
                {
                  // SPEC §2: subscribers only.
                  element: <RequireSubscription />,
                  children: [
                    {
                      path: "search",
                      // The page's heading shows at once (prerendered for members: web/prerender.tsx);
                      // the rest once its chunk has loaded.
                      element: (
                        <SearchPageFrame>
                          <Suspense fallback={<PageSpinner label="Chargement de la recherche…" />}>
                            <ClientOnly>
                              <SearchPage />
                            </ClientOnly>
                          </Suspense>
                        </SearchPageFrame>
                      ),
                      loader: loaders.search,
                    },
                    { path: "matches", element: <MatchesPage />, loader: loaders.matches },
                    { path: "messages", element: <MessagesPage />, loader: loaders.messages },
                    // « Qui a vu mon profil » (issue 17).
                    { path: "visits", element: <VisitsPage />, loader: loaders.visits },
                  ],
                },
              ],
            },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
    adminRoute,
  ];
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
