import { Alert } from "@web/components/ui/Alert.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useState } from "react";
import { Link } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { useAdminMe } from "../shared/admin-api.ts";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { type TotpSetup, useDisableTwoFactor, useEnableTwoFactor } from "./api.ts";
import { PasswordStep } from "./components/PasswordStep.tsx";
import { TotpSetupPanel } from "./components/TotpSetupPanel.tsx";

/** /admin/security: turn the admin's two-factor authentication (TOTP) on or off. */
export default function SecurityPage() {
  const me = useAdminMe();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const { notice, success, clear } = useNotice();

  return (
    <AdminPage
      title="Sécurité"
      intro="Protégez l’accès à l’administration avec un code à usage unique, en plus de votre mot de passe."
    >
      <LiveNotice notice={notice} />
      <Card className="flex flex-col gap-5 sm:p-6">
        <h2 className="text-xl font-bold text-teal-900">Double authentification</h2>
        {me.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <p role="status" className="sr-only">
              Chargement…
            </p>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-24 w-full max-w-md" />
          </div>
        ) : !me.data ? (
          <ErrorState
            title="Impossible de lire l’état de votre compte"
            message={errorMessage(me.error)}
            onRetry={() => void me.refetch()}
            retrying={me.isFetching}
          />
        ) : me.data.twoFactorEnabled && me.data.twoFactorRequired ? (
          <>
            <Alert tone="success" title="Activée">
              Un code de votre application vous est demandé à chaque connexion.
            </Alert>
            <p className="text-ink-soft">
              Elle est obligatoire pour les administrateurs et ne peut pas être désactivée. Gardez vos codes
              de secours en lieu sûr : ils remplacent votre téléphone si vous le perdez.
            </p>
            <p>
              <Link
                to="/admin/dashboard"
                className="font-semibold text-teal-800 underline underline-offset-4"
              >
                Aller au tableau de bord
              </Link>
            </p>
          </>
        ) : me.data.twoFactorEnabled ? (
          <>
            <Alert tone="success" title="Activée">
              Un code de votre application vous est demandé à chaque connexion.
            </Alert>
            <p className="text-ink-soft">
              Pour la désactiver, confirmez votre mot de passe. Vos codes de secours ne fonctionneront plus.
            </p>
            <PasswordStep
              id="disable-password"
              label="Mot de passe"
              submitLabel="Désactiver la double authentification"
              pendingLabel="Désactivation…"
              variant="danger"
              pending={disable.isPending}
              serverError={disable.isError ? errorMessage(disable.error) : null}
              onSubmit={(password) => {
                clear();
                disable.mutate(password, {
                  onSuccess: () => success("La double authentification est désactivée."),
                });
              }}
            />
          </>
        ) : setup ? (
          <TotpSetupPanel
            setup={setup}
            onCancel={() => setSetup(null)}
            onDone={() => {
              setSetup(null);
              success(
                "La double authentification est activée. Elle vous sera demandée à la prochaine connexion.",
              );
            }}
          />
        ) : (
          <>
            {me.data.twoFactorRequired ? (
              <Alert tone="error" title="Obligatoire avant tout accès">
                La double authentification est obligatoire pour les administrateurs. Activez-la pour accéder à
                l’administration.
              </Alert>
            ) : (
              <Alert tone="info" title="Désactivée">
                Seul votre mot de passe protège aujourd’hui l’accès à l’administration. Elle est facultative
                sur ce serveur de développement, obligatoire en production.
              </Alert>
            )}
            <p className="text-ink-soft">
              Pour commencer, confirmez votre mot de passe. Vous aurez besoin d’une application
              d’authentification sur votre téléphone.
            </p>
            <PasswordStep
              id="enable-password"
              label="Mot de passe"
              submitLabel="Configurer la double authentification"
              pendingLabel="Préparation…"
              pending={enable.isPending}
              serverError={enable.isError ? errorMessage(enable.error) : null}
              onSubmit={(password) => {
                clear();
                enable.mutate(password, { onSuccess: setSetup });
              }}
            />
          </>
        )}
      </Card>
    </AdminPage>
  );
}
