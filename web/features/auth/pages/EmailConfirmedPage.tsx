// /email-confirmed: where the confirmation link of the sign-up e-mail lands. Better Auth's
// verify-email endpoint confirms the address, signs the member in and redirects here; with
// ?error=TOKEN_EXPIRED (or INVALID_TOKEN…) when the link cannot be used, and then a new one can be
// asked for, signed in or not.
import { emailSchema } from "@domain/auth.ts";
import { onboardingResumeStep } from "@domain/profile-completeness.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { useProfile } from "@web/features/profile/index.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { AuthCard } from "../components/AuthCard.tsx";
import { type ResendState, useResendVerification } from "../email-verification.ts";

/** The title and explanation for Better Auth's error code; any other value reads as an unusable link. */
function linkProblem(code: string): { title: string; text: string } {
  if (code === "TOKEN_EXPIRED")
    return {
      title: "Ce lien a expiré",
      text: "Pour votre sécurité, un lien de confirmation n’est valable qu’une heure. Demandez-en un nouveau : il arrivera dans quelques minutes.",
    };
  return {
    title: "Ce lien n’est pas valide",
    text: "Il a peut-être été coupé ou mal copié, ou il ne correspond plus à votre compte. Demandez un nouveau lien.",
  };
}

/** Where a signed-in member goes next: the guided first profile until it is done, else their profile. */
function ContinueLink() {
  const { data: profile, isPending } = useProfile();
  if (isPending) return <Spinner label="Chargement…" className="size-6 text-teal-700" />;
  const unfinished = !profile || onboardingResumeStep(profile) !== null;
  return unfinished ? (
    <Link to="/onboarding" className={buttonClasses("primary", "lg")}>
      Compléter mon profil
    </Link>
  ) : (
    <Link to="/profile" className={buttonClasses("primary", "lg")}>
      Aller à mon profil
    </Link>
  );
}

function ResendResult({ state }: { state: ResendState }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {state.status === "sent" && (
        <Alert tone="success">
          Si un compte non confirmé correspond à cette adresse, un nouveau lien vient d’y être envoyé. Pensez
          à vérifier vos courriers indésirables.
        </Alert>
      )}
      {state.status === "error" && <Alert tone="error">{state.message}</Alert>}
    </div>
  );
}

const emailForm = z.object({ email: emailSchema });

/** Signed out: the address to send a new link to. */
function ResendForm() {
  const { state, send } = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailForm), defaultValues: { email: "" } });
  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(({ email }) => send(email))}
      className="flex flex-col gap-4"
      aria-label="Recevoir un nouveau lien"
    >
      <Field id="resend-email" label="Adresse e-mail de votre compte" error={errors.email?.message}>
        {(c) => <Input {...c} type="email" autoComplete="email" inputMode="email" {...register("email")} />}
      </Field>
      <Button type="submit" loading={state.status === "sending"} loadingText="Envoi…">
        Recevoir un nouveau lien
      </Button>
      <ResendResult state={state} />
    </form>
  );
}

/** Signed in and still unconfirmed: one button, to the session's address. */
function ResendButton({ email }: { email: string }) {
  const { state, send } = useResendVerification();
  return (
    <div className="flex flex-col gap-4">
      <p>
        Nous l’enverrons à <EmailAddress email={email} className="font-bold" />.
      </p>
      <Button
        className="sm:w-fit"
        loading={state.status === "sending"}
        loadingText="Envoi…"
        onClick={() => void send(email)}
      >
        Recevoir un nouveau lien
      </Button>
      <ResendResult state={state} />
    </div>
  );
}

export default function EmailConfirmedPage() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const session = authClient.useSession();
  const user = session.data?.user;
  usePageTitle(error ? "Lien de confirmation" : "Adresse e-mail confirmée");

  if (!error)
    return (
      <AuthCard
        title="Adresse e-mail confirmée"
        intro="Merci ! Les autres membres verront désormais la mention « E-mail vérifié » sur votre profil."
      >
        {session.isPending ? (
          <Spinner label="Vérification de votre session…" className="size-6 text-teal-700" />
        ) : user ? (
          <ContinueLink />
        ) : (
          <Link to="/login" className={buttonClasses("primary", "lg")}>
            Se connecter
          </Link>
        )}
      </AuthCard>
    );

  const problem = linkProblem(error);
  return (
    <AuthCard title={problem.title} intro={problem.text}>
      {session.isPending ? (
        <Spinner label="Vérification de votre session…" className="size-6 text-teal-700" />
      ) : user?.emailVerified ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">Bonne nouvelle : votre adresse e-mail est déjà confirmée.</Alert>
          <ContinueLink />
        </div>
      ) : user ? (
        <ResendButton email={user.email} />
      ) : (
        <ResendForm />
      )}
    </AuthCard>
  );
}
