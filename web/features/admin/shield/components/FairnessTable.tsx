import type { ShieldFairnessDto } from "@domain/responses/shield.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatNumber, formatPercent } from "@web/lib/format.ts";
import { useShieldFairness } from "../api.ts";

type Row = ShieldFairnessDto["byOrigin"][number];

const share = (r: Row) => formatPercent(Math.round(r.share * 1000) / 10);

function columns(country: string): DataTableColumn<Row>[] {
  return [
    { id: "country", header: country, cell: (r) => r.country, rowHeader: true },
    { id: "members", header: "Membres", cell: (r) => formatNumber(r.members), className: "tabular-nums" },
    {
      id: "restricted",
      header: "Restreints",
      cell: (r) => formatNumber(r.restricted),
      className: "tabular-nums",
    },
    { id: "share", header: "Part", cell: share, className: "tabular-nums" },
  ];
}

/**
 * Who the shield restricts, by country of origin and of residence (issue 36): a rule that falls on
 * one country shows at once, beside the share of all members.
 */
export function FairnessTable() {
  const fairness = useShieldFairness();
  if (fairness.isError)
    return (
      <ErrorState
        title="Impossible de charger le tableau d’équité"
        message={errorMessage(fairness.error)}
        onRetry={() => void fairness.refetch()}
      />
    );
  const overall = fairness.data?.overall;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink-soft">
        Restreint : compte en attente ou à vérifier, ou message retenu ces 30 derniers jours.
        {overall && (
          <>
            {" "}
            Sur l’ensemble : {formatNumber(overall.restricted)} membres sur {formatNumber(overall.members)} (
            {share(overall)}).
          </>
        )}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <DataTable
          caption="Par pays d’origine"
          columns={columns("Pays d’origine")}
          rows={fairness.data?.byOrigin}
          rowKey={(r) => r.country}
          loading={fairness.isPending}
          empty="Aucun membre."
        />
        <DataTable
          caption="Par pays de résidence"
          columns={columns("Pays de résidence")}
          rows={fairness.data?.byResidence}
          rowKey={(r) => r.country}
          loading={fairness.isPending}
          empty="Aucun membre."
        />
      </div>
    </div>
  );
}
