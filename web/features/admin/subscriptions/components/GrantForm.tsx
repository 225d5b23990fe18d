import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate, quoted } from "@web/lib/format.ts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { MonthsSelect } from "../../shared/MonthsSelect.tsx";
import { useGrantSubscription } from "../api.ts";

/** « Offrir un abonnement »: a member id and a duration. */
export function GrantForm({ onNotice }: { onNotice: (text: string) => void }) {
  const grant = useGrantSubscription();
  const [userId, setUserId] = useState("");
  const [months, setMonths] = useState(1);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = userId.trim();
    if (!id) {
      setError("Indiquez l'identifiant du membre.");
      document.getElementById("grant-user")?.focus();
      return;
    }
    setError(undefined);
    grant.mutate(
      { userId: id, months },
      {
        onSuccess: (s) => {
          setUserId("");
          onNotice(
            `Abonnement offert à ${s.member.name || s.member.email} jusqu'au ${formatDate(s.endDate)}.`,
          );
        },
      },
    );
  };

  return (
    <Card className="sm:p-5">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="grant-title">
        <h2 id="grant-title" className="text-lg font-bold text-teal-900">
          Offrir un abonnement
        </h2>
        <p className="text-sm text-ink-soft">
          Gratuit, enregistré comme {quoted("Offert par l'équipe")}. L'identifiant figure sur la fiche de
          chaque membre, dans la{" "}
          <Link to="/admin/users" className="font-semibold text-teal-700 underline">
            liste des utilisateurs
          </Link>
          .
        </p>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]">
          <Field id="grant-user" label="Identifiant du membre" required error={error}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                spellCheck={false}
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
              />
            )}
          </Field>
          <MonthsSelect id="grant-form-months" value={months} onChange={setMonths} />
          <Button type="submit" loading={grant.isPending} loadingText="Enregistrement…" className="sm:mt-8">
            Offrir
          </Button>
        </div>
        {grant.isError && <Alert tone="error">{errorMessage(grant.error)}</Alert>}
      </form>
    </Card>
  );
}
