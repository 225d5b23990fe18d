import { buttonClasses } from "@web/components/ui/Button.tsx";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { SearchX } from "lucide-react";
import { Link } from "react-router-dom";

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-28 w-full rounded-[var(--radius-card)]" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 w-full rounded-[var(--radius-card)]" />
        <Skeleton className="h-64 w-full rounded-[var(--radius-card)]" />
      </div>
    </div>
  );
}

/** A failed detail load: « introuvable » with a way back for a 404, otherwise the error and a retry. */
export function DetailError({
  error,
  notFoundTitle,
  errorTitle,
  backTo,
  backLabel,
  onRetry,
  retrying,
}: {
  error: unknown;
  notFoundTitle: string;
  errorTitle: string;
  backTo: string;
  backLabel: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (error instanceof ApiError && error.status === 404)
    return (
      <EmptyState
        icon={SearchX}
        title={notFoundTitle}
        action={
          <Link to={backTo} className={buttonClasses("secondary")}>
            {backLabel}
          </Link>
        }
      >
        Il a peut-être été supprimé entre-temps.
      </EmptyState>
    );
  return (
    <ErrorState title={errorTitle} message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />
  );
}

/** « ← Utilisateurs » */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 w-fit items-center gap-1 font-semibold text-teal-700 underline underline-offset-2"
    >
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
