import type { AdminUserDetail } from "@domain/admin.ts";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { useDeleteUser } from "../api.ts";

const same = (a: string, b: string) => a.trim().toLocaleLowerCase("fr") === b.trim().toLocaleLowerCase("fr");

/** Deletes an account for good; the admin types the member's e-mail to confirm. */
export function DeleteUserDialog({
  user,
  open,
  onClose,
  onDone,
}: {
  user: AdminUserDetail;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const remove = useDeleteUser(user.id);
  const [typed, setTyped] = useState("");
  const matches = same(typed, user.email);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form at each opening
  useEffect(() => {
    if (!open) return;
    setTyped("");
    remove.reset();
  }, [open]);

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Supprimer le compte"
      confirmLabel="Supprimer définitivement"
      pendingLabel="Suppression…"
      tone="danger"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      confirmDisabled={!matches}
      onConfirm={() => remove.mutate(typed.trim(), { onSuccess: onDone })}
    >
      <p>
        Le compte de <strong>{user.name.trim() || user.email}</strong> sera supprimé avec son profil, ses
        photos, ses {quoted("J’aime")}, ses matchs et ses messages.{" "}
        <strong>Cette action est irréversible.</strong>
      </p>
      <Field
        id="delete-confirm-email"
        label="Adresse e-mail du membre"
        hint={
          <>
            Pour confirmer, saisissez <EmailAddress email={user.email} className="font-semibold text-ink" />
          </>
        }
      >
        {(c) => (
          <Input
            {...c}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
