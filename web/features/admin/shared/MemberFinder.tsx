// Finding a member where an administrator is asked for one (issue 34): a name, part of one, an
// e-mail or an id, then a choice among the accounts the users list finds — never an id to copy
// from another page. Keyboard: the field, then each result is a button in tab order.
import type { AdminUserRow } from "@domain/admin.ts";
import { useQuery } from "@tanstack/react-query";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { FieldError } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { call, cancelledBy, errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useEffect, useState } from "react";
import { ADMIN_KEY, adminApi } from "./admin-api.ts";
import { SEARCH_DEBOUNCE_MS } from "./SearchBox.tsx";

/** Results shown at most: a few names to choose from, not a list to browse. */
export const FINDER_RESULTS = 5;

export type FoundMember = Pick<AdminUserRow, "id" | "email" | "name" | "photo">;

interface Props {
  id: string;
  label: string;
  selected: FoundMember | null;
  onSelect: (member: FoundMember | null) => void;
  error?: string | undefined;
}

export function MemberFinder({ id, label, selected, onSelect, error }: Props) {
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const found = useQuery({
    queryKey: [...ADMIN_KEY, "member-finder", q],
    queryFn: ({ signal }) =>
      call(adminApi.users.$get({ query: { q, size: String(FINDER_RESULTS) } }, cancelledBy(signal))),
    enabled: q.length >= 2 && selected === null,
  });
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;

  if (selected)
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="font-medium text-ink">{label}</span>
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-teal-700 bg-teal-50 px-3 py-2">
          <Avatar src={selected.photo?.thumbUrl} name={selected.name || selected.email} size="sm" alt="" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-teal-900">{selected.name || selected.email}</p>
            <EmailAddress email={selected.email} className="block text-sm text-ink-soft" />
          </div>
          <Button variant="ghost" size="sm" onClick={() => onSelect(null)}>
            Changer <span className="sr-only">de membre</span>
          </Button>
        </div>
      </div>
    );

  const results = found.data?.data ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={draft}
        placeholder="Nom ou e-mail"
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(e) => setDraft(e.target.value)}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        Un nom ou une partie, une adresse e-mail ou un identifiant, puis choisissez le membre.
      </p>
      <FieldError id={errorId} message={error} />
      <div aria-live="polite">
        {q.length < 2 ? null : found.isPending ? (
          <Spinner label="Recherche des membres…" className="size-5 text-teal-700" />
        ) : found.isError ? (
          <p className="text-sm text-danger-700">{errorMessage(found.error)}</p>
        ) : results.length === 0 ? (
          <p className="text-sm text-ink-soft">Aucun membre ne correspond à {quoted(q)}.</p>
        ) : (
          <ul
            aria-label="Membres trouvés"
            className="flex flex-col divide-y divide-sand-200 rounded-xl border border-sand-200"
          >
            {results.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => onSelect(m)}
                  className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-sand-100 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-500"
                >
                  <Avatar src={m.photo?.thumbUrl} name={m.name || m.email} size="sm" alt="" />
                  <span className="min-w-0">
                    <span className="block font-semibold text-teal-900">{m.name || m.email}</span>
                    <EmailAddress email={m.email} className="block text-sm text-ink-soft" />
                  </span>
                  <span className="sr-only">: choisir ce membre</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
