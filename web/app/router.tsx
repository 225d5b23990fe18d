import { lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { RootLayout } from "./layout/RootLayout.tsx";
import { RequireAuth } from "./RequireAuth.tsx";
import { RouteErrorPage } from "./RouteErrorPage.tsx";

// Every page is its own chunk, loaded on demand (the layout shows a spinner meanwhile).
const HomePage = lazy(() => import("@web/features/home/HomePage.tsx"));
const SignupPage = lazy(() => import("@web/features/auth/pages/SignupPage.tsx"));
const LoginPage = lazy(() => import("@web/features/auth/pages/LoginPage.tsx"));
const ForgotPasswordPage = lazy(() => import("@web/features/auth/pages/ForgotPasswordPage.tsx"));
const ResetPasswordPage = lazy(() => import("@web/features/auth/pages/ResetPasswordPage.tsx"));
const PrivacyPolicyPage = lazy(() => import("@web/features/legal/PrivacyPolicyPage.tsx"));
const TermsOfUsePage = lazy(() => import("@web/features/legal/TermsOfUsePage.tsx"));
const ProfilePage = lazy(() => import("@web/features/profile/ProfilePage.tsx"));
const SearchPage = lazy(() => import("@web/features/search/SearchPage.tsx"));
const MatchesPage = lazy(() => import("@web/features/matches/MatchesPage.tsx"));
const MessagesPage = lazy(() => import("@web/features/messages/MessagesPage.tsx"));
const SubscriptionPage = lazy(() => import("@web/features/subscription/SubscriptionPage.tsx"));
const SubscriptionSuccessPage = lazy(() => import("@web/features/subscription/SubscriptionSuccessPage.tsx"));
const AdminLoginPage = lazy(() => import("@web/features/admin/AdminLoginPage.tsx"));
const AdminPlaceholderPage = lazy(() => import("@web/features/admin/AdminPlaceholderPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));

const ADMIN_SECTIONS = [
  "dashboard",
  "users",
  "profiles",
  "matches",
  "messages",
  "subscriptions",
  "add-json",
] as const;

export const routes: RouteObject[] = [
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
          { path: "privacy-policy", element: <PrivacyPolicyPage /> },
          { path: "terms-of-use", element: <TermsOfUsePage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: "profile", element: <ProfilePage /> },
              { path: "search", element: <SearchPage /> },
              { path: "matches", element: <MatchesPage /> },
              { path: "messages", element: <MessagesPage /> },
              { path: "subscription", element: <SubscriptionPage /> },
              { path: "subscription/success", element: <SubscriptionSuccessPage /> },
            ],
          },
          { path: "admin/login", element: <AdminLoginPage /> },
          ...ADMIN_SECTIONS.map((section) => ({
            path: `admin/${section}`,
            element: <AdminPlaceholderPage section={section} />,
          })),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
