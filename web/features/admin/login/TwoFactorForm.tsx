import type { AdminLoginResult } from "@domain/admin.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { totpCodeSchema } from "../shared/totp.ts";
import { loginErrorMessage, useAdminLoginVerify } from "./api.ts";

const WRONG_CODE = "Code incorrect. Vérifiez l'heure de votre téléphone et réessayez.";

/** The second step when the admin's two-factor authentication is on: a 6-digit TOTP code. */
export function TwoFactorForm({
  onResult,
  onBack,
}: {
  onResult: (result: AdminLoginResult) => void;
  onBack: () => void;
}) {
  const verify = useAdminLoginVerify();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: "" } });

  useEffect(() => setFocus("code"), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      const result = await verify.mutateAsync(code);
      if (result.status === "ok") onResult(result);
      else setServerError(WRONG_CODE);
    } catch (err) {
      setServerError(loginErrorMessage(err, WRONG_CODE));
      setFocus("code");
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Double authentification">
      <p className="text-ink-soft">
        Votre compte est protégé par la double authentification. Saisissez le code à 6 chiffres affiché par
        votre application d'authentification.
      </p>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <Field id="admin-code" label="Code à 6 chiffres" required error={errors.code?.message}>
        {(c) => (
          <Input
            {...c}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-40 text-center text-xl tracking-[0.3em] tabular-nums"
            {...register("code")}
          />
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-end">
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Vérification…">
          Vérifier
        </Button>
        <Button variant="ghost" size="lg" onClick={onBack} disabled={isSubmitting}>
          Retour à la connexion
        </Button>
      </div>
    </form>
  );
}
