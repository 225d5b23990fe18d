import { Select } from "@web/components/ui/Select.tsx";
import { MONTH_CHOICES, monthsLabel } from "./labels.ts";

/** A labelled choice of 1, 3 or 6 months. */
export function MonthsSelect({
  id,
  label = "Durée",
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: number;
  onChange: (months: number) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <Select id={id} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
        {MONTH_CHOICES.map((m) => (
          <option key={m} value={m}>
            {monthsLabel(m)}
          </option>
        ))}
      </Select>
    </div>
  );
}
