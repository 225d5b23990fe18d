// What a subscription would open, shown to a member without one (issue 34): how many members the
// search finds for them, and a row of them, blurred — an initial, the age, the country and the badge
// (GET /api/search/teaser gives no more). On the plans page and at the end of the guided profile.
import type { SearchTeaserDto } from "@domain/discovery.ts";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ProfileVerifiedBadge } from "@web/features/members/index.ts";
import { formatNumber, plural } from "@web/lib/format.ts";
import { UserRound } from "lucide-react";
import { useId } from "react";
import { useSearchTeaser } from "../api.ts";

function countText(t: SearchTeaserDto): string {
  if (t.countCapped) return `Plus de ${formatNumber(t.count)} membres correspondent à ce que vous cherchez`;
  return `${plural(t.count, "membre correspond", "membres correspondent")} à ce que vous cherchez`;
}

export function SearchTeaser() {
  const teaser = useSearchTeaser();
  const titleId = useId();
  // Something to look forward to, never in the way: nothing at all when it cannot be read.
  if (teaser.isError) return null;
  if (teaser.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          Chargement des membres qui vous correspondent…
        </p>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  const t = teaser.data;
  // Never in the way of the plans: an answer of another shape (an older server) shows nothing.
  if (!t || !Array.isArray(t.members) || t.count === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-xl font-bold text-teal-900">
        {countText(t)}
      </h2>
      <p className="text-ink-soft">
        Abonnez-vous pour voir leurs profils en entier, leur écrire et recevoir leurs messages.
      </p>
      {/* Scrolls sideways on a phone: focusable, so that the keyboard scrolls it too. */}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
        tabIndex={0}
        className="flex gap-3 overflow-x-auto rounded-xl pb-2 focus-visible:outline-3 focus-visible:outline-teal-500"
        aria-label="Quelques-uns de ces membres, floutés"
      >
        {t.members.map((m, i) => (
          // The cards carry nothing that identifies a member: their place is their key.
          <li
            key={i}
            className="w-32 shrink-0 overflow-hidden rounded-[var(--radius-card)] border border-sand-200 bg-white shadow-sm"
          >
            <div className="relative aspect-[4/5] overflow-hidden bg-sand-200">
              {m.preview ? (
                <img src={m.preview} alt="" className="size-full scale-125 object-cover blur-md" />
              ) : (
                <UserRound className="m-auto size-full p-6 text-sand-300" aria-hidden="true" />
              )}
            </div>
            <div className="flex flex-col gap-1 p-2 text-sm">
              <span className="font-semibold text-teal-900">
                {m.initial}, {m.age} ans
              </span>
              <span className="truncate text-ink-soft">{m.country}</span>
              {m.profileVerified && <ProfileVerifiedBadge className="self-start" />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
