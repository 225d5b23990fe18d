// Offered on /profile and /search to a member whose profile lacks an essential (first name, gender,
// a birth date they gave, country): others cannot find them until it is there. It says what is
// missing and leads to the guided first profile, which resumes where it stopped.
import { profileCompleteness } from "@domain/profile-completeness.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { useProfile } from "@web/features/profile/index.ts";
import { frenchList } from "@web/lib/format.ts";
import { Link } from "react-router-dom";

export function FinishProfileBanner() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  const { ready, missing } = profileCompleteness(profile);
  if (ready) return null;
  const essentials = missing.filter((m) => m.essential).map((m) => m.label);
  return (
    <Alert tone="info" title="Votre profil n’est pas encore visible" className="mb-6">
      <p>
        Il manque {frenchList(essentials)}. Tant que ces informations manquent, les autres membres ne vous
        trouvent pas.
      </p>
      <Link to="/onboarding" className={buttonClasses("primary", "sm", "mt-3")}>
        Terminer mon profil
      </Link>
    </Alert>
  );
}
