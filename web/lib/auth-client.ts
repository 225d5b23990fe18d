// Better Auth client (same origin, session in an httpOnly cookie).
import { adminClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { useSyncExternalStore } from "react";

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

const sessionAtom = authClient.$store.atoms.session as unknown as {
  get(): SessionState;
  listen(onChange: () => void): () => void;
};
const subscribeToSession = (onChange: () => void) => sessionAtom.listen(onChange);
const readSession = () => sessionAtom.get();

/**
 * The session as the layout and its gates read it: Better Auth's store, read as it is even while
 * React hydrates. (Better Auth's own hook reads « pending » during any hydration, which would make a
 * member page's prerendered frame, signed in, never match: web/prerender.tsx.) Listening starts
 * Better Auth's session check, as its hook does. Only the build's rendering of a member frame, in a
 * process of its own, sets a stand-in: on a server the store holds no session.
 */
export function useLayoutSession(): SessionState {
  const session = useSyncExternalStore(subscribeToSession, readSession, readSession);
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
