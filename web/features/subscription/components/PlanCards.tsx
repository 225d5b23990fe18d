import { type Currency, formatMoney } from "@domain/money.ts";
import { monthlyPrice, type Plan, planPrice, savingPercent } from "@domain/subscriptions.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";

interface Props {
  plans: Plan[];
  /** The currency prices are shown (and paid) in; a plan not priced in it is left out. */
  currency: Currency;
  /** The plan being sent to the payment page, if any. */
  pending: string | null;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

/** The plans side by side (stacked on a phone); the middle one is highlighted. */
export function PlanCards({ plans: allPlans, currency, pending, disabled, onChoose }: Props) {
  const plans = allPlans.filter((p) => planPrice(p, currency) !== null);
  const featured = plans.length === 3 ? plans[1]?.id : undefined;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const price = planPrice(plan, currency) ?? 0;
        const saving = savingPercent(plan, plans, currency);
        const highlight = plan.id === featured;
        return (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col gap-3 rounded-[var(--radius-card)] border bg-white p-5 shadow-sm",
              highlight ? "border-2 border-brand-700" : "border-sand-200",
            )}
          >
            {highlight && (
              <span className="absolute -top-3 left-5 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-bold text-white">
                Le plus choisi
              </span>
            )}
            <h3 className="text-xl font-bold text-teal-900">{plan.label}</h3>
            <p>
              <span className="text-3xl font-bold text-ink">{formatMoney(price, currency)}</span>
              <span className="block text-sm text-ink-soft">
                {plan.months > 1
                  ? `soit ${formatMoney(monthlyPrice(plan, currency), currency)} par mois`
                  : "pour un mois"}
              </span>
            </p>
            {saving > 0 && (
              <p className="self-start rounded-full bg-teal-50 px-2.5 py-0.5 text-sm font-semibold text-teal-800">
                {saving}&nbsp;% d’économie par mois
              </p>
            )}
            <p className="text-sm text-ink-soft">Paiement unique, sans renouvellement automatique.</p>
            <Button
              className="mt-auto"
              variant={highlight ? "primary" : "secondary"}
              disabled={disabled}
              loading={pending === plan.id}
              loadingText="Redirection…"
              onClick={() => onChoose(plan)}
            >
              Choisir {plan.label}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
