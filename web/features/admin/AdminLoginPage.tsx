import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

export default function AdminLoginPage() {
  return (
    <ComingSoon title="Administration" sentence="La connexion à l'espace d'administration arrive bientôt." />
  );
}
