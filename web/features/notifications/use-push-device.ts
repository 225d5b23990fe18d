// What this device does about push notifications, for the preferences' « Notifications sur cet
// appareil » column: read once when shown (never asking anything), then changed by the buttons.
import { errorMessage } from "@web/lib/api.ts";
import { useCallback, useEffect, useState } from "react";
import { savePushSubscription } from "./api.ts";
import { currentPushSubscription, disablePush, enablePush, pushSupport } from "./push.ts";

export type PushDeviceStatus =
  | "checking"
  /** The browser cannot (no service worker, PushManager or Notification). */
  | "unsupported"
  /** The server does not send push notifications (no VAPID key). */
  | "unavailable"
  /** The member blocked notifications for the site: only the browser's settings can undo it. */
  | "denied"
  | "off"
  | "on";

function permission(): NotificationPermission {
  return Notification.permission;
}

export function usePushDevice(pushKey: string | null) {
  const [status, setStatus] = useState<PushDeviceStatus>("checking");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupport()) return setStatus("unsupported");
    if (!pushKey) return setStatus("unavailable");
    if (permission() === "denied") return setStatus("denied");
    let live = true;
    currentPushSubscription()
      .then((subscription) => {
        if (!live) return;
        const on = subscription !== null && permission() === "granted";
        setStatus(on ? "on" : "off");
        // The server may have dropped it (too many devices, another member signed in here since):
        // telling it again is harmless, and keeps « activées » true.
        if (on) void savePushSubscription(subscription.toJSON()).catch(() => undefined);
      })
      .catch(() => live && setStatus("off"));
    return () => {
      live = false;
    };
  }, [pushKey]);

  const run = useCallback(async (action: () => Promise<unknown>, after: PushDeviceStatus) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setStatus(after);
    } catch (err) {
      // Blocked at the prompt: the « denied » explanation says what to do, no error on top of it.
      if (permission() === "denied") setStatus("denied");
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    status,
    busy,
    error,
    enable: () => (pushKey ? run(() => enablePush(pushKey), "on") : Promise.resolve()),
    disable: () => run(disablePush, "off"),
  };
}
