// Better Auth client (same origin, session in an httpOnly cookie).
import { adminClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  plugins: [adminClient()],
  fetchOptions: {
    // Look fetch up at call time (Better Auth would otherwise keep the one present at start-up).
    customFetchImpl: (input, init) => globalThis.fetch(input, init),
  },
});

export type Session = typeof authClient.$Infer.Session;

/** The error shape returned by the Better Auth client; the server already translates messages. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number;
}
