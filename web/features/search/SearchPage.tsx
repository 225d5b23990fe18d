import { type LikeType, type PublicProfileDto, SEARCH_POOL_SIZE } from "@domain/discovery.ts";
import { deName, sentence } from "@domain/french.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { LoadMoreButton } from "@web/components/ui/LoadMoreButton.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { displayName, ProfileDetails, useRecordVisit } from "@web/features/members/index.ts";
import { PushInvitation } from "@web/features/notifications/index.ts";
import { FinishProfileBanner } from "@web/features/onboarding/index.ts";
import { useProfile } from "@web/features/profile/index.ts";
import {
  blockedNotice,
  ProfileSafetyActions,
  type SafetyTarget,
  safetyTargetOf,
  useMemberSafety,
} from "@web/features/safety/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { formatNumber, plural, quoted } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { useStableHandler } from "@web/lib/use-stable-handler.ts";
import { Heart, SearchX, UserRoundPen, X } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useReact, useSearch } from "./api.ts";
import { ProfileCard } from "./components/ProfileCard.tsx";
import { PRESENCE_SETTING_PATH, SearchFiltersForm } from "./components/SearchFiltersForm.tsx";
import { forgetSearchFilters, rememberedSearchParams, rememberSearchFilters } from "./remembered-filters.ts";
import {
  activeFilterCount,
  activeFilterNames,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  type SearchFilters,
  withoutPresence,
} from "./search-filters.ts";

const listFormat = new Intl.ListFormat("fr", { type: "conjunction" });

/** What to loosen when nothing matches, named as the form names it (« Vit en », la tranche d'âge…). */
function emptyHint(names: string[]): string {
  const these = names.length === 1 ? "ce critère" : "ces critères";
  return `Pour voir plus de membres, essayez d’assouplir ${these} : ${listFormat.format(names)}.`;
}

function ResultsSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Recherche des profils…
      </p>
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-[26rem] w-full rounded-[var(--radius-card)]" />
        ))}
      </div>
    </div>
  );
}

export default function SearchPage() {
  usePageTitle("Recherche");
  const [params, setParams] = useSearchParams();
  // /search with no query string at all starts from the filters last applied: they are searched
  // with at once, and written into the address (replacing it, so « Précédent » does not return to
  // the bare one) so that it can be bookmarked and shared like any other search.
  const remembered = useMemo(() => (params.toString() === "" ? rememberedSearchParams() : null), [params]);
  const filters = useMemo(() => filtersFromParams(remembered ?? params), [params, remembered]);
  /** The query string restored from the last visit, while the address still holds it. */
  const [restored, setRestored] = useState<string | null>(null);
  useEffect(() => {
    if (!remembered) return;
    setRestored(remembered.toString());
    setParams(remembered, { replace: true });
  }, [remembered, setParams]);
  const search = useSearch(filters);
  const react = useReact(filters);
  // Read by the « finish your profile » banner too: whether the member hides her own activity.
  const profile = useProfile();
  const presenceHidden = profile.data?.presenceHidden ?? false;
  const [open, setOpen] = useState<PublicProfileDto | null>(null);
  useRecordVisit(open?.userId);
  // A like that opened a conversation is said in the page, with a link to it — « C'est un match »
  // only when the other member had liked too; other confirmations are toasts, since the card
  // concerned has left the list.
  const [matchNotice, setMatchNotice] = useState<{ text: string; name: string; matchId: string } | null>(
    null,
  );
  const toast = useToast();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const safety = useMemberSafety({
    onBlocked: (target) => {
      toast.show({
        tone: "success",
        text: blockedNotice(target),
      });
      requestAnimationFrame(() => resultsHeading.current?.focus());
    },
  });
  const targetOf = safetyTargetOf;
  /** From the profile dialog: it closes, and the report or block dialog opens in its place. */
  const fromDialog = (action: (target: SafetyTarget) => void) => {
    if (!open) return;
    const target = targetOf(open);
    setOpen(null);
    action(target);
  };

  // The first results are drawn as a transition: when they arrive, React builds the cards in slices,
  // yielding to the browser between them, instead of one long task that would hold up a tap. Later
  // changes (a card liked away, the next page) show at once.
  const deferred = useDeferredValue(search.data);
  const results = deferred === undefined ? undefined : search.data;
  const drawing = results === undefined && search.data !== undefined;
  const profiles = results?.pages.flatMap((p) => p.data) ?? [];
  const first = results?.pages[0];
  const count = results?.pages.at(-1)?.count ?? 0;
  const capped = first?.countCapped ?? false;

  /** Applies filters and keeps them for the next visit (the defaults forget them: « Réinitialiser »). */
  const apply = useCallback(
    (f: SearchFilters) => {
      setMatchNotice(null);
      setRestored(null);
      const next = filtersToParams(f);
      if (next.toString() === "") forgetSearchFilters();
      else rememberSearchFilters(f);
      setParams(next);
    },
    [setParams],
  );
  const filtered = activeFilterCount(filters) > 0;
  const showRestored = restored !== null && restored === params.toString();

  /** After a card leaves the list, focus goes to the card now in its place (or the heading). */
  const focusAfterRemoval = (index: number) => {
    requestAnimationFrame(() => {
      const cards = document.querySelectorAll<HTMLElement>("[data-profile-card] h3 button");
      const target = cards[Math.min(index, cards.length - 1)];
      (target ?? resultsHeading.current)?.focus();
    });
  };

  const onReact = useStableHandler((member: PublicProfileDto, type: LikeType) => {
    const index = profiles.findIndex((p) => p.userId === member.userId);
    const name = displayName(member);
    setOpen(null);
    setMatchNotice(null);
    react.mutate(
      { userId: member.userId, type },
      {
        onSuccess: (result) => {
          if ("queued" in result)
            toast.show({
              tone: "info",
              text:
                type === "like"
                  ? `En attente de connexion : votre ${quoted("J’aime")} pour ${name} partira dès le retour du réseau.`
                  : `En attente de connexion : vous avez passé le profil ${deName(name)}, ce sera enregistré dès le retour du réseau.`,
            });
          else if (type === "reject")
            toast.show({ tone: "info", text: sentence(`Vous avez passé le profil ${deName(name)}`) });
          else if (result.matched && result.matchId)
            setMatchNotice({
              text: result.mutual
                ? `C’est un match avec ${name} ! Vous vous plaisez tous les deux.`
                : `Vous avez aimé ${name} : vous pouvez lui écrire.`,
              name,
              matchId: result.matchId,
            });
          else
            toast.show({ tone: "success", text: `Votre ${quoted("J’aime")} pour ${name} est enregistré.` });
        },
        onError: (err) =>
          toast.show({ tone: "error", text: `${name} est de retour dans la liste : ${errorMessage(err)}` }),
      },
    );
    focusAfterRemoval(index);
  });
  const onReport = useStableHandler((member: PublicProfileDto) => safety.report(targetOf(member)));
  const onBlock = useStableHandler((member: PublicProfileDto) => safety.block(targetOf(member)));

  const needsProfile =
    search.error instanceof ApiError &&
    (search.error.code === "PROFILE_INCOMPLETE" || search.error.code === "PROFILE_NOT_FOUND");
  // « En ligne récemment » or « Activité récente » while hiding one's activity (an old address, a
  // setting changed elsewhere): the API's message, and a way to search without them.
  const presenceRefused = search.error instanceof ApiError && search.error.code === "PRESENCE_HIDDEN";
  const { refetch: refetchProfile } = profile;
  useEffect(() => {
    // The setting was changed elsewhere: the form learns it too, and stops offering them.
    if (presenceRefused && !presenceHidden) void refetchProfile();
  }, [presenceRefused, presenceHidden, refetchProfile]);

  return (
    <>
      {/* Below, the results say it themselves when the profile lacks what search needs. */}
      {!needsProfile && <FinishProfileBanner />}
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr] lg:items-start">
        <SearchFiltersForm value={filters} onApply={apply} presenceHidden={presenceHidden} />

        <section aria-labelledby="resultats" className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2
              id="resultats"
              ref={resultsHeading}
              tabIndex={-1}
              className="text-xl font-bold text-teal-900 focus:outline-none"
            >
              {search.isSuccess
                ? capped
                  ? `${formatNumber(count)}+ profils`
                  : plural(count, "profil", "profils")
                : "Résultats"}
            </h2>
            {search.isFetching && !search.isPending && !search.isFetchingNextPage && (
              <span className="text-sm text-ink-soft" role="status">
                Mise à jour…
              </span>
            )}
          </div>

          {showRestored && (
            <div className="-mt-2 flex flex-wrap items-center gap-x-2 text-sm text-ink-soft">
              <p>Nous avons repris les filtres de votre dernière recherche.</p>
              <Button variant="ghost" size="sm" onClick={() => apply(DEFAULT_FILTERS)}>
                Effacer les filtres
              </Button>
            </div>
          )}

          <div aria-live="polite" className="empty:hidden">
            {matchNotice && (
              <Alert tone="success" className="items-center">
                <span>{matchNotice.text}</span>{" "}
                <Link
                  to={`/messages?match=${encodeURIComponent(matchNotice.matchId)}`}
                  className="font-semibold underline"
                >
                  Écrire à {matchNotice.name}
                </Link>
              </Alert>
            )}
          </div>
          {matchNotice && <PushInvitation />}

          {search.isPending || drawing ? (
            <ResultsSkeleton />
          ) : needsProfile ? (
            <EmptyState
              icon={UserRoundPen}
              title="Complétez votre profil"
              action={
                <Link to="/onboarding" className={buttonClasses("primary")}>
                  Compléter mon profil
                </Link>
              }
            >
              Indiquez au moins votre prénom et votre genre pour découvrir les profils qui vous correspondent.
            </EmptyState>
          ) : presenceRefused ? (
            <Alert tone="info" title="Votre activité est masquée">
              <p>{errorMessage(search.error)}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => apply(withoutPresence(filters))}>
                  Rechercher sans ces options
                </Button>
                <Link to={PRESENCE_SETTING_PATH} className={buttonClasses("ghost", "sm")}>
                  Modifier ce réglage
                </Link>
              </div>
            </Alert>
          ) : search.isError ? (
            <ErrorState
              title="La recherche n’a pas abouti"
              message={errorMessage(search.error)}
              onRetry={() => void search.refetch()}
              retrying={search.isRefetching}
            />
          ) : profiles.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={filtered ? "Aucun profil avec ces critères" : "Vous avez vu tous les profils"}
              action={
                filtered ? (
                  <Button variant="secondary" onClick={() => apply(DEFAULT_FILTERS)}>
                    Réinitialiser les filtres
                  </Button>
                ) : (
                  <Link to="/matches" className={buttonClasses("secondary")}>
                    Voir mes matchs
                  </Link>
                )
              }
            >
              {filtered
                ? emptyHint(activeFilterNames(filters))
                : "De nouveaux membres s’inscrivent chaque jour : revenez bientôt."}
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {profiles.map((member, i) => (
                  <li key={member.userId} className="render-when-visible flex">
                    <ProfileCard
                      member={member}
                      // Up to three cards show on the first screen (one column on phones).
                      priority={i < 3}
                      onOpen={setOpen}
                      onReact={onReact}
                      onReport={onReport}
                      onBlock={onBlock}
                    />
                  </li>
                ))}
              </ul>
              <LoadMoreButton list={search} />
              {filters.sort === "compatibility" && capped && !search.hasNextPage && (
                <p className="text-sm text-ink-soft">
                  Le tri par compatibilité classe les {formatNumber(SEARCH_POOL_SIZE)} profils les plus
                  récents de votre recherche. Pour voir les suivants, choisissez un autre tri.
                </p>
              )}
              {search.isFetchNextPageError && (
                <Alert tone="error">
                  Impossible de charger la suite. Réessayez avec {quoted("Voir plus")}.
                </Alert>
              )}
            </>
          )}
        </section>
      </div>

      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Profil ${deName(displayName(open))}` : ""}
        className="max-h-[92dvh] max-w-2xl overflow-y-auto"
        footer={
          open && (
            <>
              <Button variant="secondary" onClick={() => onReact(open, "reject")}>
                <X className="size-5" aria-hidden="true" />
                Passer
              </Button>
              <Button onClick={() => onReact(open, "like")}>
                <Heart className="size-5" aria-hidden="true" />
                J’aime
              </Button>
            </>
          )
        }
      >
        {open && (
          <>
            <ProfileDetails member={open} />
            <ProfileSafetyActions
              onReport={() => fromDialog((t) => safety.report(t))}
              onBlock={() => fromDialog((t) => safety.block(t))}
            />
          </>
        )}
      </Dialog>
      {safety.dialogs}
    </>
  );
}
