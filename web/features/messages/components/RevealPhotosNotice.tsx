import { useMutation } from "@tanstack/react-query";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { api, call, errorMessage, pathParams } from "@web/lib/api.ts";

/**
 * Issue 40: her photos are blurred for this member (she has not liked him back): « Montrer mes
 * photos » shows them to him alone, from now on.
 */
export function RevealPhotosNotice({ userId, firstName }: { userId: string; firstName: string }) {
  const reveal = useMutation({
    mutationFn: () => call(api.members[":userId"]["reveal-photos"].$post({ param: pathParams({ userId }) })),
  });
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-sand-200 bg-sand-50 px-3 py-2 text-sm">
      {reveal.isSuccess ? (
        <p role="status">{`${firstName} voit maintenant vos photos.`}</p>
      ) : (
        <>
          <p className="flex-1">{`Vos photos sont floutées pour ${firstName}.`}</p>
          <Button size="sm" variant="secondary" loading={reveal.isPending} onClick={() => reveal.mutate()}>
            {`Montrer mes photos à ${firstName}`}
          </Button>
        </>
      )}
      {reveal.isError && <Alert tone="error">{errorMessage(reveal.error)}</Alert>}
    </div>
  );
}
