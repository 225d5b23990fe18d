// The SPA side of the access gate (SPEC §2): a member without a running subscription who opens a
// subscribers' page goes to /subscription, carrying the page along to come back to after paying.
// The server refuses them anyway; this saves them a page full of errors.
import { gateRedirect } from "@domain/subscriptions.ts";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { useSubscriptionStatus } from "@web/features/subscription/api.ts";
import { errorMessage } from "@web/lib/api.ts";
import { Navigate, Outlet, useLocation } from "react-router-dom";

export function RequireSubscription() {
  const location = useLocation();
  const status = useSubscriptionStatus();
  // A « not subscribed » answer being refreshed (just after paying) is waited for, not obeyed.
  if (status.isPending || (status.data?.status !== "subscribed" && status.isFetching))
    return <PageSpinner label="Vérification de votre abonnement…" />;
  if (status.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <ErrorState
          title="Impossible de vérifier votre abonnement"
          message={errorMessage(status.error)}
          onRetry={() => void status.refetch()}
          retrying={status.isRefetching}
        />
      </div>
    );
  const to = gateRedirect(status.data.status, `${location.pathname}${location.search}`);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}
