import { buttonClasses } from "@web/components/ui/Button.tsx";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { CloudOff } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { isChunkLoadError, shouldReloadForChunk } from "./chunk-reload.ts";

/** Router error element, in French, always with a way home. */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = isChunkLoadError(error);
  usePageTitle(notFound ? "Page introuvable" : "Erreur");
  if (!notFound) console.error(error);
  // A page's code that did not load: one reload, at once (chunk-reload.ts); the page below stays
  // for a second failure.
  useEffect(() => {
    if (chunk && shouldReloadForChunk(window.sessionStorage)) window.location.reload();
  }, [chunk]);

  const content = (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CloudOff className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-teal-900">
        {notFound ? "Page introuvable" : "Une erreur inattendue est survenue"}
      </h1>
      <p className="text-ink-soft">
        {notFound
          ? "La page que vous cherchez n’existe pas ou a été déplacée."
          : chunk
            ? "Une nouvelle version de Passerelle est peut-être disponible. Rechargez la page pour continuer."
            : "Nous sommes désolés. Vous pouvez recharger la page ou revenir à l’accueil."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* Plain links: a full reload recovers from a broken application state. */}
        <a href="/" className={buttonClasses("primary")}>
          Revenir à l’accueil
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
