// POST /api/admin/login and its second step.
import { MSG } from "@domain/messages.ts";
import { useMutation } from "@tanstack/react-query";
import { ApiError, call } from "@web/lib/api.ts";
import { safeRedirect } from "@web/lib/safe-redirect.ts";
import { adminApi } from "../shared/admin-api.ts";

export const ADMIN_HOME = "/admin/dashboard";

/** The `redirect` parameter when it is an admin page of this site, the dashboard otherwise. */
export function adminTarget(value: string | null): string {
  const path = safeRedirect(value, ADMIN_HOME);
  const pathname = path.split(/[?#]/)[0] ?? "";
  if (!pathname.startsWith("/admin/") || pathname === "/admin/login") return ADMIN_HOME;
  return path;
}

/** The server's French message; for a bare 401, the generic wrong-credentials sentence. */
export function loginErrorMessage(err: unknown, fallback401: string = MSG.INVALID_CREDENTIALS): string {
  if (err instanceof ApiError) {
    if (err.status === 401 && err.message === MSG.GENERIC) return fallback401;
    return err.message || MSG.GENERIC;
  }
  return err instanceof Error && err.message ? err.message : MSG.GENERIC;
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (v: { email: string; password: string }) => call(adminApi.login.$post({ json: v })),
  });
}

export function useAdminLoginVerify() {
  return useMutation({
    mutationFn: (code: string) => call(adminApi.login.verify.$post({ json: { code } })),
  });
}
