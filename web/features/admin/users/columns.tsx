import type { AdminUserRow } from "@domain/admin.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { formatDate } from "@web/lib/format.ts";
import { Link } from "react-router-dom";
import { ACCOUNT_STATUS_LABELS, ROLE_LABELS } from "../shared/labels.ts";
import { StatusPill } from "../shared/StatusPill.tsx";

export const userName = (u: Pick<AdminUserRow, "name" | "email">) => u.name.trim() || u.email;
export const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export function AccountStatusPill({ status }: { status: AdminUserRow["accountStatus"] }) {
  if (!status) return <StatusPill tone="neutral">Sans profil</StatusPill>;
  const tone = status === "subscribed" ? "success" : status === "expired" ? "warning" : "info";
  return <StatusPill tone={tone}>{ACCOUNT_STATUS_LABELS[status]}</StatusPill>;
}

export function RolePill({ role }: { role: AdminUserRow["role"] }) {
  return <StatusPill tone={role === "admin" ? "warning" : "neutral"}>{ROLE_LABELS[role]}</StatusPill>;
}

export const USER_COLUMNS: DataTableColumn<AdminUserRow>[] = [
  {
    id: "name",
    header: "Nom",
    sortKey: "name",
    rowHeader: true,
    cell: (u) => (
      <div className="flex min-w-40 items-center gap-3">
        <span aria-hidden="true" className="shrink-0">
          <Avatar src={u.photo?.thumbUrl} name={userName(u)} size="sm" />
        </span>
        <Link to={userPath(u.id)} className="font-semibold text-teal-800 underline-offset-2 hover:underline">
          {u.name.trim() || "Sans nom"}
        </Link>
      </div>
    ),
  },
  {
    id: "email",
    header: "E-mail",
    sortKey: "email",
    cell: (u) => <EmailAddress email={u.email} />,
  },
  { id: "role", header: "Rôle", cell: (u) => <RolePill role={u.role} /> },
  { id: "status", header: "Statut", cell: (u) => <AccountStatusPill status={u.accountStatus} /> },
  {
    id: "banned",
    header: "Bannissement",
    cell: (u) =>
      u.banned ? (
        <span className="flex flex-col items-start gap-1">
          <StatusPill tone="danger">Banni</StatusPill>
          {u.banReason && <span className="text-xs text-ink-soft">{u.banReason}</span>}
        </span>
      ) : (
        <span className="text-ink-soft">Non</span>
      ),
  },
  {
    id: "created",
    header: "Inscription",
    sortKey: "created_at",
    firstDir: "desc",
    className: "min-w-30",
    cell: (u) => <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>,
  },
];
