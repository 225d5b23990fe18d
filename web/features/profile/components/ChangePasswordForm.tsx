import { changePasswordSchema } from "@domain/auth.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/constants.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { runAuthCall } from "@web/features/auth/index.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";

export function ChangePasswordForm() {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    setDone(false);
    const message = await runAuthCall(() =>
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
    );
    if (message) {
      setError(message);
      return;
    }
    setDone(true);
    reset();
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-labelledby="change-password-title"
    >
      <h3 id="change-password-title" className="text-lg font-semibold text-teal-900">
        Changer de mot de passe
      </h3>
      <Field id="account-currentPassword" label="Mot de passe actuel" error={errors.currentPassword?.message}>
        {(c) => <PasswordInput {...c} autoComplete="current-password" {...register("currentPassword")} />}
      </Field>
      <Field
        id="account-newPassword"
        label="Nouveau mot de passe"
        hint={`Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`}
        error={errors.newPassword?.message}
      >
        {(c) => <PasswordInput {...c} autoComplete="new-password" {...register("newPassword")} />}
      </Field>
      {error && <Alert tone="error">{error}</Alert>}
      {done && (
        <Alert tone="success">
          Votre mot de passe a été modifié. Par sécurité, vous avez été déconnecté(e) de vos autres appareils.
        </Alert>
      )}
      <Button
        type="submit"
        variant="secondary"
        loading={isSubmitting}
        loadingText="Enregistrement…"
        className="sm:w-fit"
      >
        Modifier le mot de passe
      </Button>
    </form>
  );
}
