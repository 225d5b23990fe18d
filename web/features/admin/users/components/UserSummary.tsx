import type { AdminUserDetail } from "@domain/admin.ts";
import { GENDER_LABELS } from "@domain/profile.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { formatDate, formatNumber, quoted } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { formatDateTime } from "../../shared/labels.ts";
import { StatusPill } from "../../shared/StatusPill.tsx";
import { AccountStatusPill, RolePill, userName } from "../columns.tsx";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

export function UserSummary({ user }: { user: AdminUserDetail }) {
  const name = userName(user);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:p-5">
        <Avatar src={user.photo?.thumbUrl} name={name} size="lg" />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-lg font-semibold">
            <EmailAddress email={user.email} />
          </p>
          <div className="flex flex-wrap gap-2">
            <RolePill role={user.role} />
            <AccountStatusPill status={user.accountStatus} />
            {user.banned && <StatusPill tone="danger">Banni</StatusPill>}
            {!user.emailVerified && <StatusPill tone="neutral">E-mail non vérifié</StatusPill>}
          </div>
          {user.banned && user.banReason && (
            <p className="text-sm">
              <span className="font-semibold">Motif du bannissement :</span> {quoted(user.banReason)}
            </p>
          )}
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="sm:p-5">
          <h2 className="mb-3 text-lg font-bold text-teal-900">Informations</h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label="Inscription">{formatDate(user.createdAt)}</Fact>
            <Fact label="Dernière connexion">
              {user.lastSessionAt ? formatDateTime(user.lastSessionAt) : "Jamais"}
            </Fact>
            <Fact label="Genre">{user.gender ? GENDER_LABELS[user.gender] : "Non renseigné"}</Fact>
            <Fact label="Pays">{user.country || "Non renseigné"}</Fact>
            <Fact label="Abonnement">
              {user.subscriptionEndsAt ? `Jusqu’au ${formatDate(user.subscriptionEndsAt)}` : "Aucun"}
            </Fact>
            <Fact label="Identifiant">
              <code className="text-sm break-all">{user.id}</code>
            </Fact>
          </dl>
        </Card>
        <Card className="sm:p-5">
          <h2 className="mb-3 text-lg font-bold text-teal-900">Activité</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={`${quoted("J’aime")} donnés`}>{formatNumber(user.counts.likesGiven)}</Fact>
            <Fact label="Matchs">{formatNumber(user.counts.matches)}</Fact>
            <Fact label="Messages envoyés">{formatNumber(user.counts.messagesSent)}</Fact>
            <Fact label="Signalements reçus">{formatNumber(user.counts.reportsReceived)}</Fact>
          </dl>
        </Card>
      </div>
    </div>
  );
}
