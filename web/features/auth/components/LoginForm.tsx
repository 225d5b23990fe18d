import { signInSchema } from "@domain/auth.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { authClient } from "@web/lib/auth-client.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { runAuthCall } from "../auth-error.ts";

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const error = await runAuthCall(() =>
      authClient.signIn.email({ email: values.email, password: values.password }),
    );
    if (error) setServerError(error);
    else onSuccess();
  });

  return (
    // method="post": should the browser ever send the form itself, the password stays out of URLs.
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {serverError && <Alert tone="error">{serverError}</Alert>}

      <Field id="login-email" label="Adresse e-mail" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" {...register("email")} />
        )}
      </Field>

      <div className="flex flex-col gap-1">
        <Field id="login-password" label="Mot de passe" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...register("password")} />
          )}
        </Field>
        <Link
          to="/forgot-password"
          className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-teal-700 underline"
        >
          Mot de passe oublié ?
        </Link>
      </div>

      <Button type="submit" size="lg" loading={isSubmitting} loadingText="Connexion…">
        Se connecter
      </Button>
    </form>
  );
}
