import { PageSpinner } from "@web/components/ui/Spinner.tsx";
import { authClient } from "@web/lib/auth-client.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { AuthCard } from "../components/AuthCard.tsx";
import { SignupForm } from "../components/SignupForm.tsx";

export default function SignupPage() {
  usePageTitle("Inscription");
  const navigate = useNavigate();
  const { data: session, isPending } = authClient.useSession();

  if (isPending) return <PageSpinner />;
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
