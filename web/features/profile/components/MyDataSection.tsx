import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { useExportMyData } from "@web/features/safety/index.ts";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { DeleteAccountDialog } from "./DeleteAccountDialog.tsx";

/** The member's GDPR rights: a copy of their data, and erasing their account. */
export function MyDataSection() {
  const download = useExportMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h3 id="export-title" className="text-lg font-semibold text-teal-900">
          Télécharger mes données
        </h3>
        <p>
          Un fichier .zip avec tout ce que Passerelle conserve sur vous : compte, profil et photos,{" "}
          {quoted("J’aime")}, matchs, messages envoyés, abonnements, blocages, signalements et sessions.
        </p>
        <Button
          variant="secondary"
          className="sm:w-fit"
          loading={download.isPending}
          loadingText="Préparation du fichier…"
          onClick={() => download.mutate()}
        >
          <Download className="size-5" aria-hidden="true" />
          Télécharger mes données
        </Button>
        <div aria-live="polite" className="empty:hidden">
          {download.isSuccess && (
            <Alert tone="success">Votre fichier {download.data} est en cours de téléchargement.</Alert>
          )}
          {download.isError && (
            <Alert tone="error" title="Le téléchargement n’a pas abouti">
              {errorMessage(download.error)}
            </Alert>
          )}
        </div>
      </div>
      <hr className="border-sand-200" />
      <div className="flex flex-col gap-3">
        <h3 id="delete-title" className="text-lg font-semibold text-teal-900">
          Supprimer mon compte
        </h3>
        <p>
          Votre compte, votre profil, vos photos, vos matchs et vos conversations seront effacés
          définitivement.
        </p>
        <Button variant="danger" className="sm:w-fit" onClick={() => setDeleting(true)}>
          <Trash2 className="size-5" aria-hidden="true" />
          Supprimer mon compte
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}
