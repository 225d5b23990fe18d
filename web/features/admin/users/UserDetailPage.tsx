import { useParams } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { useAdminMe } from "../shared/admin-api.ts";
import { BackLink, DetailError, DetailSkeleton } from "../shared/DetailStates.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { useAdminUser } from "./api.ts";
import { userName } from "./columns.tsx";
import { UserActions } from "./components/UserActions.tsx";
import { UserSummary } from "./components/UserSummary.tsx";

/** /admin/users/:id: an account, its activity and the moderation actions. */
export default function UserDetailPage() {
  const id = useParams().id ?? "";
  const user = useAdminUser(id);
  const me = useAdminMe();
  const { notice, success } = useNotice();

  return (
    <AdminPage
      title={user.data ? userName(user.data) : "Utilisateur"}
      actions={<BackLink to="/admin/users" label="Tous les utilisateurs" />}
    >
      <LiveNotice notice={notice} />
      {user.isPending ? (
        <DetailSkeleton label="Chargement de l’utilisateur…" />
      ) : !user.data ? (
        <DetailError
          error={user.error}
          notFoundTitle="Utilisateur introuvable"
          errorTitle="Impossible de charger cet utilisateur"
          backTo="/admin/users"
          backLabel="Revenir aux utilisateurs"
          onRetry={() => void user.refetch()}
          retrying={user.isFetching}
        />
      ) : (
        <>
          <UserSummary user={user.data} />
          <UserActions user={user.data} self={me.data?.id === user.data.id} onNotice={success} />
        </>
      )}
    </AdminPage>
  );
}
