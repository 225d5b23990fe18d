import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { totpCodeSchema, totpInputProps } from "../../shared/totp.ts";
import { groupSecret, type TotpSetup, totpSecret, useVerifyTotp } from "../api.ts";
import { TotpQrCode } from "./TotpQrCode.tsx";

/** Step 2 of enabling: scan (or type) the secret, keep the backup codes, confirm with a code. */
export function TotpSetupPanel({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetup;
  onDone: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifyTotp();
  const secret = totpSecret(setup.totpURI);
  const [copied, setCopied] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: "" } });

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(setup.backupCodes.join("\n"));
      setCopied("Codes de secours copiés.");
    } catch {
      setCopied("La copie n’a pas fonctionné : notez les codes à la main.");
    }
  };

  const onSubmit = handleSubmit(({ code }) => verify.mutate(code, { onSuccess: onDone }));

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="totp-scan" className="flex flex-col gap-3">
        <h3 id="totp-scan" className="text-lg font-bold text-teal-900">
          1. Ajoutez Passerelle à votre application
        </h3>
        <p className="text-ink-soft">
          Scannez ce code avec votre application d’authentification (par exemple Google Authenticator,
          Microsoft Authenticator ou FreeOTP).
        </p>
        <TotpQrCode uri={setup.totpURI} />
        {secret && (
          <p className="text-sm">
            Impossible de scanner ? Saisissez cette clé dans l’application :{" "}
            <code className="rounded bg-sand-100 px-2 py-1 font-mono text-base break-all">
              {groupSecret(secret)}
            </code>
          </p>
        )}
      </section>

      <section aria-labelledby="totp-backup" className="flex flex-col gap-3">
        <h3 id="totp-backup" className="text-lg font-bold text-teal-900">
          2. Conservez vos codes de secours
        </h3>
        <p className="text-ink-soft">
          Chaque code permet une seule connexion si vous perdez votre téléphone. Gardez-les en lieu sûr : ils
          ne seront plus affichés.
        </p>
        <ul className="grid max-w-md grid-cols-2 gap-2 font-mono" aria-label="Codes de secours">
          {setup.backupCodes.map((code) => (
            <li key={code} className="rounded bg-sand-100 px-3 py-1.5 text-center">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => void copyCodes()}>
            Copier les codes
          </Button>
          <p aria-live="polite" className="text-sm text-ink-soft">
            {copied}
          </p>
        </div>
      </section>

      <section aria-labelledby="totp-confirm" className="flex flex-col gap-3">
        <h3 id="totp-confirm" className="text-lg font-bold text-teal-900">
          3. Confirmez avec un code
        </h3>
        <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
          {verify.isError && <Alert tone="error">{errorMessage(verify.error)}</Alert>}
          <Field
            id="totp-code"
            label="Code à 6 chiffres"
            required
            hint="Le code affiché par l’application pour Passerelle."
            error={errors.code?.message}
          >
            {(c) => <Input {...c} {...totpInputProps} {...register("code")} />}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={verify.isPending} loadingText="Vérification…">
              Activer la double authentification
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={verify.isPending}>
              Annuler
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
