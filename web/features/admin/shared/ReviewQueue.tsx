import type { AdminList, MemberRef } from "@domain/admin.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import { cn } from "@web/components/ui/cn.ts";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Pagination } from "@web/components/ui/Pagination.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { plural } from "@web/lib/format.ts";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AdminPage } from "./AdminPage.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { EmptyPage, RefreshFailed } from "./ListView.tsx";
import { LiveNotice, useNotice } from "./LiveNotice.tsx";
import type { ListParams } from "./list-params.ts";
import { memberName } from "./MemberCell.tsx";
import { type ReviewAction, ReviewCard, type ReviewFact } from "./ReviewCard.tsx";

/** A decision on a case: its button on the card, its confirmation, and what is announced once done. */
export interface ReviewDecision<T, D extends string> extends ReviewAction<D> {
  /** The confirm button's tone (a destructive decision may keep a secondary button on the card). */
  tone: "primary" | "danger";
  /** Announced on the confirm button while the decision is sent, e.g. « Enregistrement… ». */
  pendingLabel: string;
  /** What the decision will do, in the confirmation. */
  body: (item: T, name: string) => ReactNode;
  /** Announced once it is done. */
  done: (name: string) => string;
}

/** The decision's mutation (api.ts), which refreshes the queue before its callbacks run. */
export interface DecideMutation<D extends string> {
  mutate: (
    variables: { id: string; decision: D },
    callbacks: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/** The queue's wording, singular and plural where counted. */
export interface ReviewQueueText {
  /** The id of the queue's heading. */
  headingId: string;
  /** The heading's count: « vérification à examiner », « vérifications à examiner ». */
  count: readonly [one: string, many: string];
  /** The list's accessible name. */
  list: string;
  loading: string;
  loadError: string;
  /** Under « Tout est à jour » when the queue is empty. */
  empty: string;
  /** The pagination's items: « vérification », « vérifications ». */
  items: readonly [one: string, many: string];
}

interface ReviewQueueProps<T extends { id: string; member: MemberRef }, D extends string> {
  title: string;
  intro: ReactNode;
  list: UseQueryResult<AdminList<T>>;
  params: ListParams;
  decide: DecideMutation<D>;
  /** In the order of the card's buttons, the main decision last. */
  decisions: readonly ReviewDecision<T, D>[];
  text: ReviewQueueText;
  emptyIcon: LucideIcon;
  /** The card's accessible name, e.g. « Vérification de Kofi Mensah ». */
  cardLabel: (name: string) => string;
  facts: (item: T) => readonly ReviewFact[];
  /** What the administrator compares, between the member and the buttons. */
  evidence: (item: T, name: string) => ReactNode;
  /** The loading placeholders' height on wide screens, near a card's. */
  skeletonClassName?: string;
}

/**
 * An admin review queue (the cases the server left to an administrator, oldest first, a page at a
 * time): its heading with the count, the cards, the loading, empty and error states, and each
 * decision confirmed in a dialog, then announced. A decided card leaves the queue; keyboard focus
 * goes to the queue's heading. A case decided meanwhile by someone else (409) or gone (404) closes
 * the dialog with the server's message; any other failure stays in the dialog, to retry.
 */
export function ReviewQueue<T extends { id: string; member: MemberRef }, D extends string>({
  title,
  intro,
  list,
  params,
  decide,
  decisions,
  text,
  emptyIcon,
  cardLabel,
  facts,
  evidence,
  skeletonClassName,
}: ReviewQueueProps<T, D>) {
  const { notice, success, failure } = useNotice();
  const [pending, setPending] = useState<{ item: T; decision: D } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The decided card leaves the queue: keyboard focus goes to the queue's heading once the dialog
  // has closed (the dialog gives it back to its opener, which is gone).
  const [focusQueue, setFocusQueue] = useState(false);
  useEffect(() => {
    if (focusQueue && !pending) {
      headingRef.current?.focus();
      setFocusQueue(false);
    }
  }, [focusQueue, pending]);

  const open = (item: T, decision: D) => {
    decide.reset();
    setPending({ item, decision });
  };
  const close = () => setPending(null);
  const decisionOf = (decision: D) => decisions.find((d) => d.decision === decision);

  const confirm = () => {
    if (!pending) return;
    const { item, decision } = pending;
    const name = memberName(item.member);
    decide.mutate(
      { id: item.id, decision },
      {
        // Called once the queue has been refreshed (api.ts): the card is gone by then.
        onSuccess: () => {
          close();
          setFocusQueue(true);
          const done = decisionOf(decision)?.done(name);
          if (done) success(done);
        },
        onError: (error) => {
          // Decided by someone else meanwhile, or gone with the account or the photo: nothing left
          // to decide here.
          if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
            close();
            setFocusQueue(true);
            failure(errorMessage(error));
          }
        },
      },
    );
  };

  const page = list.data;
  const dialog = pending ? decisionOf(pending.decision) : undefined;
  const name = pending ? memberName(pending.item.member) : "";

  let content: ReactNode;
  if (list.isPending)
    content = (
      <div aria-busy="true" className="flex flex-col gap-4">
        <p role="status" className="sr-only">
          {text.loading}
        </p>
        {[0, 1].map((i) => (
          <Skeleton key={i} className={cn("h-96 w-full rounded-[var(--radius-card)]", skeletonClassName)} />
        ))}
      </div>
    );
  else if (!page)
    content = (
      <ErrorState
        title={text.loadError}
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (page.data.length === 0)
    content =
      params.page > 1 ? (
        <EmptyPage className="py-8" onFirstPage={() => params.setPage(1)} />
      ) : (
        <EmptyState icon={emptyIcon} title="Tout est à jour">
          {text.empty}
        </EmptyState>
      );
  else
    content = (
      <ul className="flex flex-col gap-4" aria-label={text.list}>
        {page.data.map((item) => {
          const itemName = memberName(item.member);
          return (
            <li key={item.id}>
              <ReviewCard
                label={cardLabel(itemName)}
                member={item.member}
                facts={facts(item)}
                actions={decisions}
                onDecide={(decision) => open(item, decision)}
              >
                {evidence(item, itemName)}
              </ReviewCard>
            </li>
          );
        })}
      </ul>
    );

  return (
    <AdminPage title={title} intro={intro}>
      <LiveNotice notice={notice} />
      {list.isError && page && <RefreshFailed list={list} />}
      <section aria-labelledby={text.headingId} className="flex flex-col gap-4">
        <h2
          id={text.headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-teal-900 focus:outline-none"
        >
          {page ? plural(page.total, text.count[0], text.count[1], "File d’attente") : "File d’attente"}
        </h2>
        <p role="status" className="sr-only">
          {list.isFetching && !list.isPending ? "Mise à jour de la liste…" : ""}
        </p>
        {content}
        {page && page.total > page.size && (
          <Pagination
            page={params.page}
            size={params.size}
            total={page.total}
            totalCapped={page.totalCapped}
            onPageChange={params.setPage}
            itemsLabel={text.items[1]}
            itemLabel={text.items[0]}
          />
        )}
      </section>

      <ConfirmDialog
        open={pending !== null}
        onClose={close}
        title={dialog?.title(name) ?? ""}
        confirmLabel={dialog?.label ?? ""}
        pendingLabel={dialog?.pendingLabel}
        tone={dialog?.tone}
        pending={decide.isPending}
        error={decide.isError ? errorMessage(decide.error) : null}
        onConfirm={confirm}
      >
        {pending && dialog?.body(pending.item, name)}
      </ConfirmDialog>
    </AdminPage>
  );
}
