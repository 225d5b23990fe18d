// Where the invitation to install shows: in the flow of a page the member browses, above its content,
// so that it never covers what the member is using. It used to float over the bottom of every page,
// where it hid the verification's gesture prompt and « Annuler », the photo section and the search
// filters' « Ajouter » on a phone (issue 34). Never during a task: verification, payment, onboarding,
// a form, a conversation.
import { useLocation } from "react-router-dom";
import { InstallInvitation } from "./InstallInvitation.tsx";

/** The lists a member browses, where the invitation may sit above the content. */
export const INSTALL_PAGES: readonly string[] = ["/matches", "/visits"];

export function InstallSlot({ signedIn, hasNewMatch }: { signedIn: boolean; hasNewMatch: boolean }) {
  const { pathname } = useLocation();
  if (!INSTALL_PAGES.includes(pathname)) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 empty:hidden">
      <InstallInvitation signedIn={signedIn} hasNewMatch={hasNewMatch} />
    </div>
  );
}
