import type { AdminRecord } from "@domain/admin.ts";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { Suspense, useEffect, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router-dom";
import { isAuthError, useAdminMe } from "../shared/admin-api.ts";
import { clearAdminUser, readAdminUser, storeAdminUser } from "../shared/admin-storage.ts";
import { AdminNav } from "./AdminNav.tsx";
import { mustEnrol, SECURITY_PATH } from "./nav-items.ts";
import { useSessionWatch } from "./use-session-watch.ts";

/** /admin/login?redirect=<path> */
export function adminLoginUrl(path: string): string {
  return `/admin/login?redirect=${encodeURIComponent(path)}`;
}

/** Forgets the stored admin and goes to the login page, coming back here afterwards. */
function ToLogin({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    clearAdminUser();
    navigate(adminLoginUrl(path), { replace: true });
  }, [navigate, path]);
  return <PageSpinner label="Redirection vers la connexion…" />;
}

/**
 * The admin area's frame. The server is the guard: GET /api/admin/me decides (401/403 → login);
 * the stored `adminUser` only names the admin until the answer arrives.
 */
export default function AdminLayout() {
  const location = useLocation();
  const me = useAdminMe();
  // Reading removes an unreadable record at once.
  const [stored, setStored] = useState<AdminRecord | null>(readAdminUser);
  useSessionWatch();

  useEffect(() => {
    if (!me.data) return;
    storeAdminUser(me.data);
    setStored(me.data);
  }, [me.data]);

  if (me.isError && isAuthError(me.error)) return <ToLogin path={`${location.pathname}${location.search}`} />;
  if (me.isPending) return <PageSpinner label="Vérification de votre session…" />;
  // The server refuses everything else until TOTP is on; the page says why and how.
  if (mustEnrol(me.data) && location.pathname !== SECURITY_PATH)
    return <Navigate to={SECURITY_PATH} replace />;

  return (
    <div className="min-h-dvh bg-sand-50 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <a
        href="#contenu"
        className="sr-only z-50 rounded-full bg-ochre-300 px-4 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Aller au contenu
      </a>
      <AdminNav admin={me.data ?? stored} />
      <main id="contenu" tabIndex={-1} className="min-w-0 focus:outline-none">
        {me.isError && !me.data ? (
          <div className="mx-auto max-w-2xl px-4 py-10">
            <ErrorState
              title="Impossible de vérifier votre session"
              message={errorMessage(me.error)}
              onRetry={() => void me.refetch()}
              retrying={me.isFetching}
            />
          </div>
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </div>
  );
}
