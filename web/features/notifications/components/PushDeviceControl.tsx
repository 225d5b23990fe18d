import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { quoted } from "@web/lib/format.ts";
import { BellOff, BellRing } from "lucide-react";
import { usePushDevice } from "../use-push-device.ts";

/**
 * The state of this device in the « Notifications sur cet appareil » column, and the button that
 * turns them on (the browser asks its permission then, on the member's click) or off.
 */
export function PushDeviceControl({ pushKey }: { pushKey: string | null }) {
  const device = usePushDevice(pushKey);
  return (
    <div aria-live="polite" className="flex flex-col gap-3 text-sm">
      {device.status === "checking" && (
        <>
          <p className="sr-only">Vérification de cet appareil…</p>
          <Skeleton className="h-11 w-full" />
        </>
      )}
      {device.status === "unsupported" && (
        <Alert tone="info">
          <p>Votre navigateur ne permet pas les notifications.</p>
          <p className="mt-1">
            Sur iPhone et iPad, ajoutez d’abord Passerelle à l’écran d’accueil (bouton Partager, puis{" "}
            {quoted("Sur l’écran d’accueil")}), puis ouvrez Passerelle depuis cette icône. Vos choix
            ci-dessous valent pour vos autres appareils.
          </p>
        </Alert>
      )}
      {device.status === "unavailable" && (
        <Alert tone="info">Les notifications sur appareil ne sont pas disponibles pour le moment.</Alert>
      )}
      {device.status === "denied" && (
        <Alert tone="info" title="Notifications bloquées sur cet appareil">
          <p>
            Vous avez refusé les notifications de Passerelle dans ce navigateur. Pour les autoriser, ouvrez
            les réglages du site (l’icône à gauche de l’adresse, ou le menu du navigateur sur téléphone),
            choisissez {quoted("Autoriser")} pour les notifications, puis rechargez la page.
          </p>
        </Alert>
      )}
      {device.status === "off" && (
        <>
          <p className="flex items-center gap-2 text-ink-soft">
            <BellOff className="size-4 shrink-0" aria-hidden="true" />
            Pas encore activées sur cet appareil.
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="sm:w-fit"
            loading={device.busy}
            loadingText="Activation…"
            onClick={() => void device.enable()}
          >
            Activer sur cet appareil
          </Button>
        </>
      )}
      {device.status === "on" && (
        <>
          <p className="flex items-center gap-2 font-medium text-success-700">
            <BellRing className="size-4 shrink-0" aria-hidden="true" />
            Activées sur cet appareil.
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="sm:w-fit"
            loading={device.busy}
            loadingText="Désactivation…"
            onClick={() => void device.disable()}
          >
            Désactiver sur cet appareil
          </Button>
        </>
      )}
      {device.error && <Alert tone="error">{device.error}</Alert>}
    </div>
  );
}
