// Opening a member's profile in a dialog is a visit (« Qui a vu mon profil », issue 17): told to the
// server once per opening. The server decides whether it counts (not for a member who browses
// invisibly); a failure changes nothing for the member, so it is not shown.
import { api, call, pathParams } from "@web/lib/api.ts";
import { useEffect } from "react";

export function useRecordVisit(userId: string | null | undefined): void {
  useEffect(() => {
    if (!userId) return;
    call(api.members[":userId"].visit.$post({ param: pathParams({ userId }) })).catch(() => undefined);
  }, [userId]);
}
