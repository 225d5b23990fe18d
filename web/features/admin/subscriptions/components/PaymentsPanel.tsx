import { PROVIDER_LABELS, PROVIDER_NAMES } from "@domain/payments.ts";
import { FilterBar } from "../../shared/FilterBar.tsx";
import { FilterSelect, optionsOf } from "../../shared/FilterSelect.tsx";
import { ListView } from "../../shared/ListView.tsx";
import { CURRENCY_LABELS, PAYMENT_REVERSAL_LABELS, PAYMENT_STATUS_LABELS } from "../../shared/labels.ts";
import { useListParams } from "../../shared/list-params.ts";
import { SearchBox } from "../../shared/SearchBox.tsx";
import { PAYMENTS_LIST, usePayments } from "../api.ts";
import { PAYMENT_COLUMNS } from "../payment-columns.tsx";

const PROVIDER_OPTIONS = PROVIDER_NAMES.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }));

/** The « Paiements » tab: every payment attempt and where it stands, newest first (read-only). */
export function PaymentsPanel() {
  const params = useListParams(PAYMENTS_LIST);
  const payments = usePayments(params.query);

  return (
    <div className="flex flex-col gap-6">
      <p className="text-ink-soft">
        Chaque tentative de paiement des membres, par carte ou par mobile money, et son état chez le
        prestataire. Un paiement confirmé ouvre l’abonnement correspondant ; cette liste est en lecture seule.
      </p>
      <FilterBar label="Filtrer les paiements">
        <SearchBox
          id="payments-q"
          label="Rechercher"
          placeholder="E-mail, nom ou référence"
          hint="Une référence se saisit en entier, telle que le prestataire l’affiche."
          value={params.q}
          onSearch={params.setQuery}
        />
        <FilterSelect
          id="payments-status"
          label="Statut"
          allLabel="Tous les statuts"
          options={optionsOf(PAYMENT_STATUS_LABELS)}
          value={params.filters.status ?? ""}
          onChange={(v) => params.setFilter("status", v)}
        />
        <FilterSelect
          id="payments-provider"
          label="Prestataire"
          allLabel="Tous les prestataires"
          options={PROVIDER_OPTIONS}
          value={params.filters.provider ?? ""}
          onChange={(v) => params.setFilter("provider", v)}
        />
        <FilterSelect
          id="payments-currency"
          label="Devise"
          allLabel="Toutes les devises"
          options={optionsOf(CURRENCY_LABELS)}
          value={params.filters.currency ?? ""}
          onChange={(v) => params.setFilter("currency", v)}
        />
        <FilterSelect
          id="payments-reversal"
          label="Après paiement"
          allLabel="Tous"
          options={optionsOf(PAYMENT_REVERSAL_LABELS)}
          value={params.filters.reversal ?? ""}
          onChange={(v) => params.setFilter("reversal", v)}
        />
      </FilterBar>
      <ListView
        list={payments}
        params={params}
        caption="Paiements"
        columns={PAYMENT_COLUMNS}
        rowKey={(p) => p.id}
        emptyText="Aucun paiement pour le moment."
        errorTitle="Impossible de charger les paiements"
        itemsLabel="paiements"
        itemLabel="paiement"
      />
    </div>
  );
}
