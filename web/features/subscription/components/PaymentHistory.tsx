import type { PaymentDto, Plan } from "@domain/subscriptions.ts";
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

export function PaymentHistory({ payments, plans }: { payments: PaymentDto[]; plans: Plan[] }) {
  if (payments.length === 0) return <p className="text-ink-soft">Aucun paiement pour le moment.</p>;
  const label = (id: string) => plans.find((p) => p.id === id)?.label ?? id.replace(/-/g, " ");
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Vos paiements, du plus récent au plus ancien</caption>
        <thead className="border-b border-sand-200 text-ink-soft">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Formule
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Montant
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Période
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Moyen de paiement
            </th>
            <th scope="col" className="py-2 font-semibold">
              État
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {payments.map((p) => (
            <tr key={p.id}>
              <td className="py-2 pr-3">{formatDate(p.paidAt)}</td>
              <td className="py-2 pr-3">{label(p.plan)}</td>
              <td className="py-2 pr-3 tabular-nums">{formatEuros(p.amountCents)}</td>
              <td className="py-2 pr-3">
                du {formatDate(p.startDate)} au {formatDate(p.endDate)}
              </td>
              <td className="py-2 pr-3">{PROVIDER[p.provider] ?? p.provider}</td>
              <td className="py-2">{STATUS[p.status] ?? p.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
