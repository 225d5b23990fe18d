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

/** What the layout and its gates need to know of the session. */
export interface LayoutSession {
  signedIn: boolean;
  isPending: boolean;
}

// One object per state, so that a session check answering « still the same member » (each one
// replaces Better Auth's value) re-renders nothing.
const LAYOUT_STATES: Record<string, LayoutSession> = {};
for (const signedIn of [false, true])
  for (const isPending of [false, true]) LAYOUT_STATES[`${signedIn}:${isPending}`] = { signedIn, isPending };
const layoutStateOf = (s: Pick<SessionState, "data" | "isPending">) =>
  LAYOUT_STATES[`${Boolean(s.data)}:${s.isPending}`]!;

let frameSession: LayoutSession | null = null;

const sessionAtom = authClient.$store.atoms.session as unknown as {
  get(): SessionState;
  listen(onChange: () => void): () => void;
};
const subscribeToSession = (onChange: () => void) => sessionAtom.listen(onChange);

/** The signed-in member's id (null for a visitor or while unknown), and its changes. */
export const sessionUser = {
  id: (): string | null => sessionAtom.get()?.data?.user?.id ?? null,
  subscribe: subscribeToSession,
};
const readLayoutSession = () => layoutStateOf(sessionAtom.get());

/** What a prerendered public page was rendered with: a visitor whose session is being checked. */
const PUBLIC_PAGE_SESSION = LAYOUT_STATES["false:true"]!;
let hydrating: "public page" | "member frame" = "member frame";
const readHydratingSession = () => (hydrating === "public page" ? PUBLIC_PAGE_SESSION : readLayoutSession());

/**
 * Whether a member is signed in, as the layout and its gates read it: from Better Auth's store. While
 * React takes over a prerendered page, it reads what the page was rendered with: a member frame's
 * session is the store's own (its document carries it; Better Auth's own hook reads « pending »
 * during any hydration, which would make a signed-in frame never match: web/prerender.tsx), a public
 * page's is « being checked » even if the check has answered meanwhile (setHydratedPage).
 * Listening starts Better Auth's session check, as its hook does. Only the build's rendering of a
 * member frame, in a process of its own, sets a stand-in: on a server the store holds no session.
 */
export function useLayoutSession(): LayoutSession {
  const state = useSyncExternalStore(subscribeToSession, readLayoutSession, readHydratingSession);
  return frameSession ?? state;
}

/**
 * Said before React takes over a prerendered page (web/app/start.tsx): which kind it is. A public
 * page's script loads while the session check runs; when the check answered first, the layout's
 * first render (with the « Connexion » links) no longer matched the markup, and React drew the page
 * afresh, dropping what the visitor had typed meanwhile.
 */
export function setHydratedPage(kind: "public page" | "member frame"): void {
  hydrating = kind;
}

/** The build's member frames (web/prerender.tsx): rendered as a signed-in member. */
export function setFrameSession(): void {
  frameSession = { signedIn: true, isPending: false };
}

/** The error shape returned by the Better Auth client; the server already translates messages. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number;
}
