// Two-factor authentication of the signed-in admin, through Better Auth's two-factor routes.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api.ts";
import { ADMIN_ME_KEY } from "../shared/admin-api.ts";

export interface TotpSetup {
  totpURI: string;
  backupCodes: string[];
}

/** Step 1: the password → a TOTP secret (as an otpauth:// URI) and backup codes; not on yet. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api.post<TotpSetup>("/api/auth/two-factor/enable", { password }),
  });
}

/** Step 2: a code from the app proves the setup works, which turns two-factor on. */
export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<unknown>("/api/auth/two-factor/verify-totp", { code }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ME_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<unknown>("/api/auth/two-factor/disable", { password }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ME_KEY }),
  });
}

/** The base32 secret of an otpauth:// URI, for manual entry; null if absent. */
export function totpSecret(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get("secret");
  } catch {
    const match = /[?&]secret=([^&]+)/.exec(uri);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  }
}

/** « ABCD EFGH IJKL » : groups of four, easier to copy by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
