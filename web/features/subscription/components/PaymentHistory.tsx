import type { PaymentDto, Plan } from "@domain/subscriptions.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { formatDate } from "@web/lib/format.ts";
import { formatEuros } from "@web/lib/money.ts";

const PROVIDER: Record<PaymentDto["provider"], string> = {
  stripe: "Carte bancaire",
  demo: "Démonstration",
  admin: "Offert par l'équipe",
};

const STATUS: Record<PaymentDto["status"], string> = {
  active: "En cours",
  expired: "Terminé",
  cancelled: "Annulé",
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
    { id: "amount", header: "Montant", className: "tabular-nums", cell: (p) => formatEuros(p.amountCents) },
    {
      id: "period",
      header: "Période",
      cell: (p) => `du ${formatDate(p.startDate)} au ${formatDate(p.endDate)}`,
    },
    { id: "provider", header: "Moyen de paiement", cell: (p) => PROVIDER[p.provider] ?? p.provider },
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
