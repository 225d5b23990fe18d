import { MSG } from "@domain/messages.ts";
import { NETWORK_ERROR_MESSAGE } from "@web/lib/api.ts";
import type { AuthClientError } from "@web/lib/auth-client.ts";

/** French message for a Better Auth client error (the server already sends French messages). */
export function authErrorMessage(error: AuthClientError | null | undefined): string {
  if (error?.status === 429) return error.message || MSG.RATE_LIMITED;
  if (error?.message) return error.message;
  return MSG.GENERIC;
}

/**
 * Runs a Better Auth client call and returns its error message, or null on success.
 * A rejected promise means the network failed.
 */
export async function runAuthCall(
  call: () => Promise<{ error: AuthClientError | null }>,
): Promise<string | null> {
  try {
    const { error } = await call();
    return error ? authErrorMessage(error) : null;
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
}
