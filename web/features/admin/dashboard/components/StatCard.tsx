import { Card } from "@web/components/ui/Card.tsx";
import { formatNumber } from "@web/lib/format.ts";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A dashboard figure: label, big value (text, or a list of figures), optional detail. */
export function StatCard({
  icon: Icon,
  label,
  value,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1 sm:p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-ink-soft">
        <Icon className="size-4.5 text-ochre-700" aria-hidden="true" />
        {label}
      </h2>
      <div className="text-3xl font-bold text-teal-900 tabular-nums">{value}</div>
      {children && <div className="text-sm text-ink-soft">{children}</div>}
    </Card>
  );
}

/** A labelled list of counts with a proportional bar. */
export function Breakdown({
  title,
  items,
}: {
  title: string;
  items: readonly { label: string; count: number }[];
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <Card className="flex flex-col gap-3 sm:p-5">
      <h2 className="text-lg font-bold text-teal-900">{title}</h2>
      {items.length === 0 ? (
        <p className="text-ink-soft">Aucune donnée pour le moment.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.label} className="flex flex-col gap-1">
              <div className="flex justify-between gap-3 text-sm">
                <span>{item.label}</span>
                <span className="font-semibold tabular-nums">{formatNumber(item.count)}</span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-sand-200" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-teal-600"
                  style={{ width: `${(item.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
