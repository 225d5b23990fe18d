import type { AdminProfileRow } from "@domain/admin.ts";
import { GENDER_LABELS } from "@domain/profile.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { formatDate } from "@web/lib/format.ts";
import { Link } from "react-router-dom";
import { AccountStatusPill } from "../users/columns.tsx";

export const profileName = (p: Pick<AdminProfileRow, "firstName" | "lastName" | "email">) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

export const PROFILE_COLUMNS: DataTableColumn<AdminProfileRow>[] = [
  {
    id: "name",
    header: "Prénom et nom",
    sortKey: "first_name",
    rowHeader: true,
    cell: (p) => (
      <div className="flex min-w-56 items-center gap-3">
        <span aria-hidden="true" className="shrink-0">
          <Avatar src={p.photos[0]?.thumbUrl} name={profileName(p)} size="sm" />
        </span>
        <div className="min-w-0">
          <Link
            to={`/admin/profiles/${encodeURIComponent(p.userId)}`}
            className="font-semibold text-teal-800 underline-offset-2 hover:underline"
          >
            {`${p.firstName} ${p.lastName}`.trim() || "Profil sans nom"}
          </Link>
          <EmailAddress email={p.email} className="block text-ink-soft" />
        </div>
      </div>
    ),
  },
  {
    // Gender and birth in one column keep the table within a laptop's width.
    id: "birth",
    header: "Genre et naissance",
    sortKey: "birth_date",
    className: "min-w-30",
    // The stored default date of an unconfirmed birth date is nobody's: neither it nor an age is shown.
    cell: (p) => (
      <>
        <span className="block">{p.gender ? GENDER_LABELS[p.gender] : "Genre non renseigné"}</span>
        {p.birthDateConfirmed && p.age !== null ? (
          <>
            <time dateTime={p.birthDate} className="block">
              {formatDate(`${p.birthDate}T12:00:00`)}
            </time>
            <span className="block text-ink-soft">{p.age} ans</span>
          </>
        ) : (
          <span className="block text-ink-soft">Naissance non confirmée</span>
        )}
      </>
    ),
  },
  { id: "country", header: "Pays", cell: (p) => p.country || "—" },
  { id: "status", header: "Statut", cell: (p) => <AccountStatusPill status={p.accountStatus} /> },
  { id: "photos", header: "Photos", className: "tabular-nums", cell: (p) => p.photos.length },
  {
    id: "updated",
    header: "Modifié le",
    sortKey: "updated_at",
    firstDir: "desc",
    className: "min-w-30",
    cell: (p) => <time dateTime={p.updatedAt}>{formatDate(p.updatedAt)}</time>,
  },
  {
    id: "created",
    header: "Créé le",
    sortKey: "created_at",
    firstDir: "desc",
    className: "min-w-30",
    cell: (p) => <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time>,
  },
];
