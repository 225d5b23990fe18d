import { AGE_MAX, AGE_MIN, LIST_MAX_ITEMS } from "@domain/constants.ts";
import { SEARCH_SORT_HINTS, SEARCH_SORT_LABELS, SEARCH_SORTS, type SearchSort } from "@domain/discovery.ts";
import { PRESENCE } from "@domain/presence.ts";
import { INTEREST_SUGGESTIONS, LANGUAGE_SUGGESTIONS, LOOKING_FOR_OPTIONS } from "@domain/profile.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { ToggleChip } from "@web/components/ui/ToggleChip.tsx";
import { quoted } from "@web/lib/format.ts";
import { useMediaQuery } from "@web/lib/use-media-query.ts";
import { SlidersHorizontal } from "lucide-react";
import { type FormEvent, memo, useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  type SearchFilters,
  withoutPresence,
} from "../search-filters.ts";
import { PlacePicker } from "./PlacePicker.tsx";

const AGES = Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, i) => AGE_MIN + i);

/** The suggestions, then any other chosen item (from an address), so that each can be unselected. */
const chipsOf = (suggestions: readonly string[], chosen: string[]) => [
  ...suggestions,
  ...chosen.filter((c) => !suggestions.includes(c)),
];

interface ChipFieldsetProps {
  id: string;
  legend: string;
  hint: string;
  suggestions: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** « Au moins un en commun » lists: toggle chips, LIST_MAX_ITEMS at most (as the API accepts). */
function ChipFieldset({ id, legend, hint, suggestions, value, onChange }: ChipFieldsetProps) {
  const full = value.length >= LIST_MAX_ITEMS;
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="mb-1 font-medium text-ink">{legend}</legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-ink-soft">
        {hint}
      </p>
      <div className="flex flex-wrap gap-2">
        {chipsOf(suggestions, value).map((item) => {
          const selected = value.includes(item);
          return (
            <ToggleChip
              key={item}
              selected={selected}
              disabled={!selected && full}
              onClick={() => onChange(selected ? value.filter((i) => i !== item) : [...value, item])}
            >
              {item}
            </ToggleChip>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Where « Masquer mon activité » is changed. */
export const PRESENCE_SETTING_PATH = "/profile?rubrique=vie-privee";

/** Why an option that shows others' activity is not offered, and where to change that. */
function PresenceHiddenHint({ children }: { children: string }) {
  return (
    <>
      {children}{" "}
      <Link to={PRESENCE_SETTING_PATH} className="font-semibold text-teal-800 underline">
        Modifier ce réglage
      </Link>
    </>
  );
}

interface Props {
  value: SearchFilters;
  onApply: (filters: SearchFilters) => void;
  /**
   * The member hides her own activity (« Masquer mon activité »): « En ligne récemment » and the
   * « Activité récente » order, which the API would refuse, are not offered.
   */
  presenceHidden?: boolean;
}

/** The search filters; on small screens they fold behind a « Filtres » button. */
/** Memoised: the page re-renders when results arrive, which changes nothing here. */
export const SearchFiltersForm = memo(function SearchFiltersForm({
  value,
  onApply,
  presenceHidden = false,
}: Props) {
  const [draft, setDraft] = useState(value);
  const [open, setOpen] = useState(false);
  // Folded on phones, where its fields (two lists of 82 ages, every interest) are not even built
  // until asked for: a fifth of the page's elements otherwise, rendered for nothing.
  const wide = useMediaQuery("(min-width: 64rem)");
  const panelId = useId();
  const active = activeFilterCount(value);
  useEffect(() => setDraft(value), [value]);

  // What shows others' activity is left out, even when an old address still holds it.
  const shown = presenceHidden ? withoutPresence(draft) : draft;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(shown);
    setOpen(false);
  };
  const set = <K extends keyof SearchFilters>(key: K, v: SearchFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: v }));
  const toggleLookingFor = (option: (typeof LOOKING_FOR_OPTIONS)[number], on: boolean) =>
    setDraft((d) => ({
      ...d,
      // Kept in the order of the options, as the address reads them back.
      lookingFor: LOOKING_FOR_OPTIONS.filter((o) => (o === option ? on : d.lookingFor.includes(o))),
    }));
  const setAge = (which: "ageMin" | "ageMax", n: number) =>
    setDraft((d) => {
      const next = { ...d, [which]: n };
      // Keep the range ordered: moving one end past the other moves both.
      if (next.ageMin > next.ageMax) {
        if (which === "ageMin") next.ageMax = n;
        else next.ageMin = n;
      }
      return next;
    });

  return (
    <section
      aria-labelledby={`${panelId}-title`}
      className="rounded-[var(--radius-card)] border border-sand-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${panelId}-title`} className="text-lg font-bold text-teal-900">
          Filtres
        </h2>
        <button
          type="button"
          className="relative inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-teal-700 px-4 font-semibold text-teal-800 hover:bg-teal-50 lg:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {open ? "Masquer" : "Modifier"}
          {/* A space of its own: the name would not take one from the hidden span's edges. */}
          {active > 0 && " "}
          {active > 0 && (
            <span className="sr-only">({active === 1 ? "1 filtre actif" : `${active} filtres actifs`})</span>
          )}
          {active > 0 && (
            <span
              aria-hidden="true"
              className="rounded-full bg-brand-700 px-1.5 text-xs leading-5 text-white"
            >
              {active}
            </span>
          )}
        </button>
      </div>

      <form
        id={panelId}
        onSubmit={submit}
        className={cn("mt-4 flex-col gap-5", open ? "flex" : "hidden lg:flex")}
      >
        {(open || wide) && (
          <>
            <Field
              id={`${panelId}-sort`}
              label="Trier par"
              hint={
                presenceHidden ? (
                  <PresenceHiddenHint>
                    {`${quoted(SEARCH_SORT_LABELS.activity)} n’est pas disponible : vous masquez votre activité.`}
                  </PresenceHiddenHint>
                ) : (
                  SEARCH_SORT_HINTS[shown.sort]
                )
              }
            >
              {(control) => (
                <Select
                  {...control}
                  value={shown.sort}
                  onChange={(e) => set("sort", e.target.value as SearchSort)}
                >
                  {SEARCH_SORTS.map((sort) => (
                    <option key={sort} value={sort} disabled={presenceHidden && sort === "activity"}>
                      {SEARCH_SORT_LABELS[sort]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>

            <fieldset className="grid grid-cols-2 gap-3">
              <legend className="mb-2 font-medium text-ink">Âge</legend>
              {(["ageMin", "ageMax"] as const).map((which) => (
                <Field key={which} id={`${panelId}-${which}`} label={which === "ageMin" ? "De" : "À"}>
                  {(control) => (
                    <Select
                      {...control}
                      value={draft[which]}
                      onChange={(e) => setAge(which, Number(e.target.value))}
                    >
                      {AGES.map((a) => (
                        <option key={a} value={a}>
                          {a} ans
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ))}
            </fieldset>

            <PlacePicker
              id={`${panelId}-livesIn`}
              label="Vit en"
              hint="Un continent, une région ou un pays ; plusieurs choix possibles."
              value={draft.livesIn}
              onChange={(v) => set("livesIn", v)}
            />
            <PlacePicker
              id={`${panelId}-from`}
              label="Originaire de"
              hint="Le pays d’origine du profil ou, s’il n’est pas indiqué, celui où vit le membre."
              value={draft.from}
              onChange={(v) => set("from", v)}
            />

            <fieldset>
              <legend className="mb-1 font-medium text-ink">Recherche</legend>
              {LOOKING_FOR_OPTIONS.map((option, i) => (
                <Checkbox
                  key={option}
                  id={`${panelId}-lookingFor-${i}`}
                  label={option}
                  checked={draft.lookingFor.includes(option)}
                  onChange={(e) => toggleLookingFor(option, e.target.checked)}
                />
              ))}
            </fieldset>

            <div className="flex flex-col">
              <Checkbox
                id={`${panelId}-photo`}
                label="Avec photo"
                checked={draft.withPhoto}
                onChange={(e) => set("withPhoto", e.target.checked)}
              />
              <Checkbox
                id={`${panelId}-verified`}
                label="Profils vérifiés uniquement"
                checked={draft.verified}
                onChange={(e) => set("verified", e.target.checked)}
              />
              <Checkbox
                id={`${panelId}-active`}
                label="En ligne récemment"
                checked={shown.active}
                disabled={presenceHidden}
                aria-describedby={`${panelId}-active-hint`}
                onChange={(e) => set("active", e.target.checked)}
              />
              <p id={`${panelId}-active-hint`} className="-mt-1 pl-9 text-sm text-ink-soft">
                {presenceHidden ? (
                  <PresenceHiddenHint>Indisponible : vous masquez votre activité.</PresenceHiddenHint>
                ) : (
                  `Membres actifs ces ${PRESENCE.WEEK_DAYS} derniers jours.`
                )}
              </p>
            </div>

            <ChipFieldset
              id={`${panelId}-languages`}
              legend="Langues parlées"
              hint="Au moins une en commun avec les profils affichés."
              suggestions={LANGUAGE_SUGGESTIONS}
              value={draft.languages}
              onChange={(v) => set("languages", v)}
            />
            <ChipFieldset
              id={`${panelId}-interests`}
              legend="Centres d’intérêt"
              hint="Au moins un en commun avec les profils affichés."
              suggestions={INTEREST_SUGGESTIONS}
              value={draft.interests}
              onChange={(v) => set("interests", v)}
            />

            <div className="flex flex-wrap gap-3">
              <Button type="submit">Rechercher</Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft(DEFAULT_FILTERS);
                  onApply(DEFAULT_FILTERS);
                  setOpen(false);
                }}
              >
                Réinitialiser
              </Button>
            </div>
          </>
        )}
      </form>
    </section>
  );
});
