import { useEffect } from "react";

const SITE_NAME = "Passerelle";

/** Sets the document title, e.g. « Connexion · Passerelle ». */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title
      ? `${title} · ${SITE_NAME}`
      : `${SITE_NAME} · Rencontres entre l’Afrique francophone et l’Europe`;
  }, [title]);
}
