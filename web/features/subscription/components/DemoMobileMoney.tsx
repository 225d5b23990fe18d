import { normalisePhone, PAYMENT_MSG } from "@domain/payments.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { Smartphone } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { ConfirmDemo } from "../api.ts";

interface Props {
  /** The operator's name, « Orange Money ». */
  operator: string;
  /** The amount to pay, formatted: « 6 500 FCFA ». */
  amount: string;
  onAnswer: (answer: ConfirmDemo, onError: (err: Error) => void) => void;
  /** Whether this answer is being sent. */
  answering: (outcome: ConfirmDemo["outcome"]) => boolean;
  /** An answer is being sent. */
  busy: boolean;
}

/**
 * The demo of a mobile-money payment, in the two steps of a real one: the member gives the number
 * of their account, then « receives » the payment request on their phone and validates (or refuses)
 * it. The number stays in this component; it is sent only with the answer.
 */
export function DemoMobileMoney({ operator, amount, onAnswer, answering, busy }: Props) {
  const [step, setStep] = useState<"number" | "prompt">("number");
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<{ message: string; at: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLHeadingElement>(null);
  // Not on the first render: the page opens on its title, not in the field.
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    if (step === "prompt") promptRef.current?.focus();
    else inputRef.current?.focus();
  }, [step]);

  const goTo = (next: "number" | "prompt") => {
    moved.current = true;
    setServerError(null);
    setStep(next);
  };

  const requestPayment = (event: FormEvent) => {
    event.preventDefault();
    if (normalisePhone(phone) === null) {
      setPhoneError(PAYMENT_MSG.PHONE_INVALID);
      inputRef.current?.focus();
      return;
    }
    setPhoneError(undefined);
    goTo("prompt");
  };

  const answer = (outcome: ConfirmDemo["outcome"]) => {
    const number = normalisePhone(phone);
    if (number === null) return goTo("number");
    setServerError(null);
    onAnswer({ outcome, phone: number }, (err) => {
      // The server refused the number: back to it, the message next to the field.
      const fieldMessage = err instanceof ApiError ? err.fields?.phone : undefined;
      if (fieldMessage) {
        setPhoneError(fieldMessage);
        goTo("number");
      } else setServerError({ message: errorMessage(err), at: Date.now() });
    });
  };

  const cancel = (
    <Link to="/subscription" className={buttonClasses("ghost")}>
      Annuler
    </Link>
  );

  if (step === "number")
    return (
      <form noValidate onSubmit={requestPayment} className="flex flex-col gap-5">
        <Field
          id="demo-phone"
          label={`Numéro de téléphone ${operator}`}
          hint={`Le numéro de votre compte ${operator}`}
          error={phoneError}
          required
        >
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {cancel}
          <Button type="submit">Recevoir la demande de paiement</Button>
        </div>
      </form>
    );

  return (
    <div className="flex flex-col gap-5">
      <section
        aria-labelledby="demo-prompt-title"
        className="flex flex-col gap-3 rounded-xl border-2 border-teal-700 bg-teal-50 p-4"
      >
        <div className="flex items-start gap-3">
          <Smartphone className="mt-1 size-6 shrink-0 text-teal-700" aria-hidden="true" />
          <h2
            id="demo-prompt-title"
            ref={promptRef}
            tabIndex={-1}
            className="text-lg font-bold text-teal-900 focus-visible:outline-none"
          >
            Validez le paiement de {amount} sur votre téléphone
          </h2>
        </div>
        <p>
          En situation réelle, {operator} envoie une demande de paiement au {phone.trim()} : vous la validez
          sur votre téléphone avec votre code secret. Ici, rien n’est envoyé : simulez votre réponse.
        </p>
      </section>
      {serverError && (
        <Alert key={serverError.at} tone="error" reveal>
          {serverError.message}
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button
          disabled={busy}
          loading={answering("paid")}
          loadingText="Confirmation…"
          onClick={() => answer("paid")}
        >
          J’ai validé sur mon téléphone
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          loading={answering("refused")}
          loadingText="Envoi…"
          onClick={() => answer("refused")}
        >
          Refuser sur le téléphone (simulation)
        </Button>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {cancel}
        <Button variant="ghost" disabled={busy} onClick={() => goTo("number")}>
          Changer de numéro
        </Button>
      </div>
    </div>
  );
}
