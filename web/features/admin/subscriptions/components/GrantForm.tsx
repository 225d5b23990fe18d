import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate, quoted } from "@web/lib/format.ts";
import { type FormEvent, useState } from "react";
import { type FoundMember, MemberFinder } from "../../shared/MemberFinder.tsx";
import { MonthsSelect } from "../../shared/MonthsSelect.tsx";
import { useGrantSubscription } from "../api.ts";

/** « Offrir un abonnement »: a member, found by name or e-mail (MemberFinder), and a duration. */
export function GrantForm({ onNotice }: { onNotice: (text: string) => void }) {
  const grant = useGrantSubscription();
  const [member, setMember] = useState<FoundMember | null>(null);
  const [months, setMonths] = useState(1);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!member) {
      setError("Cherchez le membre puis choisissez-le dans la liste.");
      document.getElementById("grant-user")?.focus();
      return;
    }
    setError(undefined);
    grant.mutate(
      { userId: member.id, months },
      {
        onSuccess: (s) => {
          setMember(null);
          onNotice(
            `Abonnement offert à ${s.member.name || s.member.email} jusqu’au ${formatDate(s.endDate)}.`,
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
        <p className="text-sm text-ink-soft">Gratuit, enregistré comme {quoted("Offert par l’équipe")}.</p>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]">
          <MemberFinder
            id="grant-user"
            label="Membre"
            selected={member}
            onSelect={(m) => {
              setMember(m);
              if (m) setError(undefined);
            }}
            error={error}
          />
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
