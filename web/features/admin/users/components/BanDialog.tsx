import type { AdminUserDetail } from "@domain/admin.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { useBanUser } from "../api.ts";

export const BAN_REASON_MIN = 3;
export const BAN_REASON_MAX = 300;

/** Bans a member: a reason is required; their sessions end. */
export function BanDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: AdminUserDetail;
  open: boolean;
  onClose: () => void;
  onDone: (detail: AdminUserDetail) => void;
}) {
  const ban = useBanUser(user.id);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const name = user.name.trim() || user.email;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form at each opening
  useEffect(() => {
    if (!open) return;
    setReason("");
    setError(undefined);
    ban.reset();
  }, [open]);

  const confirm = () => {
    const value = reason.trim();
    if (value.length < BAN_REASON_MIN) {
      setError(
        value
          ? `Le motif doit compter au moins ${BAN_REASON_MIN} caractères.`
          : "Indiquez le motif du bannissement.",
      );
      document.getElementById("ban-reason")?.focus();
      return;
    }
    setError(undefined);
    ban.mutate(value, { onSuccess: onDone });
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Bannir ${name}`}
      confirmLabel="Bannir"
      pendingLabel="Bannissement…"
      tone="danger"
      pending={ban.isPending}
      error={ban.isError ? errorMessage(ban.error) : null}
      onConfirm={confirm}
    >
      <p>
        {name} ne pourra plus se connecter et ses sessions en cours seront fermées. Vous pourrez lever le
        bannissement plus tard.
      </p>
      <Field
        id="ban-reason"
        label="Motif du bannissement"
        required
        hint="Le motif est conservé dans le journal des actions."
        error={error}
      >
        {(c) => (
          <Textarea
            {...c}
            rows={3}
            maxLength={BAN_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (error && e.target.value.trim().length >= BAN_REASON_MIN) setError(undefined);
            }}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
