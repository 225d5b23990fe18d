import { useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ADMIN_KEY, adminApi } from "../shared/admin-api.ts";
import { clearAdminUser } from "../shared/admin-storage.ts";

/** POST /api/admin/logout, then forget the admin and go to /admin/login (a failure is only logged). */
export function useAdminLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await call(adminApi.logout.$post());
    } catch (err) {
      console.error("Erreur lors de la déconnexion", err);
    } finally {
      clearAdminUser();
      queryClient.removeQueries({ queryKey: ADMIN_KEY });
      setPending(false);
      navigate("/admin/login", { replace: true });
    }
  }, [navigate, queryClient]);

  return { logout, pending };
}
