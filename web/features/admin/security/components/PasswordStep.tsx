import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, type ButtonVariant } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { type FormEvent, useState } from "react";

/** A password confirmation form (enabling and disabling two-factor both ask for it). */
export function PasswordStep({
  id,
  label,
  submitLabel,
  pendingLabel,
  variant = "primary",
  pending,
  serverError,
  onSubmit,
}: {
  id: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  pending: boolean;
  serverError: string | null;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError("Veuillez saisir votre mot de passe");
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    onSubmit(password);
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <Field id={id} label={label} required error={error}>
        {(c) => (
          <PasswordInput
            {...c}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant={variant}
        loading={pending}
        loadingText={pendingLabel}
        className="sm:w-fit"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
