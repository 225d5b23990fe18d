import { signUpSchema } from "@domain/auth.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/constants.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { authClient } from "@web/lib/auth-client.ts";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import type { z } from "zod";
import { runAuthCall } from "../auth-error.ts";
import { EMAIL_CONFIRMED_PATH } from "../email-verification.ts";

interface SignupValues {
  email: string;
  password: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
}

type SignupOutput = z.output<typeof signUpSchema>;

// The schema requires `true` for both boxes; the form starts with them unticked.
const resolver = zodResolver(signUpSchema) as unknown as Resolver<SignupValues, unknown, SignupOutput>;

/** Calls `onSuccess` with the address once the server has answered (the same for a taken one). */
export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues, unknown, SignupOutput>({
    resolver,
    defaultValues: { email: "", password: "", ageConfirmed: false, termsAccepted: false },
  });
  const passwordLength = watch("password").length;

  const onSubmit = async (values: SignupOutput) => {
    setServerError(null);
    const error = await runAuthCall(() =>
      authClient.signUp.email({
        email: values.email,
        password: values.password,
        name: "",
        ageConfirmed: true,
        termsAccepted: true,
        // The confirmation link signs the new member in and lands on /email-confirmed, which leads
        // on to the guided first profile (or says the link expired).
        callbackURL: EMAIL_CONFIRMED_PATH,
      } as Parameters<typeof authClient.signUp.email>[0]),
    );
    if (error) setServerError(error);
    else onSuccess(values.email);
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      {serverError && <Alert tone="error">{serverError}</Alert>}

      <Field id="signup-email" label="Adresse e-mail" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" {...register("email")} />
        )}
      </Field>

      <Field
        id="signup-password"
        label="Mot de passe"
        hint={`Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères. Une phrase facile à retenir fait un bon mot de passe.`}
        aside={`${passwordLength}/${PASSWORD_MAX_LENGTH}`}
        error={errors.password?.message}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register("password")} />}
      </Field>

      <div className="flex flex-col gap-1">
        <Checkbox
          id="signup-age"
          label="Je confirme avoir 18 ans ou plus"
          error={errors.ageConfirmed?.message}
          {...register("ageConfirmed")}
        />
        <Checkbox
          id="signup-terms"
          label={
            <>
              J’accepte les{" "}
              <Link to="/terms-of-use" target="_blank" className="font-medium text-teal-700 underline">
                conditions d’utilisation
              </Link>
            </>
          }
          error={errors.termsAccepted?.message}
          {...register("termsAccepted")}
        />
      </div>

      <p className="text-sm text-ink-soft">
        Vos données sont traitées conformément à notre{" "}
        <Link to="/privacy-policy" target="_blank" className="font-medium text-teal-700 underline">
          politique de confidentialité
        </Link>
        .
      </p>

      <Button type="submit" size="lg" loading={isSubmitting} loadingText="Création du compte…">
        Créer mon compte
      </Button>
    </form>
  );
}
