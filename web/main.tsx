import "./lib/zod-jitless.ts";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { applyBootstrap } from "./app/bootstrap.ts";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { createAppRouter } from "./app/router.tsx";
import "./styles.css";

const queryClient = createQueryClient();
// A member page's document carries the session and the subscription status (server-side).
applyBootstrap(queryClient);
const router = createAppRouter(queryClient);
const root = document.getElementById("root");
if (!root) throw new Error("Élément #root introuvable");

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// The public pages arrive prerendered (web/prerender.tsx): React takes over their markup. A member
// page's frame (data-member-frame) is rendered afresh over the same markup instead: hydration would
// read the session as « pending » (Better Auth's store), which the frame is not. Either way the first
// render is a transition, which React does in slices, yielding to the browser between them, rather
// than in one long task that would hold up a tap or a keystroke.
startTransition(() => {
  if (root.firstElementChild && !root.hasAttribute("data-member-frame"))
    hydrateRoot(root, app, {
      // A mismatch (React then renders the part afresh) is a bug in the prerender: say so loudly.
      onRecoverableError: (error) => console.error("Passerelle: hydratation", error),
    });
  else createRoot(root).render(app);
});
