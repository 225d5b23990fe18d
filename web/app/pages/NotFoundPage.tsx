import { buttonClasses } from "@web/components/ui/Button.tsx";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Compass } from "lucide-react";
import { Link } from "react-router-dom";

export default function NotFoundPage() {
  usePageTitle("Page introuvable");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <Compass className="size-12 text-brand-600" aria-hidden="true" />
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Erreur 404</p>
      <h1 className="text-3xl font-bold text-teal-900">Page introuvable</h1>
      <p className="text-ink-soft">La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <Link to="/" className={buttonClasses("primary")}>
        Revenir à l’accueil
      </Link>
    </section>
  );
}
