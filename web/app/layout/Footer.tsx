import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { usePublicConfig } from "@web/lib/use-config.ts";
import { Mail, MapPin } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router-dom";

const CookieNoticeDialog = lazy(() => import("./CookieNoticeDialog.tsx"));

const linkClass =
  "inline-flex min-h-11 items-center text-sand-100 underline-offset-4 hover:text-white hover:underline";

export function Footer() {
  const [cookiesOpen, setCookiesOpen] = useState(false);
  const { data: config } = usePublicConfig();

  return (
    <footer className="bg-teal-900 text-sand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex flex-col gap-2">
          <p className="text-lg font-bold text-white">Passerelle</p>
          <p className="text-sm text-sand-200">
            Des rencontres sincères entre l’Afrique francophone et l’Europe.
          </p>
        </div>

        <nav aria-label="Liens du pied de page">
          <ul className="flex flex-col">
            <li>
              <Link to="/terms-of-use" className={linkClass}>
                Conditions d’utilisation
              </Link>
            </li>
            <li>
              <Link to="/protection" className={linkClass}>
                Comment Passerelle vous protège
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Politique de confidentialité
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => setCookiesOpen(true)} className={linkClass}>
                Cookies
              </button>
            </li>
            <li>
              <Link to="/admin/login" className={linkClass}>
                Administration
              </Link>
            </li>
          </ul>
        </nav>

        <address className="flex flex-col gap-1 not-italic">
          {config?.contactEmail && (
            <a href={`mailto:${config.contactEmail}`} className={`${linkClass} gap-2`}>
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <EmailAddress email={config.contactEmail} />
            </a>
          )}
          <span className="inline-flex min-h-11 items-center gap-2">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            Paris, France
          </span>
        </address>
      </div>
      <div className="border-t border-teal-700">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-sand-200">
          © 2026 Passerelle. Tous droits réservés.
        </p>
      </div>
      {cookiesOpen && (
        <Suspense fallback={null}>
          <CookieNoticeDialog open onClose={() => setCookiesOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
