import { IMPORT_MAX_BYTES } from "@domain/admin.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { FileUp } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { MAX_SIZE_LABEL, TOO_LARGE } from "../api.ts";

/** The JSON to import: pasted, or read from a .json file in the browser (nothing is uploaded). */
export function JsonSource({
  value,
  onChange,
  error,
  onError,
}: {
  value: string;
  onChange: (text: string, fileName?: string) => void;
  error: string | undefined;
  onError: (message: string) => void;
}) {
  const fileId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!/\.json$/i.test(file.name) && file.type !== "application/json") {
      onError("Choisissez un fichier au format JSON (extension .json).");
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      onError(TOO_LARGE);
      return;
    }
    try {
      onChange(await file.text(), file.name);
    } catch {
      onError("Le fichier n’a pas pu être lu. Réessayez ou collez son contenu.");
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor={fileId}
          className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-full border-2 border-teal-700 bg-white px-4 font-semibold text-teal-800 hover:bg-teal-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-500"
        >
          <FileUp className="size-4.5" aria-hidden="true" />
          Choisir un fichier .json
          <input
            id={fileId}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            onChange={(e) => void onFile(e)}
          />
        </label>
        <p className="text-sm text-ink-soft">
          Le fichier est lu dans votre navigateur ; {MAX_SIZE_LABEL} au maximum.
        </p>
      </div>
      <Field id="import-json" label="Contenu JSON" hint="Ou collez le contenu ici." error={error}>
        {(c) => (
          <Textarea
            {...c}
            rows={12}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-sm"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
