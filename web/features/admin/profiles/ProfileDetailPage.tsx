import { PHOTO_MAX_COUNT } from "@domain/constants.ts";
import { deName } from "@domain/french.ts";
import { Card } from "@web/components/ui/Card.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { formatDate } from "@web/lib/format.ts";
import { Link, useParams } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { BackLink, DetailError, DetailSkeleton } from "../shared/DetailStates.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { AccountStatusPill } from "../users/columns.tsx";
import { useAdminProfile } from "./api.ts";
import { profileName } from "./columns.tsx";
import { AdminProfileForm } from "./components/AdminProfileForm.tsx";
import { PhotoGallery } from "./components/PhotoGallery.tsx";

/** /admin/profiles/:userId: photos (moderation) and the profile's fields. */
export default function ProfileDetailPage() {
  const userId = useParams().userId ?? "";
  const profile = useAdminProfile(userId);
  const { notice, success } = useNotice();
  const row = profile.data;
  const name = row ? profileName(row) : "Profil";

  return (
    <AdminPage
      title={row ? `Profil ${deName(name)}` : "Profil"}
      actions={<BackLink to="/admin/profiles" label="Tous les profils" />}
    >
      <LiveNotice notice={notice} />
      {profile.isPending ? (
        <DetailSkeleton label="Chargement du profil…" />
      ) : !row ? (
        <DetailError
          error={profile.error}
          notFoundTitle="Profil introuvable"
          errorTitle="Impossible de charger ce profil"
          backTo="/admin/profiles"
          backLabel="Revenir aux profils"
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <>
          <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 sm:p-5">
            <p className="font-semibold">
              <EmailAddress email={row.email} />
            </p>
            <AccountStatusPill status={row.accountStatus} />
            <p className="text-sm text-ink-soft">
              Créé le {formatDate(row.createdAt)}, modifié le {formatDate(row.updatedAt)}
            </p>
            <Link
              to={`/admin/users/${encodeURIComponent(row.userId)}`}
              className="font-semibold text-teal-700 underline underline-offset-2"
            >
              Voir le compte
            </Link>
          </Card>
          <Card className="flex flex-col gap-4 sm:p-5">
            <h2 className="text-lg font-bold text-teal-900">
              Photos ({row.photos.length} sur {PHOTO_MAX_COUNT})
            </h2>
            <PhotoGallery userId={row.userId} photos={row.photos} name={name} onNotice={success} />
          </Card>
          <Card className="flex flex-col gap-4 sm:p-5">
            <h2 className="text-lg font-bold text-teal-900">Informations du profil</h2>
            <p className="text-sm text-ink-soft">
              Les règles sont celles du formulaire des membres ; seuls les champs modifiés sont enregistrés.
            </p>
            <AdminProfileForm key={row.userId} row={row} />
          </Card>
        </>
      )}
    </AdminPage>
  );
}
