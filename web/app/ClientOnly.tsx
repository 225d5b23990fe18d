// What a prerendered member page leaves to the browser (web/prerender.tsx): rendered on the server,
// this throws, so React sends the nearest Suspense boundary's fallback marked « client-rendered »;
// the browser then renders the part itself. Its parts depend on what only the browser has (the
// remembered filters, the member's data); the frame around them is the same for every member.
import type { ReactNode } from "react";

/** The digest React gives the server's « render this on the client » (web/app/start.tsx expects it). */
export const CLIENT_ONLY_DIGEST = "passerelle-client-only";

export function ClientOnly({ children }: { children: ReactNode }) {
  if (typeof window === "undefined")
    throw Object.assign(new Error("Rendered in the browser only"), { digest: CLIENT_ONLY_DIGEST });
  return children;
}
