import type { AdminLoginResult } from "@domain/admin.ts";
import { signInSchema } from "@domain/auth.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { loginErrorMessage, useAdminLogin } from "./api.ts";

/** E-mail and password; the result (signed in, or a code to ask for) goes to `onResult`. */
export function CredentialsForm({ onResult }: { onResult: (result: AdminLoginResult) => void }) {
  const login = useAdminLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      onResult(await login.mutateAsync(values));
    } catch (err) {
      setServerError(loginErrorMessage(err));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label="Connexion administrateur"
    >
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <Field id="admin-email" label="Adresse e-mail" required error={errors.email?.message}>
        {(c) => (
          <Input {...c} type="email" autoComplete="username" inputMode="email" {...register("email")} />
        )}
      </Field>
      <Field id="admin-password" label="Mot de passe" required error={errors.password?.message}>
        {(c) => <PasswordInput {...c} autoComplete="current-password" {...register("password")} />}
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting} loadingText="Connexion…">
        Se connecter
      </Button>
    </form>
  );
}
