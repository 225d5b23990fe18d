import type { AdminSubscriptionRow } from "@domain/admin.ts";
import { deName } from "@domain/french.ts";
import { DEFAULT_PLANS } from "@domain/subscriptions.ts";
import { Button } from "@web/components/ui/Button.tsx";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { FilterBar } from "../../shared/FilterBar.tsx";
import { FilterSelect, optionsOf } from "../../shared/FilterSelect.tsx";
import { ListView } from "../../shared/ListView.tsx";
import { SUBSCRIPTION_STATUS_LABELS } from "../../shared/labels.ts";
import { useListParams } from "../../shared/list-params.ts";
import { SearchBox } from "../../shared/SearchBox.tsx";
import { SUBSCRIPTIONS_LIST, useCancelSubscription, useSubscriptions } from "../api.ts";
import { SUBSCRIPTION_COLUMNS } from "../columns.tsx";
import { ExtendDialog } from "./ExtendDialog.tsx";
import { GrantForm } from "./GrantForm.tsx";

const PLAN_OPTIONS = DEFAULT_PLANS.map((p) => ({ value: p.id, label: p.label }));
const memberName = (s: AdminSubscriptionRow) => s.member.name || s.member.email;

/** The « Abonnements » tab: granting one, the list, extending and cancelling. */
export function SubscriptionsPanel({ onNotice }: { onNotice: (text: string) => void }) {
  const params = useListParams(SUBSCRIPTIONS_LIST);
  const subscriptions = useSubscriptions(params.query);
  const cancel = useCancelSubscription();
  const [extending, setExtending] = useState<AdminSubscriptionRow | null>(null);
  const [cancelling, setCancelling] = useState<AdminSubscriptionRow | null>(null);

  const columns = useMemo<DataTableColumn<AdminSubscriptionRow>[]>(
    () => [
      ...SUBSCRIPTION_COLUMNS,
      {
        id: "actions",
        header: "Actions",
        headerHidden: true,
        cell: (s) =>
          s.status === "active" ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setExtending(s)}>
                Prolonger <span className="sr-only">l’abonnement {deName(memberName(s))}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  cancel.reset();
                  setCancelling(s);
                }}
              >
                Annuler <span className="sr-only">l’abonnement {deName(memberName(s))}</span>
              </Button>
            </div>
          ) : null,
      },
    ],
    [cancel.reset],
  );

  return (
    <div className="flex flex-col gap-6">
      <GrantForm onNotice={onNotice} />
      <FilterBar label="Filtrer les abonnements">
        <SearchBox
          id="subscriptions-q"
          label="Rechercher"
          placeholder="E-mail ou nom du membre"
          value={params.q}
          onSearch={params.setQuery}
        />
        <FilterSelect
          id="subscriptions-status"
          label="Statut"
          allLabel="Tous les statuts"
          options={optionsOf(SUBSCRIPTION_STATUS_LABELS)}
          value={params.filters.status ?? ""}
          onChange={(v) => params.setFilter("status", v)}
        />
        <FilterSelect
          id="subscriptions-plan"
          label="Formule"
          allLabel="Toutes les formules"
          options={PLAN_OPTIONS}
          value={params.filters.plan ?? ""}
          onChange={(v) => params.setFilter("plan", v)}
        />
      </FilterBar>
      <ListView
        list={subscriptions}
        params={params}
        caption="Abonnements"
        columns={columns}
        rowKey={(s) => s.id}
        emptyText="Aucun abonnement pour le moment."
        errorTitle="Impossible de charger les abonnements"
        itemsLabel="abonnements"
        itemLabel="abonnement"
      />
      <ExtendDialog
        subscription={extending}
        onClose={() => setExtending(null)}
        onDone={(row) => {
          setExtending(null);
          onNotice(
            `L’abonnement ${deName(memberName(row))} est prolongé jusqu’au ${formatDate(row.endDate)}.`,
          );
        }}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Annuler l’abonnement"
        confirmLabel="Annuler l’abonnement"
        cancelLabel="Garder l’abonnement"
        pendingLabel="Annulation…"
        tone="danger"
        pending={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : null}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: (row) => {
              setCancelling(null);
              onNotice(`L’abonnement ${deName(memberName(row))} est annulé.`);
            },
          });
        }}
      >
        {cancelling && (
          <p>
            L’abonnement {deName(memberName(cancelling))}, prévu jusqu’au {formatDate(cancelling.endDate)},
            sera annulé. Aucun remboursement n’est effectué depuis cette page.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
