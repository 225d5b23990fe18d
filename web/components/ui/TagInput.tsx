import { quoted } from "@web/lib/format.ts";
import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { cn } from "./cn.ts";
import { controlClasses } from "./controls.ts";
import { ToggleChip } from "./ToggleChip.tsx";

interface TagInputProps {
  /** Id of the free-entry text input (the Field label points at it). */
  id: string;
  /** Field name used in accessible labels, e.g. « Langues ». */
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  suggestions: readonly string[];
  maxItems: number;
  maxLength: number;
  placeholder?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

const same = (a: string, b: string) => a.toLocaleLowerCase("fr") === b.toLocaleLowerCase("fr");

/** Chips chosen from suggestions or typed freely; each chip can be removed. */
export function TagInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  suggestions,
  maxItems,
  maxLength,
  placeholder,
  ...aria
}: TagInputProps) {
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const full = value.length >= maxItems;

  const add = (raw: string) => {
    const item = raw.replace(/\s+/g, " ").trim();
    if (!item) return;
    if (value.some((v) => same(v, item))) {
      setNotice(`${quoted(item)} figure déjà dans la liste.`);
      return;
    }
    if (full) {
      setNotice(`${maxItems} éléments au maximum.`);
      return;
    }
    onChange([...value, item]);
    setNotice(null);
  };

  const remove = (item: string) => {
    onChange(value.filter((v) => !same(v, item)));
    setNotice(null);
  };

  const toggle = (item: string) => (value.some((v) => same(v, item)) ? remove(item) : add(item));

  const addDraft = () => {
    add(draft);
    setDraft("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addDraft();
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2" aria-label={`Sélection : ${label}`}>
        {value.length === 0 && <li className="text-sm text-ink-soft">Aucun élément pour le moment.</li>}
        {value.map((item) => (
          <li key={item}>
            <span className="inline-flex min-h-11 items-center gap-1 rounded-full bg-teal-700 pl-4 text-sm font-medium text-white">
              {item}
              <button
                type="button"
                onClick={() => remove(item)}
                aria-label={`Retirer ${item}`}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-teal-800"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </span>
          </li>
        ))}
      </ul>

      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className={cn(controlClasses, "flex-1")}
          {...aria}
        />
        <button
          type="button"
          onClick={addDraft}
          disabled={!draft.trim()}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border-2 border-teal-700 px-4 font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-50"
        >
          <Plus className="size-4" aria-hidden="true" />
          Ajouter <span className="sr-only">à la liste {quoted(label)}</span>
        </button>
      </div>
      <p className="min-h-5 text-sm text-ink-soft" aria-live="polite">
        {notice}
      </p>

      <div>
        <p className="mb-2 text-sm text-ink-soft">Suggestions :</p>
        <div className="flex flex-wrap gap-2">
          {suggestions.map((item) => {
            const selected = value.some((v) => same(v, item));
            return (
              <ToggleChip
                key={item}
                selected={selected}
                onClick={() => toggle(item)}
                disabled={!selected && full}
              >
                {item}
              </ToggleChip>
            );
          })}
        </div>
      </div>
    </div>
  );
}
