import type { CheckInDto } from "@domain/check-ins.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useAnswerCheckIn, useWithdrawCheckIn } from "../api.ts";

/** « Tout va bien » (or « Fausse alerte ») and « Annuler », for a check-in still open. */
export function CheckInActions({ checkIn }: { checkIn: CheckInDto }) {
  const answer = useAnswerCheckIn();
  const withdraw = useWithdrawCheckIn();
  if (checkIn.status !== "waiting" && checkIn.status !== "alerted") return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-3">
        <Button
          size="sm"
          loading={answer.isPending}
          loadingText="Envoi…"
          onClick={() => answer.mutate(checkIn.id)}
        >
          {checkIn.status === "alerted" ? "Fausse alerte : tout va bien" : "Tout va bien"}
        </Button>
        {checkIn.status === "waiting" && (
          <Button
            size="sm"
            variant="secondary"
            loading={withdraw.isPending}
            loadingText="Annulation…"
            onClick={() => withdraw.mutate(checkIn.id)}
          >
            Annuler ce point
          </Button>
        )}
      </div>
      {(answer.isError || withdraw.isError) && (
        <Alert tone="error">{errorMessage(answer.error ?? withdraw.error)}</Alert>
      )}
    </div>
  );
}
