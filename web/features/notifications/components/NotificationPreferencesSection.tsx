import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useNotificationSettings } from "../api.ts";
import { NotificationPreferencesForm } from "./NotificationPreferencesForm.tsx";

/**
 * « Notifications » in /profile (issue 18): what the member is told when away, on this device and
 * by e-mail, the e-mails' rhythm and quiet hours.
 */
export function NotificationPreferencesSection() {
  const settings = useNotificationSettings();
  const { hash } = useLocation();
  const loaded = settings.isSuccess;
  useEffect(() => {
    // From an e-mail's « Choisir quand recevoir ces e-mails » (/profile#section-notifications): the
    // browser looked for the section before it existed, so it is brought into view once shown, below
    // the sticky header.
    const heading = loaded && hash === "#section-notifications" && document.getElementById(hash.slice(1));
    if (heading) window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - 80 });
  }, [loaded, hash]);
  if (settings.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <p role="status" className="sr-only">
          Chargement de vos préférences…
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (settings.isError)
    return (
      <ErrorState
        title="Impossible de charger vos préférences de notification"
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
      />
    );
  return <NotificationPreferencesForm settings={settings.data} />;
}
