import type { AdminSubscriptionRow } from "@domain/admin.ts";
import { deName } from "@domain/french.ts";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { MonthsSelect } from "../../shared/MonthsSelect.tsx";
import { useExtendSubscription } from "../api.ts";

export function ExtendDialog({
  subscription,
  onClose,
  onDone,
}: {
  subscription: AdminSubscriptionRow | null;
  onClose: () => void;
  onDone: (row: AdminSubscriptionRow) => void;
}) {
  const extend = useExtendSubscription();
  const [months, setMonths] = useState(1);
  const open = subscription !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form at each opening
  useEffect(() => {
    if (!open) return;
    setMonths(1);
    extend.reset();
  }, [open]);

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Prolonger l’abonnement"
      confirmLabel="Prolonger"
      pendingLabel="Enregistrement…"
      pending={extend.isPending}
      error={extend.isError ? errorMessage(extend.error) : null}
      onConfirm={() => subscription && extend.mutate({ id: subscription.id, months }, { onSuccess: onDone })}
    >
      {subscription && (
        <p>
          L’abonnement {deName(subscription.member.name || subscription.member.email)} se termine le{" "}
          {formatDate(subscription.endDate)}. La durée choisie s’ajoute à cette date, sans paiement.
        </p>
      )}
      <MonthsSelect id="extend-months" label="Prolonger de" value={months} onChange={setMonths} />
    </ConfirmDialog>
  );
}
