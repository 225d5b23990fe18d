import { AUDIT_ACTION_LABELS, type AuditEntryDto } from "@domain/admin.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../shared/labels.ts";

/** A payment entry's checkout, opened in the payments list (its id is one of the list's searches). */
const paymentPath = (checkoutId: string) =>
  `/admin/subscriptions?${new URLSearchParams({ view: "payments", q: checkoutId })}`;

/**
 * Who did it: an administrator's e-mail (kept when their account is deleted), or, for the entries
 * the payment code writes without an administrator, its name (« Système de paiement »).
 */
function Actor({ entry }: { entry: AuditEntryDto }) {
  const { id, email } = entry.admin;
  if (id === null && !email.includes("@")) return <span>{email}</span>;
  return <EmailAddress email={email} />;
}

function Summary({ entry: e }: { entry: AuditEntryDto }) {
  const link = (to: string, what: string) => (
    <Link to={to} className="break-words text-teal-800 underline underline-offset-2">
      {e.summary}
      <span className="sr-only"> : {what}</span>
    </Link>
  );
  // A moderation step links to its report (« Signalement pris en charge », « Mesure prise… »).
  if (e.targetType === "report" && e.targetId)
    return link(`/admin/reports/${encodeURIComponent(e.targetId)}`, "voir le signalement");
  // A payment's step links to the payment, in the payments list.
  if (e.targetType === "checkout" && e.targetId) return link(paymentPath(e.targetId), "voir le paiement");
  return <span className="break-words">{e.summary}</span>;
}

const columns: DataTableColumn<AuditEntryDto>[] = [
  {
    id: "action",
    header: "Action",
    rowHeader: true,
    cell: (e) => <span className="font-semibold">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>,
  },
  { id: "summary", header: "Détail", cell: (e) => <Summary entry={e} /> },
  { id: "admin", header: "Par", cell: (e) => <Actor entry={e} /> },
  {
    id: "date",
    header: "Date",
    cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
  },
];

export function LatestActions({ entries }: { entries: AuditEntryDto[] }) {
  return (
    <DataTable
      caption="Dernières actions des administrateurs et du système de paiement"
      captionHidden
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      empty="Aucune action enregistrée pour le moment."
    />
  );
}
