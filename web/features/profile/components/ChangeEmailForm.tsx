import { emailSchema } from "@domain/auth.ts";
import { MSG } from "@domain/messages.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { runAuthCall } from "@web/features/auth/index.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        newEmail: emailSchema.refine((v) => v !== currentEmail.toLowerCase(), MSG.SAME_EMAIL),
        // Asked by the server too (issue 33): a stolen session alone cannot move the account.
        password: z.string().min(1, "Veuillez saisir votre mot de passe actuel"),
      }),
    [currentEmail],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { newEmail: "", password: "" } });

  const onSubmit = handleSubmit(async ({ newEmail, password }) => {
    setError(null);
    setSentTo(null);
    // Better Auth's client does not know the password field the server's hook asks for.
    const message = await runAuthCall(() =>
      authClient.$fetch("/change-email", {
        method: "POST",
        body: { newEmail, password, callbackURL: "/profile" },
      }),
    );
    if (message) {
      setError(message);
      return;
    }
    setSentTo(newEmail);
    reset();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="text-lg font-semibold text-teal-900">
        Changer d’adresse e-mail
      </h3>
      <Field id="account-newEmail" label="Nouvelle adresse e-mail" error={errors.newEmail?.message}>
        {(c) => (
          <Input {...c} type="email" autoComplete="email" inputMode="email" {...register("newEmail")} />
        )}
      </Field>
      <Field
        id="account-emailPassword"
        label="Mot de passe actuel"
        hint={`Pour confirmer. Un message prévient aussi votre adresse actuelle, ${currentEmail}.`}
        error={errors.password?.message}
      >
        {(c) => <PasswordInput {...c} autoComplete="current-password" {...register("password")} />}
      </Field>
      {error && <Alert tone="error">{error}</Alert>}
      {sentTo && (
        <Alert tone="success">
          Un lien de confirmation a été envoyé à {sentTo}. Votre adresse sera modifiée dès que vous aurez
          cliqué sur ce lien.
        </Alert>
      )}
      <Button
        type="submit"
        variant="secondary"
        loading={isSubmitting}
        loadingText="Envoi…"
        className="sm:w-fit"
      >
        Modifier l’adresse e-mail
      </Button>
    </form>
  );
}
