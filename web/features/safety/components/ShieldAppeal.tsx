import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useLayoutSession } from "@web/lib/auth-client.ts";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useShieldAppeal, useShieldStanding } from "../shield-api.ts";

/**
 * The member's restriction and appeal (issue 36), where « Comment Passerelle vous protège » says how
 * to contest a decision: shown only to a member an administrator asked to verify their profile.
 */
export function ShieldAppeal() {
  const session = useLayoutSession();
  const standing = useShieldStanding(session.signedIn);
  const appeal = useShieldAppeal();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();
  if (!standing.data?.verificationRequired) return null;
  if (standing.data.appealPending || appeal.isSuccess)
    return (
      <Alert tone="success" title="Demande transmise">
        {SHIELD_MSG.APPEAL_SENT}
      </Alert>
    );
  return (
    <form
      className="flex flex-col gap-3 rounded-2xl border border-ochre-300 bg-ochre-100 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        const text = message.trim();
        if (text.length < 10) return setError(SHIELD_MSG.APPEAL_TOO_SHORT);
        setError(undefined);
        appeal.mutate(text, { onError: (err) => setError(errorMessage(err)) });
      }}
    >
      <p className="font-semibold text-ink">{SHIELD_MSG.VERIFICATION_REQUIRED}</p>
      <p>
        <Link to="/profile/verification" className="font-semibold text-teal-800 underline">
          Vérifier mon profil par selfie
        </Link>
      </p>
      <Field
        id="shield-appeal"
        label="Faire appel"
        hint="Expliquez en quelques mots pourquoi c’est une erreur."
        error={error}
      >
        {(control) => (
          <Textarea
            {...control}
            value={message}
            maxLength={2000}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={appeal.isPending} className="w-fit">
        {appeal.isPending ? "Envoi…" : "Envoyer ma demande"}
      </Button>
    </form>
  );
}
