import type { DashboardDto } from "@domain/admin.ts";
import { GENDER_LABELS } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatNumber, formatTime, plural } from "@web/lib/format.ts";
import { Banknote, CreditCard, Images, type LucideIcon, ScanFace, Users } from "lucide-react";
import { Link } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { useAdminMe } from "../shared/admin-api.ts";
import { ACCOUNT_STATUS_LABELS } from "../shared/labels.ts";
import { useDashboard } from "./api.ts";
import { BarChart } from "./components/BarChart.tsx";
import { LatestActions } from "./components/LatestActions.tsx";
import { RevenueFigures } from "./components/RevenueFigures.tsx";
import { Breakdown, StatCard } from "./components/StatCard.tsx";

/**
 * The five figures: two a row, then three (the two review queues side by side on the second row),
 * then all five in one row on the widest screens.
 */
const FIGURES_GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5";

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        Chargement du tableau de bord…
      </p>
      <div className={FIGURES_GRID}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-32 w-full rounded-[var(--radius-card)]" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-56 w-full rounded-[var(--radius-card)]" />
        ))}
      </div>
      <Skeleton className="h-72 w-full rounded-[var(--radius-card)]" />
    </div>
  );
}

/** A review queue's length, with the way to it. */
function QueueCard({
  icon,
  label,
  count,
  to,
  reviewLabel,
}: {
  icon: LucideIcon;
  label: string;
  count: number;
  to: string;
  /** The link's text while the queue has cases. */
  reviewLabel: string;
}) {
  return (
    <StatCard icon={icon} label={label} value={formatNumber(count)}>
      <Link to={to} className="font-semibold text-teal-800 underline underline-offset-2">
        {count > 0 ? reviewLabel : "Voir la file d’attente"}
      </Link>
    </StatCard>
  );
}

function Dashboard({ d }: { d: DashboardDto }) {
  const m = d.members;
  return (
    <div className="flex flex-col gap-6">
      <div className={FIGURES_GRID}>
        <StatCard icon={Users} label="Membres" value={formatNumber(m.total)}>
          {plural(m.byStatus.subscribed, "abonné", "abonnés")}, {formatNumber(m.byStatus.trial)} en essai
        </StatCard>
        <StatCard icon={CreditCard} label="Abonnements actifs" value={formatNumber(d.activeSubscriptions)} />
        <StatCard
          icon={Banknote}
          label="Revenus ce mois-ci"
          value={<RevenueFigures revenue={d.revenueThisMonth} />}
        >
          Paiements reçus depuis le 1er du mois, remboursements déduits, par devise
          {d.openDisputes > 0 && (
            <Link
              to="/admin/subscriptions?view=payments&reversal=disputed"
              className="mt-1 block font-semibold text-teal-800 underline underline-offset-2"
            >
              {plural(d.openDisputes, "paiement contesté", "paiements contestés")} par la banque
            </Link>
          )}
        </StatCard>
        <QueueCard
          icon={ScanFace}
          label="Vérifications à examiner"
          count={d.pendingVerifications}
          to="/admin/verifications"
          reviewLabel="Examiner les selfies"
        />
        <QueueCard
          icon={Images}
          label="Photos à vérifier"
          count={d.pendingPhotoReviews}
          to="/admin/photo-reviews"
          reviewLabel="Examiner les photos"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Breakdown
          title="Par statut"
          items={(["trial", "subscribed", "expired"] as const).map((s) => ({
            label: ACCOUNT_STATUS_LABELS[s],
            count: m.byStatus[s] ?? 0,
          }))}
        />
        <Breakdown
          title="Par genre"
          items={[
            { label: `${GENDER_LABELS.female}s`, count: m.byGender.female },
            { label: `${GENDER_LABELS.male}s`, count: m.byGender.male },
            { label: "Non renseigné", count: m.byGender.unknown },
          ]}
        />
        <Breakdown
          title="Principaux pays"
          items={m.byCountry.map((c) => ({ label: c.country || "Non renseigné", count: c.count }))}
        />
      </div>

      <div className="grid gap-4 xl:grid-cols-2">
        <Card className="sm:p-5">
          <BarChart
            title="Inscriptions par jour (30 jours)"
            data={d.signupsPerDay}
            unit="inscriptions"
            unitOne="inscription"
          />
        </Card>
        <Card className="sm:p-5">
          <BarChart
            title="Messages par jour (30 jours)"
            data={d.messagesPerDay}
            unit="messages"
            unitOne="message"
          />
        </Card>
      </div>

      <section aria-labelledby="dernieres-actions" className="flex flex-col gap-3">
        <h2 id="dernieres-actions" className="text-xl font-bold text-teal-900">
          Dernières actions
        </h2>
        <LatestActions entries={d.latestActions} />
      </section>
      <p className="text-sm text-ink-soft">
        Chiffres calculés à {formatTime(d.figuresAt)} ; ils sont actualisés au plus une fois par minute.
      </p>
    </div>
  );
}

/** Outside production, TOTP is optional (ADMIN_TOTP_REQUIRED): said here while it is off. */
function OptionalSecondFactorNotice() {
  const me = useAdminMe();
  if (!me.data || me.data.twoFactorEnabled || me.data.twoFactorRequired) return null;
  return (
    <Alert tone="info" title="Double authentification facultative sur ce serveur" className="mb-6">
      En production, elle est obligatoire pour les administrateurs.{" "}
      <Link to="/admin/security" className="font-semibold underline underline-offset-4">
        L’activer maintenant
      </Link>
    </Alert>
  );
}

export default function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <AdminPage title="Tableau de bord" intro="L’activité de Passerelle en un coup d’œil.">
      <OptionalSecondFactorNotice />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <ErrorState
          title="Impossible de charger le tableau de bord"
          message={errorMessage(dashboard.error)}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <Dashboard d={dashboard.data} />
      )}
    </AdminPage>
  );
}
