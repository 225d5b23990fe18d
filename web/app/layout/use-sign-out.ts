import { MSG } from "@domain/messages.ts";
import { useQueryClient } from "@tanstack/react-query";
import { disablePush } from "@web/features/notifications/push.ts";
import { forgetSearchFilters } from "@web/features/search/search-storage.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";

/** Signs out and goes to /login; a failure is only logged (SPEC §8). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      // The next member on this browser must not receive this one's notifications (while the
      // session still allows removing the subscription on the server).
      await disablePush().catch((err: unknown) => console.error(err));
      const result = await authClient.signOut();
      if (result.error) console.error(MSG.SIGN_OUT_FAILED, result.error);
    } catch (err) {
      console.error(MSG.SIGN_OUT_FAILED, err);
    } finally {
      queryClient.clear();
      // The next member on this browser must not inherit this one's search.
      forgetSearchFilters();
      setPending(false);
      navigate("/login");
    }
  }, [navigate, queryClient]);

  return { signOut, pending };
}
