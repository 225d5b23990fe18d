import { passwordSchema } from "@domain/auth.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/constants.ts";
import { MSG } from "@domain/messages.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { authClient } from "@web/lib/auth-client.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { runAuthCall } from "../auth-error.ts";
import { AuthCard } from "../components/AuthCard.tsx";

const schema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Les deux mots de passe ne correspondent pas",
  });

export default function ResetPasswordPage() {
  usePageTitle("Nouveau mot de passe");
  const [params] = useSearchParams();
  const token = params.get("token");
  const invalidLink = !token || params.get("error") !== null;
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    setError(null);
    const message = await runAuthCall(() => authClient.resetPassword({ newPassword, token }));
    if (message) setError(message);
    else setDone(true);
  });

  if (invalidLink) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <div className="flex flex-col gap-5">
          <Alert tone="error">{MSG.RESET_TOKEN_INVALID}</Alert>
          <Link to="/forgot-password" className={buttonClasses("primary")}>
            Demander un nouveau lien
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <div className="flex flex-col gap-5">
          <Alert tone="success">
            Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.
          </Alert>
          <Link to="/login" className={buttonClasses("primary")}>
            Se connecter
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Nouveau mot de passe" intro="Choisissez un nouveau mot de passe pour votre compte.">
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {error && <Alert tone="error">{error}</Alert>}
        <Field
          id="reset-password"
          label="Nouveau mot de passe"
          hint={`Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`}
          error={errors.newPassword?.message}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...register("newPassword")} />
          )}
        </Field>
        <Field id="reset-confirm" label="Confirmez le mot de passe" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...register("confirmPassword")} />
          )}
        </Field>
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Enregistrement…">
          Enregistrer le mot de passe
        </Button>
      </form>
    </AuthCard>
  );
}
