import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { useLayoutSession } from "@web/lib/auth-client.ts";
import { loginUrlFor } from "@web/lib/safe-redirect.ts";
import { Navigate, Outlet, useLocation } from "react-router-dom";

/** Signed-in routes: a signed-out visitor goes to /login?redirect=<path>. */
export function RequireAuth() {
  const { signedIn, isPending } = useLayoutSession();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Vérification de votre session…" />;
  if (!signedIn) return <Navigate to={loginUrlFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
