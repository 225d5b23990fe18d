import { Alert } from "@web/components/ui/Alert.tsx";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { Link } from "react-router-dom";

/**
 * In place of the composer while the member's birth date is still the stored default: the server
 * refuses their messages (403 BIRTH_DATE_UNCONFIRMED, docs/decisions/0010); this says why and where
 * to give it.
 */
export function BirthDateRequiredNotice() {
  return (
    <div className="border-t border-sand-200 bg-white p-3">
      <Alert tone="info" title="Indiquez votre date de naissance pour écrire">
        <p>
          Tant que votre date de naissance n’est pas indiquée, vous ne pouvez pas envoyer de messages et les
          autres membres ne voient pas votre profil.
        </p>
        <Link to="/onboarding" className={buttonClasses("primary", "sm", "mt-3")}>
          Compléter mon profil
        </Link>
      </Alert>
    </div>
  );
}
