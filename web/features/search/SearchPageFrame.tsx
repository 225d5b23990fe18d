// The search page's frame and title block, outside the page's own chunk (web/app/router.tsx): the
// heading is part of the member page's prerendered document (web/prerender.tsx) and of the first
// render, while the rest of the page's code loads.
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import type { ReactNode } from "react";

export function SearchPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PageHeader
        title="Recherche"
        intro="Découvrez des membres qui partagent vos envies, entre l’Afrique francophone et l’Europe."
      />
      {children}
    </div>
  );
}
