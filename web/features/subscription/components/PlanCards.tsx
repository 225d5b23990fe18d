import { monthlyCents, type Plan, savingPercent } from "@domain/subscriptions.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { formatEuros } from "@web/lib/money.ts";

interface Props {
  plans: Plan[];
  /** The plan being sent to the payment page, if any. */
  pending: string | null;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

/** The plans side by side (stacked on a phone); the middle one is highlighted. */
export function PlanCards({ plans, pending, disabled, onChoose }: Props) {
  const featured = plans.length === 3 ? plans[1]?.id : undefined;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const saving = savingPercent(plan, plans);
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
              <span className="text-3xl font-bold text-ink">{formatEuros(plan.priceCents)}</span>
              <span className="block text-sm text-ink-soft">
                {plan.months > 1 ? `soit ${formatEuros(monthlyCents(plan))} par mois` : "pour un mois"}
              </span>
            </p>
            {saving > 0 && (
              <p className="self-start rounded-full bg-teal-50 px-2.5 py-0.5 text-sm font-semibold text-teal-800">
                {saving}&nbsp;% d'économie par mois
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
