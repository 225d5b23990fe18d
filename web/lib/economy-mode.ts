// « Mode économie de données » (issue 39): on this device, the app downloads only what the member
// asks for — no precached app, no preloaded pages or photos, one photo per profile until the member
// taps for more, smaller voice recordings and calls. The member's choice is kept on the device (a
// laptop on Wi-Fi and a phone on a bundle are not the same), and « Automatique » follows what the
// browser says: Save-Data (the phone's data saver) or a 2G/3G connection.
import { useSyncExternalStore } from "react";
import { localStore } from "./local-storage.ts";

export type EconomySetting = "auto" | "on" | "off";

const KEY = "passerelle.economy";

/** The Network Information API (Chromium-based browsers; absent in Safari and Firefox). */
interface Connection extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): Connection | undefined {
  if (typeof navigator === "undefined") return undefined;
  return (navigator as Navigator & { connection?: Connection }).connection;
}

/** What the browser says about the connection: the data saver, or a slow network. */
export function browserAsksForEconomy(conn: Connection | undefined = connection()): boolean {
  if (!conn) return false;
  return conn.saveData === true || ["slow-2g", "2g", "3g"].includes(conn.effectiveType ?? "");
}

export function economySetting(): EconomySetting {
  const stored = localStore()?.getItem(KEY);
  return stored === "on" || stored === "off" ? stored : "auto";
}

/** Whether economy mode applies now. */
export function economyActive(): boolean {
  const setting = economySetting();
  return setting === "on" || (setting === "auto" && browserAsksForEconomy());
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function setEconomySetting(setting: EconomySetting): void {
  try {
    if (setting === "auto") localStore()?.removeItem(KEY);
    else localStore()?.setItem(KEY, setting);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const conn = connection();
  conn?.addEventListener("change", listener);
  // Another tab changed the setting.
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    conn?.removeEventListener("change", listener);
    window.removeEventListener("storage", onStorage);
  };
}

export interface EconomyState {
  setting: EconomySetting;
  /** On now (the setting, or « Automatique » and a slow or data-saving connection). */
  active: boolean;
  /** « Automatique » and the browser asks for it. */
  browserAsks: boolean;
}

// One string per state, so that useSyncExternalStore compares snapshots by value.
const snapshot = () => `${economySetting()}|${economyActive()}|${browserAsksForEconomy()}`;

export function useEconomyMode(): EconomyState {
  const [setting, active, asks] = useSyncExternalStore(subscribe, snapshot, () => "auto|false|false").split(
    "|",
  );
  return { setting: setting as EconomySetting, active: active === "true", browserAsks: asks === "true" };
}

/** Subscribes to changes outside React (the service worker's registration). */
export const economyChanges = { subscribe };
