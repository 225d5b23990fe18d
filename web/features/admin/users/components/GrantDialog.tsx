import type { AdminSubscriptionRow, AdminUserDetail } from "@domain/admin.ts";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { MonthsSelect } from "../../shared/MonthsSelect.tsx";
import { useGrantSubscription } from "../../subscriptions/api.ts";

/** « Offrir un abonnement » to this member: a free subscription of 1, 3 or 6 months. */
export function GrantDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: AdminUserDetail;
  open: boolean;
  onClose: () => void;
  onDone: (subscription: AdminSubscriptionRow) => void;
}) {
  const grant = useGrantSubscription();
  const [months, setMonths] = useState(1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form at each opening
  useEffect(() => {
    if (!open) return;
    setMonths(1);
    grant.reset();
  }, [open]);

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Offrir un abonnement"
      confirmLabel="Offrir l’abonnement"
      pendingLabel="Enregistrement…"
      pending={grant.isPending}
      error={grant.isError ? errorMessage(grant.error) : null}
      onConfirm={() => grant.mutate({ userId: user.id, months }, { onSuccess: onDone })}
    >
      <p>
        {user.name.trim() || user.email} recevra un abonnement gratuit de la durée choisie, enregistré comme{" "}
        {quoted("Offert par l’équipe")}.
      </p>
      <MonthsSelect id="grant-months" value={months} onChange={setMonths} />
    </ConfirmDialog>
  );
}
