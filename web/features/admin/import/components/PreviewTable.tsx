import type { ImportRowDto } from "@domain/admin.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import { StatusPill } from "../../shared/StatusPill.tsx";
import { fieldLabel } from "../api.ts";

const columns: DataTableColumn<ImportRowDto>[] = [
  { id: "index", header: "Ligne", rowHeader: true, className: "tabular-nums", cell: (r) => r.index },
  { id: "email", header: "E-mail", cell: (r) => (r.email ? <EmailAddress email={r.email} /> : "—") },
  { id: "firstName", header: "Prénom", cell: (r) => r.firstName ?? "—" },
  {
    id: "operation",
    header: "Opération",
    cell: (r) =>
      r.ok ? (
        <StatusPill tone={r.exists ? "info" : "success"}>{r.exists ? "Mise à jour" : "Création"}</StatusPill>
      ) : (
        <span className="flex flex-col items-start gap-1">
          <StatusPill tone="neutral">Ignorée</StatusPill>
          <span className="text-xs text-ink-soft">{r.exists ? "e-mail déjà inscrit" : "nouvel e-mail"}</span>
        </span>
      ),
  },
  {
    id: "result",
    header: "Vérification",
    className: "min-w-64",
    cell: (r) =>
      r.ok ? (
        <span className="inline-flex items-center gap-1.5 font-semibold text-success-700">
          <CircleCheck className="size-4.5" aria-hidden="true" />
          Valide
        </span>
      ) : (
        <ul className="flex flex-col gap-1 text-danger-700">
          {Object.entries(r.errors).map(([key, message]) => {
            const label = fieldLabel(key);
            return (
              <li key={key} className="flex gap-1.5">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {label && <span className="font-semibold">{label} : </span>}
                  {message}
                </span>
              </li>
            );
          })}
        </ul>
      ),
  },
];

export function PreviewTable({ rows }: { rows: ImportRowDto[] }) {
  return (
    <DataTable
      caption="Vérification ligne par ligne"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.index)}
      empty="Le fichier ne contient aucun membre."
    />
  );
}
