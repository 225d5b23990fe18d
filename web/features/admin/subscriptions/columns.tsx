import type { AdminSubscriptionRow } from "@domain/admin.ts";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { formatDate } from "@web/lib/format.ts";
import { formatAmount, paymentLabel, planLabel, SUBSCRIPTION_STATUS_LABELS } from "../shared/labels.ts";
import { MemberCell } from "../shared/MemberCell.tsx";
import { StatusPill } from "../shared/StatusPill.tsx";

const STATUS_TONE = {
  active: "success",
  expired: "neutral",
  cancelled: "warning",
  suspended: "warning",
  refunded: "danger",
} as const;

export const SUBSCRIPTION_COLUMNS: DataTableColumn<AdminSubscriptionRow>[] = [
  { id: "member", header: "Membre", cell: (s) => <MemberCell member={s.member} /> },
  {
    // The plan, its price and how it was paid in one column keep the table within a laptop's width.
    id: "plan",
    header: "Formule et paiement",
    className: "min-w-44",
    cell: (s) => (
      <>
        <span className="block font-medium whitespace-nowrap">{planLabel(s.plan)}</span>
        <span className="block whitespace-nowrap tabular-nums">{formatAmount(s.amount, s.currency)}</span>
        <span className="block text-ink-soft">{paymentLabel(s)}</span>
        {/* The provider's reference, to find the payment there; a granted one has none worth showing. */}
        {s.provider !== "admin" && s.providerRef && (
          <span className="block font-mono text-xs break-all text-ink-soft">Réf. {s.providerRef}</span>
        )}
      </>
    ),
  },
  {
    id: "status",
    header: "Statut",
    cell: (s) => <StatusPill tone={STATUS_TONE[s.status]}>{SUBSCRIPTION_STATUS_LABELS[s.status]}</StatusPill>,
  },
  {
    id: "start",
    header: "Début",
    sortKey: "start_date",
    firstDir: "desc",
    className: "min-w-24",
    cell: (s) => <time dateTime={s.startDate}>{formatDate(s.startDate)}</time>,
  },
  {
    id: "end",
    header: "Fin",
    sortKey: "end_date",
    firstDir: "desc",
    className: "min-w-24",
    cell: (s) => <time dateTime={s.endDate}>{formatDate(s.endDate)}</time>,
  },
  {
    id: "created",
    header: "Enregistré le",
    sortKey: "created_at",
    firstDir: "desc",
    className: "min-w-24",
    cell: (s) => <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>,
  },
];
