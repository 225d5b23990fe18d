// Two-factor authentication of the signed-in admin, through Better Auth's two-factor routes, called
// with its own typed client (the two-factor plugin's), in the administration's chunk only.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from "@web/lib/api.ts";
import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { ADMIN_ME_KEY } from "../shared/admin-api.ts";

const twoFactor = createAuthClient({
  plugins: [twoFactorClient()],
  fetchOptions: { customFetchImpl: (input, init) => globalThis.fetch(input, init) },
}).twoFactor;

export interface TotpSetup {
  totpURI: string;
  backupCodes: string[];
}

/** Better Auth's `{ data, error }` as a value or an ApiError (its French message, from the server). */
async function settled<T>(
  request: Promise<{ data: T | null; error: { status: number; code?: string; message?: string } | null }>,
): Promise<T> {
  let result: Awaited<typeof request>;
  try {
    result = await request;
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }
  if (result.error) throw toApiError(result.error.status, result.error);
  if (result.data === null) throw toApiError(500, undefined);
  return result.data;
}

/** Step 1: the password → a TOTP secret (as an otpauth:// URI) and backup codes; not on yet. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async (password: string): Promise<TotpSetup> => {
      const setup = await settled(twoFactor.enable({ password }));
      // The server is set up for TOTP (server/platform/auth/auth.ts): its answer always carries the URI.
      if (!("totpURI" in setup)) throw toApiError(500, undefined);
      return { totpURI: setup.totpURI, backupCodes: setup.backupCodes };
    },
  });
}

/** Step 2: a code from the app proves the setup works, which turns two-factor on. */
export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => settled(twoFactor.verifyTotp({ code })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ME_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => settled(twoFactor.disable({ password })),
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
