import type { AdminLoginResult } from "@domain/admin.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { backupCodeSchema, totpCodeSchema, totpInputProps } from "../shared/totp.ts";
import { loginErrorMessage, useAdminLoginVerify } from "./api.ts";

type Mode = "totp" | "backup";

const MODES = {
  totp: {
    schema: totpCodeSchema,
    intro:
      "Votre compte est protégé par la double authentification. Saisissez le code à 6 chiffres affiché par votre application d’authentification.",
    label: "Code à 6 chiffres",
    wrong: "Code incorrect. Vérifiez l’heure de votre téléphone et réessayez.",
    switchTo: "Je n’ai pas mon téléphone : utiliser un code de secours",
  },
  backup: {
    schema: backupCodeSchema,
    intro:
      "Saisissez l’un des codes de secours obtenus en activant la double authentification. Chaque code ne sert qu’une fois.",
    label: "Code de secours",
    wrong: "Code de secours incorrect.",
    switchTo: "Utiliser plutôt mon application d’authentification",
  },
} as const;

interface Props {
  onResult: (result: AdminLoginResult) => void;
  onBack: () => void;
}

/** The second step when the admin's two-factor authentication is on: a TOTP code, or a backup code. */
export function TwoFactorForm(props: Props) {
  const [mode, setMode] = useState<Mode>("totp");
  // A fresh form per mode: its own validation, an empty field with the focus.
  return (
    <CodeForm
      key={mode}
      mode={mode}
      onSwitch={() => setMode(mode === "totp" ? "backup" : "totp")}
      {...props}
    />
  );
}

function CodeForm({ mode, onSwitch, onResult, onBack }: Props & { mode: Mode; onSwitch: () => void }) {
  const text = MODES[mode];
  const verify = useAdminLoginVerify();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(text.schema), defaultValues: { code: "" } });

  useEffect(() => setFocus("code"), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      const result = await verify.mutateAsync(code);
      if (result.status === "ok") onResult(result);
      else setServerError(text.wrong);
    } catch (err) {
      setServerError(loginErrorMessage(err, text.wrong));
      setFocus("code");
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Double authentification">
      <p className="text-ink-soft">{text.intro}</p>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <Field id="admin-code" label={text.label} required error={errors.code?.message}>
        {(c) =>
          mode === "totp" ? (
            <Input {...c} {...totpInputProps} {...register("code")} />
          ) : (
            <Input
              {...c}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={13}
              className="max-w-56 text-center font-mono text-lg"
              {...register("code")}
            />
          )
        }
      </Field>
      <button
        type="button"
        onClick={onSwitch}
        className="min-h-11 w-fit rounded text-left font-semibold text-teal-700 underline focus-visible:outline-3 focus-visible:outline-teal-500"
      >
        {text.switchTo}
      </button>
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
