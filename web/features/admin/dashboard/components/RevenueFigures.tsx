import type { DashboardDto } from "@domain/admin.ts";
import { formatMoney } from "@domain/money.ts";
import { CFA_ZONES } from "../../shared/labels.ts";

/**
 * The month's revenue, one line per currency, the euro first: « 479,97 € », « 124 500 FCFA ».
 * Both CFA francs are written « FCFA »: when both appear, each line names its monetary union
 * (« UEMOA », « CEMAC »), since the two are not added together. Nothing paid yet: « 0,00 € ».
 */
export function RevenueFigures({ revenue }: { revenue: DashboardDto["revenueThisMonth"] }) {
  if (revenue.length === 0) return formatMoney(0, "EUR");
  if (revenue.length === 1 && revenue[0]) return formatMoney(revenue[0].amount, revenue[0].currency);
  const bothFrancs = revenue.some((r) => r.currency === "XOF") && revenue.some((r) => r.currency === "XAF");
  return (
    <ul className="flex flex-col gap-0.5 text-2xl">
      {revenue.map((r) => (
        <li key={r.currency}>
          {formatMoney(r.amount, r.currency)}
          {bothFrancs && r.currency !== "EUR" && (
            <span className="text-base font-semibold text-ink-soft"> ({CFA_ZONES[r.currency]})</span>
          )}
        </li>
      ))}
    </ul>
  );
}
