import { Input } from "@web/components/ui/Input.tsx";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  id: string;
  label: string;
  /** The value in the URL. */
  value: string;
  /** Called ~300 ms after typing stops. */
  onSearch: (value: string) => void;
  placeholder?: string;
  hint?: string;
  /** Shows the magnifier icon (off for fields like an id or an e-mail). */
  icon?: boolean;
  maxLength?: number;
}

/** A labelled text filter, debounced; follows the URL when it changes (back button, links). */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
  placeholder,
  hint,
  icon = true,
  maxLength = 100,
}: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = draft.trim();
      onSearchRef.current(draft.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        {icon && (
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-ink-soft"
            aria-hidden="true"
          />
        )}
        <Input
          id={id}
          type="search"
          value={draft}
          placeholder={placeholder}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          onChange={(e) => setDraft(e.target.value)}
          className={icon ? "pl-9" : undefined}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}
