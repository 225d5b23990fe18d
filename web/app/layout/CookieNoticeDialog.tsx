import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { Link } from "react-router-dom";

export function CookieNoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cookies"
      footer={
        <Button variant="primary" onClick={onClose}>
          J'ai compris
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm sm:text-base">
        <p>
          Passerelle n'utilise qu'un seul cookie, strictement nécessaire : le cookie de session qui vous garde
          connecté(e) à votre compte en toute sécurité.
        </p>
        <p>
          Aucun cookie publicitaire, de mesure d'audience ou de pistage n'est déposé. C'est pourquoi aucun
          consentement ne vous est demandé.
        </p>
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
