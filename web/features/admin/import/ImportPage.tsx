import type { ImportPreviewDto } from "@domain/admin.ts";
import { IMPORT_MAX_BYTES } from "@domain/admin.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { plural, quoted } from "@web/lib/format.ts";
import { useState } from "react";
import { AdminPage } from "../shared/AdminPage.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { byteLength, importLabel, resultSummary, TOO_LARGE, usePreviewImport, useRunImport } from "./api.ts";
import { FormatHelp } from "./components/FormatHelp.tsx";
import { JsonSource } from "./components/JsonSource.tsx";
import { PreviewTable } from "./components/PreviewTable.tsx";

/** /admin/add-json: check a JSON file of members, then create or update the valid ones. */
export default function ImportPage() {
  const [text, setText] = useState("");
  const [inputError, setInputError] = useState<string | undefined>();
  // The preview and the exact text it checked: editing the text makes it stale.
  const [checked, setChecked] = useState<{ json: string; preview: ImportPreviewDto } | null>(null);
  const preview = usePreviewImport();
  const run = useRunImport();
  const { notice, setNotice, clear } = useNotice();

  const change = (value: string, fileName?: string) => {
    setText(value);
    setInputError(undefined);
    setChecked(null);
    preview.reset();
    clear();
    if (fileName)
      setNotice({
        tone: "info",
        text: `Fichier ${quoted(fileName)} chargé. Cliquez sur ${quoted("Vérifier")}.`,
      });
  };

  const check = () => {
    clear();
    if (!text.trim()) {
      setInputError("Collez le contenu JSON ou choisissez un fichier.");
      document.getElementById("import-json")?.focus();
      return;
    }
    if (byteLength(text) > IMPORT_MAX_BYTES) {
      setInputError(TOO_LARGE);
      return;
    }
    setInputError(undefined);
    const json = text;
    preview.mutate(json, { onSuccess: (result) => setChecked({ json, preview: result }) });
  };

  const importValid = () => {
    if (!checked) return;
    run.mutate(checked.json, {
      onSuccess: (result) => {
        setChecked(null);
        // Issue 34: the new members learn by e-mail how to sign in.
        const told =
          result.created > 0
            ? ` ${result.created > 1 ? "Chaque nouveau membre reçoit" : "Le nouveau membre reçoit"} un e-mail pour choisir son mot de passe.`
            : "";
        setNotice({ tone: "success", text: `Import terminé : ${resultSummary(result)}.${told}` });
      },
      onError: (err) => setNotice({ tone: "error", text: errorMessage(err) }),
    });
  };

  const p = checked?.preview;

  return (
    <AdminPage
      title="Ajout de données JSON"
      intro="Créez ou mettez à jour des profils de membres à partir d’un fichier JSON, après vérification."
    >
      <FormatHelp />
      <Card className="flex flex-col gap-5 sm:p-6">
        <h2 className="text-xl font-bold text-teal-900">Vos données</h2>
        <JsonSource value={text} onChange={change} error={inputError} onError={setInputError} />
        {preview.isError && (
          <Alert tone="error" title="Vérification impossible">
            {errorMessage(preview.error)}
          </Alert>
        )}
        <Button className="sm:w-fit" onClick={check} loading={preview.isPending} loadingText="Vérification…">
          Vérifier
        </Button>
      </Card>

      <LiveNotice notice={notice} />

      {p && (
        <section aria-labelledby="verification" className="flex flex-col gap-4">
          <h2 id="verification" className="text-xl font-bold text-teal-900">
            Vérification
          </h2>
          <p role="status">
            {plural(p.rows.length, "ligne", "lignes", "Aucune ligne")} :{" "}
            {plural(p.valid, "valide", "valides", "aucune valide")},{" "}
            {plural(p.invalid, "à corriger", "à corriger", "aucune à corriger")}.
          </p>
          <PreviewTable rows={p.rows} />
          {p.invalid > 0 && p.valid > 0 && (
            <p className="text-ink-soft">
              Les lignes à corriger seront ignorées ; corrigez le fichier pour les importer.
            </p>
          )}
          <Button
            className="sm:w-fit"
            disabled={p.valid === 0}
            loading={run.isPending}
            loadingText="Import en cours…"
            onClick={importValid}
          >
            {importLabel(p.valid)}
          </Button>
        </section>
      )}
    </AdminPage>
  );
}
