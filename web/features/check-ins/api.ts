// Server state of check-ins (issue 40): the member's list, a new one, « Tout va bien », withdraw.
// A device that set a check-in remembers it (localStorage), so that the reminder banner asks the
// server only there and only while one may be waiting: other members' pages pay nothing for it.
import type { CheckInDto, CreateCheckInInput } from "@domain/check-ins.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { checkInKeys } from "./keys.ts";

const FLAG = "passerelle.check-in";

export function deviceHasCheckIn(): boolean {
  try {
    return localStorage.getItem(FLAG) === "1";
  } catch {
    return false;
  }
}

function rememberOnDevice(statuses: readonly CheckInDto["status"][]): void {
  try {
    if (statuses.some((s) => s === "waiting" || s === "alerted")) localStorage.setItem(FLAG, "1");
    else localStorage.removeItem(FLAG);
  } catch {
    // Private browsing: the banner simply does not show.
  }
}

export function useCheckIns({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    queryKey: checkInKeys.all,
    queryFn: async ({ signal }) => {
      const { data } = await call(api["check-ins"].$get(undefined, cancelledBy(signal)));
      rememberOnDevice(data.map((c) => c.status));
      return data;
    },
    enabled,
    // The banner looks again every minute while a check-in waits.
    refetchInterval: poll ? 60_000 : false,
  });
}

export function useCreateCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCheckInInput) => call(api["check-ins"].$post({ json: input })),
    onSuccess: () => {
      rememberOnDevice(["waiting"]);
      void queryClient.invalidateQueries({ queryKey: checkInKeys.all });
    },
  });
}

export function useAnswerCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api["check-ins"][":id"].ok.$post({ param: pathParams({ id }) })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
  });
}

export function useWithdrawCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api["check-ins"][":id"].withdraw.$post({ param: pathParams({ id }) })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
  });
}
