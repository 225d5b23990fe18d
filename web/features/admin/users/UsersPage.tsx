import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { FilterBar } from "../shared/FilterBar.tsx";
import { FilterSelect, optionsOf } from "../shared/FilterSelect.tsx";
import { ListView } from "../shared/ListView.tsx";
import { LiveNotice, type Notice } from "../shared/LiveNotice.tsx";
import { ACCOUNT_STATUS_LABELS, ROLE_LABELS } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { SearchBox } from "../shared/SearchBox.tsx";
import { USERS_LIST, useUsers } from "./api.ts";
import { USER_COLUMNS } from "./columns.tsx";

const BANNED_OPTIONS = [
  { value: "true", label: "Bannis" },
  { value: "false", label: "Non bannis" },
];

/**
 * A deletion on the detail page comes back here with its confirmation in the history state; it is
 * shown once, then dropped from the state so that going back and forth does not repeat it.
 */
function useArrivalNotice(): Notice | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as { notice?: Notice } | null)?.notice ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (notice)
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, []);
  return notice;
}

export default function UsersPage() {
  const params = useListParams(USERS_LIST);
  const users = useUsers(params.query);
  const notice = useArrivalNotice();

  return (
    <AdminPage title="Utilisateurs" intro="Les comptes des membres et des administrateurs.">
      <LiveNotice notice={notice} />
      <FilterBar label="Filtrer les utilisateurs">
        <SearchBox
          id="users-q"
          label="Rechercher"
          placeholder="E-mail ou nom"
          value={params.q}
          onSearch={params.setQuery}
        />
        <FilterSelect
          id="users-status"
          label="Statut"
          allLabel="Tous les statuts"
          value={params.filters.status ?? ""}
          onChange={(v) => params.setFilter("status", v)}
          options={optionsOf(ACCOUNT_STATUS_LABELS)}
        />
        <FilterSelect
          id="users-role"
          label="Rôle"
          allLabel="Tous les rôles"
          value={params.filters.role ?? ""}
          onChange={(v) => params.setFilter("role", v)}
          options={optionsOf(ROLE_LABELS)}
        />
        <FilterSelect
          id="users-banned"
          label="Bannissement"
          allLabel="Tous les comptes"
          value={params.filters.banned ?? ""}
          onChange={(v) => params.setFilter("banned", v)}
          options={BANNED_OPTIONS}
        />
      </FilterBar>
      <ListView
        list={users}
        params={params}
        caption="Utilisateurs"
        columns={USER_COLUMNS}
        rowKey={(u) => u.id}
        emptyText="Aucun utilisateur pour le moment."
        errorTitle="Impossible de charger les utilisateurs"
        itemsLabel="utilisateurs"
        itemLabel="utilisateur"
      />
    </AdminPage>
  );
}
