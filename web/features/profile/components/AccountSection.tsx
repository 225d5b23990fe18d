import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { authClient } from "@web/lib/auth-client.ts";
import { ChangeEmailForm } from "./ChangeEmailForm.tsx";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";

export function AccountSection() {
  const { data: session } = authClient.useSession();
  const email = session?.user.email ?? "";
  return (
    <div className="flex flex-col gap-8">
      <p>Adresse e-mail actuelle : {email ? <EmailAddress email={email} className="font-bold" /> : "—"}</p>
      <ChangeEmailForm currentEmail={email} />
      <hr className="border-sand-200" />
      <ChangePasswordForm />
    </div>
  );
}
