import type { AdminLoginResult } from "@domain/admin.ts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "@web/components/ui/Alert.tsx";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ADMIN_ME_KEY } from "../shared/admin-api.ts";
import { storeAdminUser } from "../shared/admin-storage.ts";
import { adminTarget } from "./api.ts";
import { CredentialsForm } from "./CredentialsForm.tsx";
import { TwoFactorForm } from "./TwoFactorForm.tsx";

/** /admin/login: e-mail and password, then a TOTP code when the admin turned it on. */
export default function AdminLoginPage() {
  usePageTitle("Connexion · Administration");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirected = params.has("redirect");
  const [step, setStep] = useState<"credentials" | "code">("credentials");

  const onResult = (result: AdminLoginResult) => {
    if (result.status === "two-factor-required") {
      setStep("code");
      return;
    }
    storeAdminUser(result.admin);
    queryClient.setQueryData(ADMIN_ME_KEY, result.admin);
    navigate(adminTarget(params.get("redirect")), { replace: true });
  };

  return (
    <main id="contenu" className="flex min-h-dvh flex-col items-center bg-sand-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <p className="mb-4 flex items-center justify-center gap-2 text-sm font-semibold tracking-widest text-teal-800 uppercase">
          <ShieldCheck className="size-5" aria-hidden="true" />
          Passerelle · Administration
        </p>
        <section className="rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-teal-900 sm:text-3xl">
            {step === "code" ? "Double authentification" : "Connexion à l’administration"}
          </h1>
          <div className="mt-6 flex flex-col gap-5">
            {redirected && step === "credentials" && (
              <Alert tone="info">Veuillez vous connecter pour accéder à l’administration.</Alert>
            )}
            {step === "credentials" ? (
              <CredentialsForm onResult={onResult} />
            ) : (
              <TwoFactorForm onResult={onResult} onBack={() => setStep("credentials")} />
            )}
          </div>
        </section>
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-teal-700 underline underline-offset-2"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Retour au site
          </Link>
        </p>
      </div>
    </main>
  );
}
