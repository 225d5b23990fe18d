// « Appeler » in a conversation (issue 38): the member's switch for calls in this conversation (off
// by default), whether the other member allows them, the reminder before a first call, and the two
// ways to call. Calling never shows either member's phone number.
import { deName } from "@domain/french.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { Phone, ShieldAlert, Video } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useCallSettings, useSetCallsAllowed } from "../api.ts";
import { type CallPartner, callStore, useCallState } from "../call-store.ts";
import { CALL_REMINDER, markReminded, reminded } from "../safety-reminder.ts";

export function CallButton({ matchId, partner }: { matchId: string; partner: CallPartner }) {
  const [open, setOpen] = useState(false);
  const settings = useCallSettings(matchId);
  const { phase } = useCallState();
  // A call from them still ringing when this conversation opens (from the push): it rings here.
  const current = settings.data?.current;
  useEffect(() => {
    if (current && current.callerId === partner.userId) callStore.ringing(current, partner);
  }, [current, partner]);
  if (!settings.data?.available) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setOpen(true)}
        disabled={phase !== "idle" && phase !== "ended"}
        aria-label={`Appeler ${partner.name}`}
        title={`Appeler ${partner.name}`}
      >
        <Phone className="size-5" aria-hidden="true" />
      </Button>
      <CallDialog open={open} onClose={() => setOpen(false)} matchId={matchId} partner={partner} />
    </>
  );
}

function CallDialog({
  open,
  onClose,
  matchId,
  partner,
}: {
  open: boolean;
  onClose: () => void;
  matchId: string;
  partner: CallPartner;
}) {
  const settings = useCallSettings(matchId, open);
  const setAllowed = useSetCallsAllowed(matchId);
  const switchId = useId();
  const [firstCall, setFirstCall] = useState(() => !reminded());
  // The box follows the tap at once (a controlled box would otherwise wait for the cache), until
  // the server's answer, or the former state after an error, takes over.
  const [tapped, setTapped] = useState<boolean | null>(null);
  const data = settings.data && { ...settings.data, mine: tapped ?? settings.data.mine };
  const canCall = Boolean(data?.mine && data.theirs && data.ice && tapped === null);
  const name = partner.name;

  const call = (video: boolean) => {
    markReminded();
    setFirstCall(false);
    onClose();
    void callStore.start(matchId, partner, video);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Appeler ${name}`}
      footer={
        <Button variant="ghost" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {settings.isPending ? (
        <Spinner label="Chargement…" className="size-6" />
      ) : settings.isError || !data ? (
        <Alert tone="error">{errorMessage(settings.error)}</Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-ink-soft">
            Appelez {name} depuis Passerelle, en audio ou en vidéo : aucun de vous deux ne donne son numéro.
            Les appels passent par nos serveurs et ne sont jamais enregistrés.
          </p>
          <Checkbox
            id={switchId}
            checked={data.mine}
            disabled={setAllowed.isPending}
            onChange={(e) => {
              const allowed = e.currentTarget.checked;
              setTapped(allowed);
              setAllowed.mutate(allowed, { onSettled: () => setTapped(null) });
            }}
            label={`J’accepte les appels avec ${name} dans cette conversation`}
          />
          {setAllowed.isError && <Alert tone="error">{errorMessage(setAllowed.error)}</Alert>}
          {data.mine && !data.theirs && (
            <p role="status" className="rounded-xl bg-sand-100 p-3 text-sm">
              {name} n’a pas encore accepté les appels dans cette conversation. Vous pourrez l’appeler dès que
              ce sera le cas.
            </p>
          )}
          {canCall && firstCall && (
            <section aria-label={CALL_REMINDER.TITLE} className="rounded-xl bg-brand-50 p-3 text-sm">
              <h3 className="mb-1 flex items-center gap-2 font-semibold text-teal-900">
                <ShieldAlert className="size-4" aria-hidden="true" />
                {CALL_REMINDER.TITLE}
              </h3>
              <ul className="list-disc pl-5">
                {CALL_REMINDER.POINTS.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </section>
          )}
          {canCall && (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => call(false)}>
                <Phone className="size-5" aria-hidden="true" />
                Appel vocal
              </Button>
              <Button onClick={() => call(true)}>
                <Video className="size-5" aria-hidden="true" />
                Appel vidéo
              </Button>
            </div>
          )}
          {!data.mine && (
            <p className="text-sm text-ink-soft">
              Cochez la case pour pouvoir appeler {name} et recevoir ses appels. Vous pourrez la décocher à
              tout moment : les appels {deName(name)} ne sonneront plus.
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
