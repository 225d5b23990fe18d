import { emailSchema } from "@domain/auth.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { NETWORK_ERROR_MESSAGE } from "@web/lib/api.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";
import { authErrorMessage } from "../auth-error.ts";
import { AuthCard } from "../components/AuthCard.tsx";

const schema = z.object({ email: emailSchema });

export default function ForgotPasswordPage() {
  usePageTitle("Mot de passe oublié");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const result = await authClient.requestPasswordReset({ email, redirectTo: "/reset-password" });
      // Only rate limiting is reported; any other outcome gets the same neutral answer (no enumeration).
      if (result.error?.status === 429) {
        setError(authErrorMessage(result.error));
        return;
      }
      setSentTo(email);
    } catch {
      setError(NETWORK_ERROR_MESSAGE);
    }
  });

  return (
    <AuthCard
      title="Mot de passe oublié"
      intro="Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      {sentTo ? (
        <div className="flex flex-col gap-5">
          <Alert tone="success" title="Demande enregistrée">
            Si un compte existe pour l’adresse {sentTo}, vous recevrez dans quelques minutes un e-mail
            contenant un lien de réinitialisation. Pensez à vérifier vos courriers indésirables.
          </Alert>
          <Link to="/login" className="font-semibold text-teal-700 underline">
            Retour à la connexion
          </Link>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {error && <Alert tone="error">{error}</Alert>}
          <Field id="forgot-email" label="Adresse e-mail" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                inputMode="email"
                {...register("email")}
              />
            )}
          </Field>
          <Button type="submit" size="lg" loading={isSubmitting} loadingText="Envoi…">
            Envoyer le lien
          </Button>
          <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-teal-700 underline">
            Retour à la connexion
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
