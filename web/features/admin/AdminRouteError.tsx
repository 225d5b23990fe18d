import { buttonClasses } from "@web/components/ui/Button.tsx";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { CloudOff } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";

/**
 * Error element of the admin routes (loaded with the main bundle, so it works when a page's
 * chunk cannot be fetched). `standalone` when the admin frame itself failed.
 */
export function AdminRouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(`${notFound ? "Page introuvable" : "Erreur"} · Administration`);
  if (!notFound) console.error(error);

  const content = (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CloudOff className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-teal-900">
        {notFound ? "Page introuvable" : "Une erreur inattendue est survenue"}
      </h1>
      <p className="text-ink-soft">
        {notFound
          ? "Cette page d’administration n’existe pas."
          : "Rechargez la page ; si l’erreur persiste, une nouvelle version est peut-être en ligne."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/admin/dashboard" className={buttonClasses("primary")}>
          Tableau de bord
        </a>
        {!notFound && (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={buttonClasses("secondary")}
          >
            Recharger la page
          </button>
        )}
      </div>
    </section>
  );
  if (!standalone) return content;
  return (
    <main id="contenu" className="min-h-dvh bg-sand-50">
      {content}
    </main>
  );
}
