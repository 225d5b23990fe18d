// /profile/verification: the member proves with live selfies that they are the person of their
// photos (issue 16, docs/decisions/0013-verified-profiles.md). The consent screen comes first; the
// camera is asked for only once the member has agreed, and turned off as soon as the frames are
// taken, on cancelling and on leaving the page.
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { RotateCcw } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { useVerificationState } from "./api.ts";
import { CaptureStage } from "./CaptureStage.tsx";
import { ConsentStep } from "./ConsentStep.tsx";
import { useVerificationFlow } from "./use-verification-flow.ts";
import { VerificationStatus } from "./VerificationStatus.tsx";

/** Moves the focus to the step's heading when the step changes, for keyboard and screen reader users. */
function useFocusStep(key: string) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of step on purpose
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The first visible heading: the capture's, hidden, comes after the others.
    const headings = ref.current?.querySelectorAll<HTMLElement>("h2[tabindex]") ?? [];
    Array.from(headings)
      .find((h) => !h.closest("[hidden]"))
      ?.focus();
  }, [key]);
  return ref;
}

export default function VerificationPage() {
  usePageTitle("Vérifier mon profil");
  const query = useVerificationState();
  const videoRef = useRef<HTMLVideoElement>(null);
  const { phase, start, cancel } = useVerificationFlow(videoRef);
  const cameraOn = phase.name === "starting" || phase.name === "capturing";
  const stepRef = useFocusStep(phase.name);
  const begin = () => void start();

  let content: ReactNode = null;
  if (phase.name === "idle") {
    const state = query.data;
    if (query.isPending) {
      content = (
        <div aria-busy="true" className="flex flex-col gap-4">
          <p className="sr-only" role="status">
            Chargement…
          </p>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      );
    } else if (!state) {
      content = (
        <ErrorState
          title="Impossible de charger votre vérification"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      );
    } else if (
      state.status === "verified" ||
      state.status === "pending-review" ||
      (state.attemptsLeftToday === 0 && !state.resumable)
    ) {
      content = <VerificationStatus state={state} />;
    } else {
      content = (
        <div className="flex flex-col gap-5">
          {state.status === "refused" && state.reason && (
            <Alert tone="error" title="Votre dernière vérification n’a pas abouti">
              {state.reason}
            </Alert>
          )}
          <ConsentStep onAccept={begin} attemptsLeft={state.attemptsLeftToday} resumable={state.resumable} />
        </div>
      );
    }
  } else if (phase.name === "sending") {
    content = (
      <div className="flex flex-col items-center gap-3 py-10 text-center" role="status">
        <Spinner label={null} className="size-10 text-teal-700" />
        <h2 tabIndex={-1} className="text-2xl font-bold text-teal-900 outline-none">
          Analyse en cours…
        </h2>
        <p className="text-ink-soft">Vos images sont comparées à vos photos. Cela prend quelques secondes.</p>
      </div>
    );
  } else if (phase.name === "done") {
    content = (
      <div className="flex flex-col gap-4">
        <h2 tabIndex={-1} className="text-xl font-bold text-teal-900 outline-none sm:text-2xl">
          Résultat de la vérification
        </h2>
        <VerificationStatus state={phase.state} onRetry={begin} justDecided />
      </div>
    );
  } else if (phase.name === "error") {
    content = (
      <div className="flex flex-col gap-4">
        <h2 tabIndex={-1} className="text-xl font-bold text-teal-900 outline-none sm:text-2xl">
          {phase.title}
        </h2>
        <Alert tone="error">{phase.message}</Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          {phase.canRetry && (
            <Button size="lg" onClick={begin}>
              <RotateCcw className="size-5" aria-hidden="true" />
              Recommencer
            </Button>
          )}
          <Link to="/profile" className={buttonClasses("secondary", "lg")}>
            Retour à mon profil
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <PageHeader
        title="Vérifier mon profil"
        intro="Quelques selfies en direct pour prouver que vous êtes la personne de vos photos."
      />
      <Card>
        <div ref={stepRef}>
          {content}
          <CaptureStage
            videoRef={videoRef}
            active={cameraOn}
            prompt={phase.name === "capturing" ? phase.prompt : null}
            onCancel={cancel}
          />
        </div>
      </Card>
    </div>
  );
}
