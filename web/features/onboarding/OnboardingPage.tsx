// /onboarding: the guided first profile after sign-up, in three steps (who I am, my photos, what I
// look for). Each step is saved on the server with the step to resume at, so a reload, or a later
// visit from the « Terminer mon profil » banner, comes back to the right step; at the end → /search
// (where a member without a subscription is sent on to the plans by the access gate).
import { MSG } from "@domain/messages.ts";
import { ONBOARDING_STEPS, type OnboardingStep, onboardingResumeStep } from "@domain/profile-completeness.ts";
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ProfileCompleteness, useProfile } from "@web/features/profile/index.ts";
import { SearchTeaser } from "@web/features/subscription/index.ts";
import { errorMessage } from "@web/lib/api.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { AboutStep } from "./components/AboutStep.tsx";
import { IdentityStep } from "./components/IdentityStep.tsx";
import { PhotosStep } from "./components/PhotosStep.tsx";
import { StepProgress } from "./components/StepProgress.tsx";
import { nextStep, previousStep, STEP_TITLES, stepIndex } from "./steps.ts";

const END = "/search";

const STEP_INTROS: Record<OnboardingStep, string> = {
  identity:
    "Ces informations permettent aux autres membres de vous trouver. Votre date de naissance sert à calculer votre âge : elle n’est jamais affichée.",
  photos:
    "Un profil avec photo inspire confiance. Jusqu’à 6 photos ; la première est votre photo principale.",
  about:
    "Ce que vous recherchez, les langues que vous parlez, vos centres d’intérêt et quelques mots sur vous.",
};

const STEPS = { identity: IdentityStep, photos: PhotosStep, about: AboutStep } as const;

function OnboardingSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p className="sr-only" role="status">
        Chargement de votre profil…
      </p>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export default function OnboardingPage() {
  usePageTitle("Bienvenue");
  const { data: profile, error, isPending, refetch, isRefetching } = useProfile();
  const navigate = useNavigate();
  // The step chosen in this visit (back, next); until then the one the server says to resume at.
  const [chosen, setChosen] = useState<OnboardingStep | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // After moving between steps, focus goes to the new step's title (and the page scrolls to it).
  useEffect(() => {
    if (chosen) heading.current?.focus();
  }, [chosen]);

  const header = (
    <PageHeader
      title="Bienvenue sur Passerelle"
      intro="Trois étapes pour un profil qui vous ressemble. Vous pourrez tout modifier plus tard depuis votre profil."
    />
  );

  if (isPending)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        {header}
        <OnboardingSkeleton />
      </div>
    );
  if (!profile)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        {header}
        <ErrorState
          title="Impossible de charger votre profil"
          message={error ? errorMessage(error) : MSG.GENERIC}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </div>
    );

  const step = chosen ?? onboardingResumeStep(profile);
  if (!step) return <Navigate to={END} replace />;

  const Step = STEPS[step];
  const back = previousStep(step);
  const onDone = () => {
    const next = nextStep(step);
    if (next) setChosen(next);
    else navigate(END);
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      {header}
      <Card className="flex flex-col gap-6">
        <StepProgress current={step} />
        <ProfileCompleteness profile={profile} className="rounded-xl bg-sand-100 p-4" />
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-ochre-700">
            Étape {stepIndex(step) + 1} sur {ONBOARDING_STEPS.length}
          </p>
          <h2
            id="onboarding-step-title"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold text-teal-900 focus:outline-none"
          >
            {STEP_TITLES[step]}
          </h2>
          <p className="text-ink-soft">{STEP_INTROS[step]}</p>
        </div>
        <Step
          key={step}
          profile={profile}
          onBack={back ? () => setChosen(back) : undefined}
          onDone={onDone}
          labelledBy="onboarding-step-title"
        />
      </Card>
      {/* The last step ends on who is waiting: what a subscription opens (issue 34). */}
      {nextStep(step) === null && profile.accountStatus !== "subscribed" && (
        <Card className="mt-6">
          <SearchTeaser />
        </Card>
      )}
    </div>
  );
}
