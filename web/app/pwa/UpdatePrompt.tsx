import { Button } from "@web/components/ui/Button.tsx";
import { RefreshCw } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { PwaBanner } from "./PwaBanner.tsx";
import { applyUpdate, postponeUpdate, updateStatus } from "./register.ts";

/** « Nouvelle version disponible »: shown while a new version of the app waits (register.ts). */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateStatus.subscribe, updateStatus.waiting, () => false);
  const [updating, setUpdating] = useState(false);
  if (!waiting) return null;
  return (
    <PwaBanner
      icon={RefreshCw}
      title="Nouvelle version disponible"
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={postponeUpdate} disabled={updating}>
            Plus tard
          </Button>
          <Button
            size="sm"
            loading={updating}
            loadingText="Mise à jour…"
            onClick={() => {
              setUpdating(true);
              void applyUpdate();
            }}
          >
            Mettre à jour
          </Button>
        </>
      }
    >
      Une nouvelle version de Passerelle est prête. Mettez à jour pour en profiter.
    </PwaBanner>
  );
}
