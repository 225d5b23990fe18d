import { Select } from "@web/components/ui/Select.tsx";

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Label of the empty choice, e.g. « Tous les statuts ». */
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled select whose empty value means « no filter ». */
export function FilterSelect({ id, label, value, onChange, allLabel, options }: FilterSelectProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** [{ value, label }] from a labels record. */
export function optionsOf<K extends string>(labels: Record<K, string>): { value: K; label: string }[] {
  return (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
}
