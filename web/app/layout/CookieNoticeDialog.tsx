import { COOKIES } from "@domain/safety.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { quoted } from "@web/lib/format.ts";
import { Link } from "react-router-dom";

/** The footer's « Cookies » notice: its own chunk, loaded when the member opens it. */
export default function CookieNoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cookies"
      className="max-h-[92dvh] overflow-y-auto"
      footer={
        <Button variant="primary" onClick={onClose}>
          J’ai compris
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm sm:text-base">
        <p>
          Passerelle ne dépose que des cookies strictement nécessaires à son fonctionnement, qui ne
          nécessitent pas votre consentement. Les voici :
        </p>
        <dl className="flex flex-col gap-2">
          {COOKIES.map((cookie) => (
            <div key={cookie.name} className="rounded-xl bg-sand-100 px-4 py-3">
              <dt>
                <code className="font-mono text-sm font-semibold break-all text-teal-900">{cookie.name}</code>
              </dt>
              <dd className="mt-1">{cookie.purpose}.</dd>
              <dd className="text-ink-soft">Durée : {cookie.duration}.</dd>
            </div>
          ))}
        </dl>
        <p>
          L’espace d’administration garde aussi dans le stockage local du navigateur (ce n’est pas un cookie)
          un enregistrement d’affichage, {quoted("adminUser")}, avec le nom et l’adresse e-mail de
          l’administrateur connecté. Il ne sert qu’à l’affichage et il est effacé à la déconnexion.
        </p>
        <p>Aucun cookie publicitaire, de mesure d’audience ou de pistage n’est déposé.</p>
        <p>
          Pour en savoir plus, consultez notre{" "}
          <Link to="/privacy-policy" onClick={onClose} className="font-medium text-teal-700 underline">
            politique de confidentialité
          </Link>
          .
        </p>
      </div>
    </Dialog>
  );
}
