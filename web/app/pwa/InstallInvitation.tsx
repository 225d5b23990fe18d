import { Button } from "@web/components/ui/Button.tsx";
import { useMediaQuery } from "@web/lib/use-media-query.ts";
import { MonitorDown, Smartphone } from "lucide-react";
import { useInstallInvitation } from "./install.ts";
import { PwaBanner } from "./PwaBanner.tsx";

/** « Installer Passerelle sur votre téléphone », at the moment install-rule.ts chooses. */
export function InstallInvitation({ signedIn, hasNewMatch }: { signedIn: boolean; hasNewMatch: boolean }) {
  const { show, install, later } = useInstallInvitation({ signedIn, hasNewMatch });
  // Chromium offers installation on computers too: say which device the app goes on.
  const phone = useMediaQuery("(pointer: coarse)");
  if (!show) return null;
  return (
    <PwaBanner
      icon={phone ? Smartphone : MonitorDown}
      title={phone ? "Installer Passerelle sur votre téléphone" : "Installer Passerelle sur votre ordinateur"}
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={later}>
            Pas maintenant
          </Button>
          <Button size="sm" onClick={() => void install()}>
            Installer
          </Button>
        </>
      }
    >
      Retrouvez vos matchs et vos messages en un geste, comme une application, sans ouvrir le navigateur.
    </PwaBanner>
  );
}
