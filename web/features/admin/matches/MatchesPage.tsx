import type { AdminMatchRow } from "@domain/admin.ts";
import { Button } from "@web/components/ui/Button.tsx";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate, formatNumber } from "@web/lib/format.ts";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { FilterBar } from "../shared/FilterBar.tsx";
import { FilterSelect, optionsOf } from "../shared/FilterSelect.tsx";
import { ListView } from "../shared/ListView.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { MATCH_STATUS_LABELS } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { MemberCell } from "../shared/MemberCell.tsx";
import { SearchBox } from "../shared/SearchBox.tsx";
import { StatusPill } from "../shared/StatusPill.tsx";
import { MATCHES_LIST, useMatches, useRejectMatch } from "./api.ts";

const REJECTED_BY: Record<NonNullable<AdminMatchRow["rejectedBy"]>, string> = {
  user1: "par le premier membre",
  user2: "par le second membre",
  admin: "par l’équipe",
};

const pairName = (m: AdminMatchRow) => `${m.user1.name || m.user1.email} et ${m.user2.name || m.user2.email}`;

export default function MatchesPage() {
  const params = useListParams(MATCHES_LIST);
  const matches = useMatches(params.query);
  const reject = useRejectMatch();
  const { notice, success } = useNotice();
  const [target, setTarget] = useState<AdminMatchRow | null>(null);

  const columns = useMemo<DataTableColumn<AdminMatchRow>[]>(
    () => [
      {
        // One column for the pair keeps the table within a laptop's width.
        id: "members",
        header: "Membres",
        cell: (m) => (
          <div className="flex flex-col gap-2">
            <MemberCell member={m.user1} />
            <span className="sr-only">et</span>
            <MemberCell member={m.user2} />
          </div>
        ),
      },
      {
        id: "status",
        header: "Statut",
        cell: (m) => (
          <span className="flex flex-col items-start gap-1">
            <StatusPill tone={m.status === "accepted" ? "success" : "neutral"}>
              {MATCH_STATUS_LABELS[m.status]}
            </StatusPill>
            {m.status === "rejected" && m.rejectedBy && (
              <span className="text-xs text-ink-soft">{REJECTED_BY[m.rejectedBy]}</span>
            )}
          </span>
        ),
      },
      {
        id: "created",
        header: "Créé le",
        sortKey: "created_at",
        firstDir: "desc",
        className: "min-w-30",
        cell: (m) => <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>,
      },
      {
        id: "updated",
        header: "Modifié le",
        sortKey: "updated_at",
        firstDir: "desc",
        className: "min-w-30",
        cell: (m) => <time dateTime={m.updatedAt}>{formatDate(m.updatedAt)}</time>,
      },
      {
        id: "messages",
        header: "Messages",
        cell: (m) =>
          m.messages > 0 ? (
            <Link
              to={`/admin/messages?matchId=${encodeURIComponent(m.id)}`}
              className="font-semibold text-teal-700 underline tabular-nums"
            >
              {formatNumber(m.messages)} <span className="sr-only">messages entre {pairName(m)}</span>
            </Link>
          ) : (
            <span className="tabular-nums">0</span>
          ),
      },
      {
        id: "actions",
        header: "Actions",
        headerHidden: true,
        cell: (m) =>
          m.status === "accepted" ? (
            <Button
              variant="secondary"
              size="sm"
              className="whitespace-nowrap"
              onClick={() => {
                reject.reset();
                setTarget(m);
              }}
            >
              Passer en rejeté <span className="sr-only">: {pairName(m)}</span>
            </Button>
          ) : null,
      },
    ],
    [reject.reset],
  );

  return (
    <AdminPage title="Matchs" intro="Les mises en relation entre membres, acceptées ou rejetées.">
      <LiveNotice notice={notice} />
      <FilterBar label="Filtrer les matchs">
        <SearchBox
          id="matches-member"
          label="Membre"
          placeholder="Nom ou e-mail"
          hint="Un nom ou une partie, une adresse e-mail complète ou un identifiant."
          icon={false}
          maxLength={254}
          value={params.filters.member ?? ""}
          onSearch={(v) => params.setFilter("member", v)}
        />
        <FilterSelect
          id="matches-status"
          label="Statut"
          allLabel="Tous les statuts"
          options={optionsOf(MATCH_STATUS_LABELS)}
          value={params.filters.status ?? ""}
          onChange={(v) => params.setFilter("status", v)}
        />
      </FilterBar>
      <ListView
        list={matches}
        params={params}
        caption="Matchs"
        columns={columns}
        rowKey={(m) => m.id}
        emptyText="Aucun match pour le moment."
        errorTitle="Impossible de charger les matchs"
        itemsLabel="matchs"
        itemLabel="match"
      />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Passer le match en rejeté"
        confirmLabel="Passer en rejeté"
        pendingLabel="Enregistrement…"
        tone="danger"
        pending={reject.isPending}
        error={reject.isError ? errorMessage(reject.error) : null}
        onConfirm={() => {
          if (!target) return;
          reject.mutate(target.id, {
            onSuccess: () => {
              success(`Le match entre ${pairName(target)} est rejeté.`);
              setTarget(null);
            },
          });
        }}
      >
        {target && (
          <p>
            Le match entre {pairName(target)} sera rejeté : leur conversation sera fermée et ils ne se verront
            plus dans leurs matchs.
          </p>
        )}
      </ConfirmDialog>
    </AdminPage>
  );
}
