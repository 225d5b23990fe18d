import { authClient } from "@web/lib/auth-client.ts";
import { safeRedirect } from "@web/lib/safe-redirect.ts";
import { useAfterHydration } from "@web/lib/use-hydrated.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { AuthCard } from "../components/AuthCard.tsx";
import { LoginForm } from "../components/LoginForm.tsx";

export default function LoginPage() {
  usePageTitle("Connexion");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get("redirect"));
  const session = useAfterHydration(authClient.useSession().data, null);

  // The form shows while the session is being checked (it is also the prerendered page, see
  // web/prerender.tsx); a member who turns out to be signed in is sent on.
  if (session) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Connexion" intro="Heureux de vous revoir sur Passerelle.">
      <LoginForm onSuccess={() => navigate(target, { replace: true })} />
      <p className="mt-6 text-center text-ink-soft">
        Pas encore de compte ?{" "}
        <Link to="/signup" className="font-semibold text-teal-700 underline">
          Créer un compte
        </Link>
      </p>
    </AuthCard>
  );
}
