import { buttonClasses } from "@web/components/ui/Button.tsx";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Compass } from "lucide-react";
import { Link } from "react-router-dom";

export default function AdminNotFoundPage() {
  usePageTitle("Page introuvable · Administration");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <Compass className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-teal-900">Page introuvable</h1>
      <p className="text-ink-soft">Cette page d’administration n’existe pas ou a été déplacée.</p>
      <Link to="/admin/dashboard" className={buttonClasses("primary")}>
        Revenir au tableau de bord
      </Link>
    </section>
  );
}
