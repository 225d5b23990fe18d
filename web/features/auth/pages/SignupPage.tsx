import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { authClient } from "@web/lib/auth-client.ts";
import { useAfterHydration } from "@web/lib/use-hydrated.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { useState } from "react";
import { Link, Navigate } from "react-router-dom";
import { AuthCard } from "../components/AuthCard.tsx";
import { SignupForm } from "../components/SignupForm.tsx";

export default function SignupPage() {
  usePageTitle("Inscription");
  // The address the confirmation link went to, once the form is sent.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const session = useAfterHydration(authClient.useSession().data, null);

  // The form shows while the session is being checked (it is also the prerendered page, see
  // web/prerender.tsx); a member who turns out to be signed in is sent on to the first profile.
  if (session) return <Navigate to="/onboarding" replace />;
  // Sign-up opens no session: the e-mailed link confirms the address and signs in. The page says the
  // same whether the address was new or taken (its owner gets a different e-mail).
  if (sentTo) return <CheckYourInbox email={sentTo} />;

  return (
    <AuthCard
      title="Créer mon compte"
      intro="Rejoignez Passerelle et rencontrez des personnes francophones d’Afrique et d’Europe."
    >
      <SignupForm onSuccess={setSentTo} />
      <p className="mt-6 text-center text-ink-soft">
        Vous avez déjà un compte ?{" "}
        <Link to="/login" className="font-semibold text-teal-700 underline">
          Se connecter
        </Link>
      </p>
    </AuthCard>
  );
}

function CheckYourInbox({ email }: { email: string }) {
  return (
    <AuthCard title="Vérifiez votre boîte e-mail">
      <div className="flex flex-col gap-4" role="status">
        <p>
          Nous avons envoyé un lien à <EmailAddress email={email} className="font-semibold" />. Ouvrez-le pour
          confirmer votre adresse : il vous connecte et vous guide vers votre premier profil.
        </p>
        <p className="text-ink-soft">
          Rien reçu d’ici quelques minutes ? Regardez dans les courriers indésirables, ou connectez-vous avec
          votre adresse et votre mot de passe : un nouveau lien vous sera envoyé.
        </p>
      </div>
      <p className="mt-6 text-center">
        <Link to="/login" className="font-semibold text-teal-700 underline">
          Aller à la connexion
        </Link>
      </p>
    </AuthCard>
  );
}
