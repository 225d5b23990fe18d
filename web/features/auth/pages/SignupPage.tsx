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
  // web/prerender.tsx); a member who turns out to be signed in is sent on. A sign-up opens the
  // session before the form's own onSuccess runs, so this is also where a new member goes on from:
  // the guided first profile, which sends a member whose profile is done to /search.
  if (session) return <Navigate to="/onboarding" replace />;

  return (
    <AuthCard
      title="Créer mon compte"
      intro="Rejoignez Passerelle et rencontrez des personnes francophones d'Afrique et d'Europe."
    >
      {/* A new member is guided through a first profile (web/features/onboarding). */}
      <SignupForm onSuccess={() => navigate("/onboarding", { replace: true })} />
      <p className="mt-6 text-center text-ink-soft">
        Vous avez déjà un compte ?{" "}
        <Link to="/login" className="font-semibold text-teal-700 underline">
          Se connecter
        </Link>
      </p>
    </AuthCard>
  );
}
