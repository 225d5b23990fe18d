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

type SessionState = ReturnType<typeof authClient.useSession>;
let frameSession: SessionState | null = null;

/**
 * The session as the layout and its gates read it: Better Auth's. Only the build's rendering of a
 * member page's frame (web/prerender.tsx, in a process of its own) sets a stand-in, since on a
 * server React reads Better Auth's store as « pending » whatever it holds.
 */
export function useLayoutSession(): SessionState {
  const session = authClient.useSession();
  return frameSession ?? session;
}

export function setFrameSession(data: Session): void {
  frameSession = {
    data,
    isPending: false,
    isRefetching: false,
    error: null,
    refetch: async () => {},
  } as SessionState;
}

/** The error shape returned by the Better Auth client; the server already translates messages. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number;
}
