import type { AdminVerificationRow } from "@domain/admin.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Pagination } from "@web/components/ui/Pagination.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { plural } from "@web/lib/format.ts";
import { ScanFace } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AdminPage } from "../shared/AdminPage.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { useListParams } from "../shared/list-params.ts";
import {
  useDecideVerification,
  useVerifications,
  VERIFICATIONS_LIST,
  type VerificationDecision,
  verificationsQuery,
} from "./api.ts";
import { likenessText, memberName, VerificationCard } from "./components/VerificationCard.tsx";

function QueueSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        Chargement des vérifications…
      </p>
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-96 w-full rounded-[var(--radius-card)] sm:h-72" />
      ))}
    </div>
  );
}

/**
 * /admin/verifications: the profile verifications the automatic decision left to an administrator
 * (uncertain likeness), oldest first. Each shows the selfie beside the profile photos; approving
 * sets the « Profil vérifié » badge, refusing tells the member the face did not match. The selfie
 * is erased once decided.
 */
export default function VerificationsPage() {
  const params = useListParams(VERIFICATIONS_LIST);
  const list = useVerifications(verificationsQuery(params.page, params.size));
  const decide = useDecideVerification();
  const { notice, success, failure } = useNotice();
  const [pending, setPending] = useState<{
    item: AdminVerificationRow;
    decision: VerificationDecision;
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

  const open = (item: AdminVerificationRow, decision: VerificationDecision) => {
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
          success(
            decision === "approve"
              ? `Vérification de ${name} approuvée : son profil porte désormais le badge « Profil vérifié ».`
              : `Vérification de ${name} refusée : le membre en verra le motif et pourra réessayer.`,
          );
        },
        onError: (error) => {
          // Decided by someone else meanwhile, or gone with the account: nothing left to decide here.
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
  const name = pending ? memberName(pending.item) : "";

  let content: ReactNode;
  if (list.isPending) content = <QueueSkeleton />;
  else if (!page)
    content = (
      <ErrorState
        title="Impossible de charger les vérifications"
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
        <EmptyState icon={ScanFace} title="Tout est à jour">
          Aucune vérification à examiner.
        </EmptyState>
      );
  else
    content = (
      <ul className="flex flex-col gap-4" aria-label="Vérifications à examiner">
        {page.data.map((item) => (
          <li key={item.id}>
            <VerificationCard verification={item} onDecide={(decision) => open(item, decision)} />
          </li>
        ))}
      </ul>
    );

  return (
    <AdminPage
      title="Vérifications"
      intro="Les vérifications de profil dont la ressemblance avec les photos était incertaine, les plus anciennes d'abord. Comparez le selfie aux photos du membre, puis décidez : le selfie est effacé dès la décision."
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
      <section aria-labelledby="verifications-queue" className="flex flex-col gap-4">
        <h2
          id="verifications-queue"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-teal-900 focus:outline-none"
        >
          {page
            ? plural(page.total, "vérification à examiner", "vérifications à examiner", "File d'attente")
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
            itemsLabel="vérifications"
            itemLabel="vérification"
          />
        )}
      </section>

      <ConfirmDialog
        open={pending?.decision === "approve"}
        onClose={close}
        title={`Approuver la vérification de ${name}`}
        confirmLabel="Approuver"
        pendingLabel="Enregistrement…"
        pending={decide.isPending}
        error={decide.isError ? errorMessage(decide.error) : null}
        onConfirm={confirm}
      >
        <p>
          Le selfie montre bien la personne des photos (ressemblance{" "}
          {pending ? likenessText(pending.item.likeness) : ""}) : le profil de {name} portera le badge
          « Profil vérifié ».
        </p>
        <p className="text-sm text-ink-soft">
          Le selfie est effacé ; l'empreinte du visage est gardée tant que le badge est valable, pour
          contrôler les changements de photo principale.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={pending?.decision === "refuse"}
        onClose={close}
        title={`Refuser la vérification de ${name}`}
        confirmLabel="Refuser"
        pendingLabel="Enregistrement…"
        tone="danger"
        pending={decide.isPending}
        error={decide.isError ? errorMessage(decide.error) : null}
        onConfirm={confirm}
      >
        <p>
          {name} n'aura pas le badge et lira que le visage filmé ne correspond pas à ses photos de profil. Le
          membre pourra refaire une vérification.
        </p>
        <p className="text-sm text-ink-soft">Le selfie et l'empreinte du visage sont effacés.</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
