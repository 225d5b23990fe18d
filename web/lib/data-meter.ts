// The data meter (issue 39): « Passerelle a utilisé 12 Mo sur cet appareil ce mois-ci », counted
// on the device from the browser's own figures. Every page of the app adds what its requests
// really transferred (Resource Timing's transferSize: headers and compressed body; 0 for what came
// from the cache or the service worker), and asks the service worker what its own downloads cost
// (web/sw.ts answers « data-used »). The sum is kept per calendar month in localStorage.
import { useSyncExternalStore } from "react";
import { localStore } from "./local-storage.ts";

const KEY = "passerelle.data-used";
/** Flushed to storage at most this often, and when the page is hidden. */
const FLUSH_MS = 10_000;

interface Record {
  /** "2026-11" */
  month: string;
  bytes: number;
}

export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

function read(now = new Date()): Record {
  try {
    const raw = JSON.parse(localStore()?.getItem(KEY) ?? "null") as Partial<Record> | null;
    if (raw && raw.month === monthOf(now) && typeof raw.bytes === "number" && raw.bytes >= 0)
      return { month: raw.month, bytes: raw.bytes };
  } catch {
    // A damaged record starts again from zero.
  }
  return { month: monthOf(now), bytes: 0 };
}

let unsaved = 0;
const listeners = new Set<() => void>();

/** Adds bytes to this month's count (a new month starts from zero). */
export function addDataUsed(bytes: number): void {
  if (bytes > 0) unsaved += bytes;
}

/** Writes what was counted since the last flush. */
export function flushDataUsed(now = new Date()): void {
  if (unsaved === 0) return;
  const record = read(now);
  try {
    localStore()?.setItem(KEY, JSON.stringify({ month: record.month, bytes: record.bytes + unsaved }));
  } catch {
    // Storage refused: the meter shows only this page's share.
    return;
  }
  unsaved = 0;
  for (const listener of listeners) listener();
}

/** Bytes used this month on this device (what is stored and what this page has not yet written). */
export function dataUsedThisMonth(now = new Date()): number {
  return read(now).bytes + unsaved;
}

function transferred(entry: PerformanceEntry): number {
  return (entry as PerformanceResourceTiming).transferSize ?? 0;
}

/** What the service worker downloaded itself since it was last asked (0 without one). */
async function askWorker(): Promise<number> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return 0;
  const channel = new MessageChannel();
  const answer = new Promise<number>((resolve) => {
    const timer = setTimeout(() => resolve(0), 2000);
    channel.port1.onmessage = (e: MessageEvent<{ bytes?: unknown }>) => {
      clearTimeout(timer);
      resolve(typeof e.data?.bytes === "number" ? e.data.bytes : 0);
    };
  });
  worker.postMessage({ type: "data-used" }, [channel.port2]);
  return answer;
}

let started = false;

/** Starts counting this page's transfers (once per page). */
export function startDataMeter(): void {
  if (started || typeof PerformanceObserver === "undefined") return;
  started = true;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) addDataUsed(transferred(entry));
  });
  // buffered: the document and the scripts that loaded before the meter started count too.
  observer.observe({ type: "navigation", buffered: true });
  observer.observe({ type: "resource", buffered: true });
  const flush = async () => {
    addDataUsed(await askWorker().catch(() => 0));
    flushDataUsed();
  };
  setInterval(() => void flush(), FLUSH_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushDataUsed();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** This month's bytes on this device, kept current. */
export function useDataUsed(): number {
  return useSyncExternalStore(subscribe, () => dataUsedThisMonth());
}

/** « 12 Mo », « 1,4 Mo », « 820 Ko » (1 Mo = 1,000,000 bytes, as phone plans count). */
export function formatDataAmount(bytes: number): string {
  const mb = bytes / 1_000_000;
  if (mb >= 10) return `${Math.round(mb).toLocaleString("fr-FR")} Mo`;
  if (mb >= 1) return `${mb.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
  return `${Math.max(0, Math.round(bytes / 1000)).toLocaleString("fr-FR")} Ko`;
}
