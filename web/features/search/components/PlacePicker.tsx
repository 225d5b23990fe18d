import { placeLabel } from "@domain/countries.ts";
import { PLACES_MAX } from "@domain/discovery.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { RemovableChip } from "@web/components/ui/RemovableChip.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { quoted } from "@web/lib/format.ts";
import { Plus } from "lucide-react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { placeGroupsWithout } from "../places.ts";

interface PlacePickerProps {
  /** Id of the select (its label points at it). */
  id: string;
  /** « Vit en », « Originaire de »: the label, and the name the buttons and the list give. */
  label: string;
  /** What the filter compares, under the select. */
  hint: string;
  /** Place tokens: continent or region ids, ISO country codes. */
  value: string[];
  onChange: (value: string[]) => void;
}

/**
 * Continents, regions and countries chosen from a native select (grouped, keyboard accessible as the
 * platform makes it), shown as removable chips. A choice is added with « Ajouter » (or Entrée) rather
 * than on change: with the keyboard, the arrow keys change a closed select's value on Windows, and
 * each step would otherwise add a place.
 */
export function PlacePicker({ id, label, hint, value, onChange }: PlacePickerProps) {
  const [pending, setPending] = useState("");
  const [notice, setNotice] = useState("");
  const selectRef = useRef<HTMLSelectElement>(null);
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  /** Where focus goes once a removal has rendered: a chip's index, or -1 for the select. */
  const focusAfterRemoval = useRef<number | null>(null);
  const full = value.length >= PLACES_MAX;
  const groups = useMemo(() => placeGroupsWithout(value), [value]);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const next = index >= 0 ? removeButtons.current[Math.min(index, value.length - 1)] : null;
    (next ?? selectRef.current)?.focus();
  }, [value]);

  const add = () => {
    if (!pending || full || value.includes(pending)) return;
    onChange([...value, pending]);
    setNotice(`Ajouté : ${placeLabel(pending) ?? pending}.`);
    setPending("");
    selectRef.current?.focus();
  };

  const remove = (place: string, index: number) => {
    focusAfterRemoval.current = value.length > 1 ? index : -1;
    onChange(value.filter((p) => p !== place));
    setNotice(`Retiré : ${placeLabel(place) ?? place}.`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === "Enter" && pending) {
      event.preventDefault();
      add();
    }
  };

  return (
    <Field
      id={id}
      label={label}
      hint={full ? `${PLACES_MAX} lieux au maximum : retirez-en un pour en choisir un autre.` : hint}
    >
      {(control) => (
        <div className="flex min-w-0 flex-col gap-2">
          {value.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={`${label} : lieux choisis`}>
              {value.map((place, i) => {
                const name = placeLabel(place) ?? place;
                return (
                  <li key={place} className="max-w-full">
                    <RemovableChip
                      removeLabel={`Retirer ${name}`}
                      onRemove={() => remove(place, i)}
                      buttonRef={(el) => {
                        removeButtons.current[i] = el;
                      }}
                    >
                      {name}
                    </RemovableChip>
                  </li>
                );
              })}
            </ul>
          )}
          {/* One row on a phone; stacked in the narrow column of wide screens. */}
          <div className="flex min-w-0 flex-wrap gap-2">
            <Select
              {...control}
              ref={selectRef}
              value={pending}
              disabled={full}
              onChange={(e) => setPending(e.target.value)}
              onKeyDown={onKeyDown}
              className="min-w-0 flex-[1_1_10rem]"
            >
              <option value="">Choisir un lieu…</option>
              {groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
            <button
              type="button"
              onClick={add}
              disabled={!pending || full}
              className="relative inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border-2 border-teal-700 px-3 font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-500 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <Plus className="size-4" aria-hidden="true" />
              Ajouter <span className="sr-only">à {quoted(label)}</span>
            </button>
          </div>
          <p className="sr-only" aria-live="polite">
            {notice}
          </p>
        </div>
      )}
    </Field>
  );
}
