import { formatMoney } from "@domain/money.ts";
import { METHOD_LABELS, OPERATORS, PROVIDER_LABELS } from "@domain/payments.ts";
import type { PaymentDto, Plan } from "@domain/subscriptions.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { formatDate } from "@web/lib/format.ts";

/**
 * « Carte bancaire », the operator for mobile money (« Orange Money »), « Offert par l'équipe » for
 * a subscription granted by an administrator; a simulated payment says so.
 */
export function paymentMeans(p: Pick<PaymentDto, "provider" | "method" | "operator">): string {
  if (p.provider === "admin") return PROVIDER_LABELS.admin;
  const means =
    p.method === "mobile-money"
      ? ((p.operator && OPERATORS[p.operator]) ?? METHOD_LABELS["mobile-money"])
      : METHOD_LABELS.card;
  return p.provider === "demo" ? `${means} (démonstration)` : means;
}

const STATUS: Record<PaymentDto["status"], string> = {
  active: "En cours",
  expired: "Terminé",
  cancelled: "Annulé",
  suspended: "Suspendu : paiement contesté",
  refunded: "Remboursé",
};

function columns(plans: Plan[]): DataTableColumn<PaymentDto>[] {
  const label = (id: string) => plans.find((p) => p.id === id)?.label ?? id.replace(/-/g, " ");
  return [
    {
      id: "date",
      header: "Date",
      rowHeader: true,
      cell: (p) => (
        <time dateTime={p.paidAt} className="font-semibold">
          {formatDate(p.paidAt)}
        </time>
      ),
    },
    { id: "plan", header: "Formule", cell: (p) => label(p.plan) },
    {
      id: "amount",
      header: "Montant",
      className: "tabular-nums",
      cell: (p) => formatMoney(p.amount, p.currency),
    },
    {
      id: "period",
      header: "Période",
      cell: (p) => `du ${formatDate(p.startDate)} au ${formatDate(p.endDate)}`,
    },
    { id: "provider", header: "Moyen de paiement", cell: paymentMeans },
    { id: "status", header: "État", cell: (p) => STATUS[p.status] ?? p.status },
  ];
}

/** The member's payments, newest first: a table on a wide screen, one card per payment otherwise. */
export function PaymentHistory({ payments, plans }: { payments: PaymentDto[]; plans: Plan[] }) {
  if (payments.length === 0) return <p className="text-ink-soft">Aucun paiement pour le moment.</p>;
  return (
    <DataTable
      caption="Vos paiements, du plus récent au plus ancien"
      captionHidden
      framed={false}
      columns={columns(plans)}
      rows={payments}
      rowKey={(p) => p.id}
    />
  );
}
