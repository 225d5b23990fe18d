import type { AdminPaymentRow } from "@domain/admin.ts";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { formatNumber } from "@web/lib/format.ts";
import {
  DISPUTE_LABELS,
  formatAmount,
  formatDateTime,
  PAYMENT_STATUS_LABELS,
  paymentLabel,
  planLabel,
} from "../shared/labels.ts";
import { MemberCell } from "../shared/MemberCell.tsx";
import { type PillTone, StatusPill } from "../shared/StatusPill.tsx";

const STATUS_TONE: Record<AdminPaymentRow["status"], PillTone> = {
  pending: "info",
  paid: "success",
  failed: "danger",
  cancelled: "neutral",
  expired: "warning",
};

/** A change a minute or more after the opening is worth showing (the row is written twice at once). */
const changedLater = (p: AdminPaymentRow) => Date.parse(p.updatedAt) - Date.parse(p.createdAt) >= 60_000;

/** A refund or a chargeback after payment: what and when (issue 33). */
function Reversal({ payment: p }: { payment: AdminPaymentRow }) {
  const refund =
    p.refundedAmount >= p.amount
      ? "Remboursé"
      : p.refundedAmount > 0
        ? `Remboursé en partie : ${formatAmount(p.refundedAmount, p.currency)}`
        : null;
  if (!refund && !p.dispute) return null;
  return (
    <>
      {p.dispute && <StatusPill tone={DISPUTE_TONE[p.dispute]}>{DISPUTE_LABELS[p.dispute]}</StatusPill>}
      {refund && <StatusPill tone={p.refundedAmount >= p.amount ? "danger" : "warning"}>{refund}</StatusPill>}
      {p.reversedAt && (
        <span className="block text-sm text-ink-soft">
          Le <time dateTime={p.reversedAt}>{formatDateTime(p.reversedAt)}</time>
        </span>
      )}
    </>
  );
}

const DISPUTE_TONE: Record<NonNullable<AdminPaymentRow["dispute"]>, PillTone> = {
  open: "warning",
  won: "info",
  lost: "danger",
};

/** Why it failed, or where a pending payment stands with the provider. */
function StatusDetail({ payment: p }: { payment: AdminPaymentRow }) {
  if (p.status === "paid") return <Reversal payment={p} />;
  if (p.status === "failed" && p.failureReason)
    return <span className="block text-sm break-words">{p.failureReason}</span>;
  if (p.status !== "pending") return null;
  return (
    <span className="block text-sm text-ink-soft">
      {p.checkAttempts === 0
        ? "Pas encore vérifié auprès du prestataire"
        : `Vérifié ${p.checkAttempts === 1 ? "une fois" : `${formatNumber(p.checkAttempts)} fois`} auprès du prestataire`}
      {p.nextCheckAt && (
        <>
          <br />
          Prochaine vérification le <time dateTime={p.nextCheckAt}>{formatDateTime(p.nextCheckAt)}</time>
        </>
      )}
    </span>
  );
}

export const PAYMENT_COLUMNS: DataTableColumn<AdminPaymentRow>[] = [
  { id: "member", header: "Membre", cell: (p) => <MemberCell member={p.member} /> },
  {
    // The plan, the amount asked and the way of paying in one column keep the table within a laptop's width.
    id: "payment",
    header: "Formule et paiement",
    className: "min-w-44",
    cell: (p) => (
      <>
        <span className="block font-medium whitespace-nowrap">{planLabel(p.plan)}</span>
        <span className="block whitespace-nowrap tabular-nums">{formatAmount(p.amount, p.currency)}</span>
        <span className="block text-ink-soft">{paymentLabel(p)}</span>
      </>
    ),
  },
  {
    id: "status",
    header: "Statut",
    className: "min-w-44 @3xl:max-w-64",
    cell: (p) => (
      <div className="flex flex-col items-start gap-1">
        <StatusPill tone={STATUS_TONE[p.status]}>{PAYMENT_STATUS_LABELS[p.status] ?? p.status}</StatusPill>
        <StatusDetail payment={p} />
      </div>
    ),
  },
  {
    id: "reference",
    header: "Référence",
    className: "@3xl:max-w-56",
    cell: (p) =>
      p.providerRef ? (
        <span className="font-mono text-xs break-all">{p.providerRef}</span>
      ) : (
        <span className="text-ink-soft">Aucune</span>
      ),
  },
  {
    id: "created",
    header: "Date",
    sortKey: "created_at",
    firstDir: "desc",
    className: "min-w-36",
    cell: (p) => (
      <>
        <time dateTime={p.createdAt} className="block">
          {formatDateTime(p.createdAt)}
        </time>
        {changedLater(p) && (
          <span className="block text-sm text-ink-soft">
            Mis à jour le <time dateTime={p.updatedAt}>{formatDateTime(p.updatedAt)}</time>
          </span>
        )}
      </>
    ),
  },
];
