import type { AdminPhotoReviewRow, PhotoReviewDecision } from "@domain/admin.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Pagination } from "@web/components/ui/Pagination.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { plural } from "@web/lib/format.ts";
import { Images } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AdminPage } from "../shared/AdminPage.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { useListParams } from "../shared/list-params.ts";
import { PHOTO_REVIEWS_LIST, photoReviewsQuery, useDecidePhotoReview, usePhotoReviews } from "./api.ts";
import { memberName, PhotoReviewCard } from "./components/PhotoReviewCard.tsx";

function QueueSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        Chargement des photos à vérifier…
      </p>
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-96 w-full rounded-[var(--radius-card)] sm:h-80" />
      ))}
    </div>
  );
}

/** What each decision's confirmation says, and what the page announces once it is done. */
const DECISIONS: Record<
  PhotoReviewDecision,
  {
    title: (name: string) => string;
    confirmLabel: string;
    pendingLabel: string;
    tone: "primary" | "danger";
    body: (item: AdminPhotoReviewRow, name: string) => ReactNode;
    done: (name: string) => string;
  }
> = {
  approve: {
    title: (name) => `Approuver la photo de ${name}`,
    confirmLabel: "Approuver",
    pendingLabel: "Enregistrement…",
    tone: "primary",
    body: (item, name) => (
      <>
        <p>La photo devient visible sur le profil public de {name}.</p>
        <p className="text-sm text-ink-soft">
          {item.reason === "reused"
            ? "Approuvez seulement si c'est bien sa photo, par exemple celle d'un ancien compte du même membre."
            : "Approuvez seulement si elle respecte les règles de la communauté."}
        </p>
      </>
    ),
    done: (name) => `Photo de ${name} approuvée : elle est désormais visible sur son profil.`,
  },
  remove: {
    title: (name) => `Retirer la photo de ${name}`,
    confirmLabel: "Retirer la photo",
    pendingLabel: "Suppression…",
    tone: "danger",
    body: (_item, name) => (
      <>
        <p>La photo est supprimée du profil de {name} et de nos serveurs.</p>
        <p className="text-sm text-ink-soft">Le compte reste actif, avec ses autres photos.</p>
      </>
    ),
    done: (name) => `Photo de ${name} retirée de son profil.`,
  },
  ban: {
    title: (name) => `Bannir le membre ${name}`,
    confirmLabel: "Bannir le membre",
    pendingLabel: "Bannissement…",
    tone: "danger",
    body: (_item, name) => (
      <>
        <p>
          Le compte de {name} est banni : toutes ses sessions sont fermées et le membre ne peut plus se
          connecter. La photo est supprimée.
        </p>
        <p className="text-sm text-ink-soft">Le bannissement peut être levé depuis la page du compte.</p>
      </>
    ),
    done: (name) => `Compte de ${name} banni et photo retirée.`,
  },
};

/**
 * /admin/photo-reviews: the photos screening held from public view at upload (issue 16), oldest
 * first: the same picture as another account's photo (shown side by side), or a photo the nudity
 * model found doubtful (with its score). Approving makes the photo public; removing deletes it;
 * banning closes the account and deletes the photo.
 */
export default function PhotoReviewsPage() {
  const params = useListParams(PHOTO_REVIEWS_LIST);
  const list = usePhotoReviews(photoReviewsQuery(params.page, params.size));
  const decide = useDecidePhotoReview();
  const { notice, success, failure } = useNotice();
  const [pending, setPending] = useState<{
    item: AdminPhotoReviewRow;
    decision: PhotoReviewDecision;
  } | null>(null);
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

  const open = (item: AdminPhotoReviewRow, decision: PhotoReviewDecision) => {
    decide.reset();
    setPending({ item, decision });
  };
  const close = () => setPending(null);

  const confirm = () => {
    if (!pending) return;
    const { item, decision } = pending;
    const name = memberName(item);
    decide.mutate(
      { id: item.id, decision },
      {
        // Called once the queue has been refreshed (api.ts): the card is gone by then.
        onSuccess: () => {
          close();
          setFocusQueue(true);
          success(DECISIONS[decision].done(name));
        },
        onError: (error) => {
          // Decided by someone else meanwhile, or the photo deleted by its member: nothing left to do.
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
  const dialog = pending ? DECISIONS[pending.decision] : null;
  const name = pending ? memberName(pending.item) : "";

  let content: ReactNode;
  if (list.isPending) content = <QueueSkeleton />;
  else if (!page)
    content = (
      <ErrorState
        title="Impossible de charger les photos à vérifier"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (page.data.length === 0)
    content =
      params.page > 1 ? (
        <div className="flex flex-col items-center gap-3 py-8">
          <p>Cette page est vide.</p>
          <Button variant="secondary" size="sm" onClick={() => params.setPage(1)}>
            Revenir à la première page
          </Button>
        </div>
      ) : (
        <EmptyState icon={Images} title="Tout est à jour">
          Aucune photo à vérifier.
        </EmptyState>
      );
  else
    content = (
      <ul className="flex flex-col gap-4" aria-label="Photos à vérifier">
        {page.data.map((item) => (
          <li key={item.id}>
            <PhotoReviewCard review={item} onDecide={(decision) => open(item, decision)} />
          </li>
        ))}
      </ul>
    );

  return (
    <AdminPage
      title="Photos à vérifier"
      intro="Les photos retenues à l'envoi, les plus anciennes d'abord : la même photo que sur un autre compte (une photo volée, souvent) ou une photo peut-être suggestive. Le membre la voit sur son profil, mais personne d'autre tant que vous n'avez pas décidé."
    >
      <LiveNotice notice={notice} />
      {list.isError && page && (
        <Alert tone="error" title="La liste n'a pas pu être mise à jour">
          <p>{errorMessage(list.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      <section aria-labelledby="photo-reviews-queue" className="flex flex-col gap-4">
        <h2
          id="photo-reviews-queue"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-teal-900 focus:outline-none"
        >
          {page
            ? plural(page.total, "photo à vérifier", "photos à vérifier", "File d'attente")
            : "File d'attente"}
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
            itemsLabel="photos"
            itemLabel="photo"
          />
        )}
      </section>

      <ConfirmDialog
        open={pending !== null}
        onClose={close}
        title={dialog?.title(name) ?? ""}
        confirmLabel={dialog?.confirmLabel ?? ""}
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
