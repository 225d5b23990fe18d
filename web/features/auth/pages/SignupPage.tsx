import { authClient } from "@web/lib/auth-client.ts";
import { useAfterHydration } from "@web/lib/use-hydrated.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { AuthCard } from "../components/AuthCard.tsx";
import { SignupForm } from "../components/SignupForm.tsx";

export default function SignupPage() {
  usePageTitle("Inscription");
  const navigate = useNavigate();
  const session = useAfterHydration(authClient.useSession().data, null);

  // The form shows while the session is being checked (it is also the prerendered page, see
  // web/prerender.tsx); a member who turns out to be signed in is sent on.
  if (session) return <Navigate to="/profile" replace />;

  return (
    <AuthCard
      title="Créer mon compte"
      intro="Rejoignez Passerelle et rencontrez des personnes francophones d'Afrique et d'Europe."
    >
      <SignupForm onSuccess={() => navigate("/profile", { replace: true })} />
      <p className="mt-6 text-center text-ink-soft">
        Vous avez déjà un compte ?{" "}
        <Link to="/login" className="font-semibold text-teal-700 underline">
          Se connecter
        </Link>
      </p>
    </AuthCard>
  );
}
