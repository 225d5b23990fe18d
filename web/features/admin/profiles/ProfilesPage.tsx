import { ACCOUNT_STATUSES } from "@domain/constants.ts";
import { ALL_COUNTRIES } from "@domain/countries.ts";
import { GENDER_LABELS } from "@domain/profile.ts";
import { AdminPage } from "../shared/AdminPage.tsx";
import { FilterBar } from "../shared/FilterBar.tsx";
import { FilterSelect, optionsOf } from "../shared/FilterSelect.tsx";
import { ListView } from "../shared/ListView.tsx";
import { ACCOUNT_STATUS_LABELS } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { SearchBox } from "../shared/SearchBox.tsx";
import { PROFILES_LIST, useProfiles } from "./api.ts";
import { PROFILE_COLUMNS } from "./columns.tsx";

const COUNTRY_OPTIONS = [...ALL_COUNTRIES]
  .sort((a, b) => a.localeCompare(b, "fr"))
  .map((c) => ({ value: c, label: c }));
const STATUS_OPTIONS = ACCOUNT_STATUSES.map((s) => ({ value: s, label: ACCOUNT_STATUS_LABELS[s] }));
const PHOTO_OPTIONS = [
  { value: "true", label: "Avec photo" },
  { value: "false", label: "Sans photo" },
];

export default function ProfilesPage() {
  const params = useListParams(PROFILES_LIST);
  const profiles = useProfiles(params.query);
  const filter = (name: string) => ({
    value: params.filters[name] ?? "",
    onChange: (v: string) => params.setFilter(name, v),
  });

  return (
    <AdminPage title="Profils" intro="Les profils des membres : photos et informations, à modérer si besoin.">
      <FilterBar label="Filtrer les profils">
        <SearchBox
          id="profiles-q"
          label="Rechercher"
          placeholder="Prénom, nom ou e-mail"
          value={params.q}
          onSearch={params.setQuery}
        />
        <FilterSelect
          id="profiles-gender"
          label="Genre"
          allLabel="Tous"
          options={optionsOf(GENDER_LABELS)}
          {...filter("gender")}
        />
        <FilterSelect
          id="profiles-status"
          label="Statut"
          allLabel="Tous les statuts"
          options={STATUS_OPTIONS}
          {...filter("status")}
        />
        <FilterSelect
          id="profiles-country"
          label="Pays"
          allLabel="Tous les pays"
          options={COUNTRY_OPTIONS}
          {...filter("country")}
        />
        <FilterSelect
          id="profiles-photo"
          label="Photo"
          allLabel="Avec ou sans photo"
          options={PHOTO_OPTIONS}
          {...filter("hasPhoto")}
        />
      </FilterBar>
      <ListView
        list={profiles}
        params={params}
        caption="Profils"
        columns={PROFILE_COLUMNS}
        rowKey={(p) => p.userId}
        emptyText="Aucun profil pour le moment."
        errorTitle="Impossible de charger les profils"
        itemsLabel="profils"
        itemLabel="profil"
      />
    </AdminPage>
  );
}
