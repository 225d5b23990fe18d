// Test helpers of the admin pages (not a test file itself).
import type { AdminList, AdminRecord, AdminUserDetail, AdminUserRow } from "@domain/admin.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import type { ReactElement } from "react";
import { Route, Routes, useLocation } from "react-router-dom";

export const adminFixture = (over: Partial<AdminRecord> = {}): AdminRecord => ({
  id: "admin-1",
  email: "moderation@passerelle.example",
  name: "Nadia Kouassi",
  role: "admin",
  twoFactorEnabled: false,
  twoFactorRequired: false,
  ...over,
});

export const userRowFixture = (over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: "u1",
  email: "awa.diop@example.com",
  name: "Awa Diop",
  role: "user",
  banned: false,
  banReason: null,
  emailVerified: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  accountStatus: "trial",
  gender: "female",
  country: "Sénégal",
  photo: null,
  ...over,
});

export const userDetailFixture = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...userRowFixture(),
  subscriptionEndsAt: null,
  counts: { likesGiven: 12, matches: 3, messagesSent: 40, reportsReceived: 0 },
  lastSessionAt: "2026-11-21T18:30:00.000Z",
  ...over,
});

export function listOf<T>(data: T[], over: Partial<AdminList<T>> = {}): AdminList<T> {
  return { data, total: data.length, totalCapped: false, page: 1, size: 25, ...over };
}

/** Shows where the router is, to assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `element` at `path`, starting from `route`; any other path shows the location probe. */
export function renderRoute(element: ReactElement, { path, route }: { path: string; route: string }) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}
