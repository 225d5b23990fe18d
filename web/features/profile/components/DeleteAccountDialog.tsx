import { MSG } from "@domain/messages.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { PasswordInput } from "@web/components/ui/PasswordInput.tsx";
import { ACCOUNT_DELETED_STATE, useDeleteAccount } from "@web/features/safety/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router-dom";

/** « Supprimer mon compte »: what goes, then the password; on success, signed out and sent home. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const formId = useId();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form at each opening
  useEffect(() => {
    if (!open) return;
    setPassword("");
    setFieldError(undefined);
    remove.reset();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setFieldError("Saisissez votre mot de passe.");
      document.getElementById("delete-password")?.focus();
      return;
    }
    setFieldError(undefined);
    remove.mutate(password, {
      // The home page ends the local session once it is shown (signing out while this page is
      // still on screen would send the member to the sign-in page instead).
      onSuccess: () => navigate("/", { replace: true, state: ACCOUNT_DELETED_STATE }),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          setFieldError(err.fields?.password ?? MSG.WRONG_PASSWORD);
          document.getElementById("delete-password")?.focus();
        }
      },
    });
  };

  const wrongPassword = remove.error instanceof ApiError && remove.error.status === 401;
  return (
    <Dialog
      open={open}
      onClose={remove.isPending ? () => {} : onClose}
      title="Supprimer mon compte"
      className="max-h-[92dvh] overflow-y-auto"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Annuler
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            loading={remove.isPending}
            loadingText="Suppression…"
          >
            Supprimer définitivement
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="font-semibold">Cette action est définitive. Seront supprimés :</p>
        <ul className="ml-5 list-disc space-y-1">
          <li>votre compte, votre profil et vos photos ;</li>
          <li>vos {quoted("J’aime")} et vos matchs ;</li>
          <li>
            vos conversations, pour vous comme pour les personnes avec qui vous échangiez : les messages
            disparaissent des deux côtés ;
          </li>
          <li>vos sessions : vous serez déconnecté(e) de tous vos appareils.</li>
        </ul>
        <p>
          Un abonnement en cours n’est pas remboursé. Les signalements déjà transmis à notre équipe de
          modération sont conservés 12 mois, comme l’explique notre{" "}
          <Link to="/privacy-policy" className="font-medium text-teal-700 underline">
            politique de confidentialité
          </Link>
          . Pour garder une copie de vos données, téléchargez-les d’abord.
        </p>
        <Field
          id="delete-password"
          label="Votre mot de passe"
          hint="Pour confirmer que c’est bien vous."
          error={fieldError}
          required
        >
          {(c) => (
            <PasswordInput
              {...c}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (fieldError) setFieldError(undefined);
              }}
            />
          )}
        </Field>
        {remove.isError && !wrongPassword && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      </form>
    </Dialog>
  );
}
