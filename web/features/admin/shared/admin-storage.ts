// The admin display record kept in localStorage (SPEC §3). It is never a credential: the server
// checks the session cookie on every /api/admin/* call. An unreadable record is removed (SPEC §4).
import { ADMIN_STORAGE_KEY, type AdminRecord } from "@domain/admin.ts";
import { forgetStored, localStore } from "@web/lib/local-storage.ts";

function isAdminRecord(value: unknown): value is AdminRecord {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    v.id !== "" &&
    typeof v.email === "string" &&
    typeof v.name === "string" &&
    v.role === "admin"
  );
}

export function clearAdminUser(): void {
  forgetStored(ADMIN_STORAGE_KEY);
}

/** The stored admin, or null; a value that is not a readable admin record is removed. */
export function readAdminUser(): AdminRecord | null {
  let raw: string | null = null;
  try {
    raw = localStore()?.getItem(ADMIN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isAdminRecord(parsed)) return parsed;
  } catch {
    // Falls through to the removal below.
  }
  clearAdminUser();
  return null;
}

export function storeAdminUser(admin: AdminRecord): void {
  try {
    localStore()?.setItem(ADMIN_STORAGE_KEY, JSON.stringify(admin));
  } catch {
    // Private mode or full storage: the record is for display only.
  }
}
