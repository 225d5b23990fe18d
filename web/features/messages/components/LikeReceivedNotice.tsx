// Above a conversation opened by the other member's J'aime (SPEC §4: the first like opens it): what
// happened, said plainly, and the two answers — liking back (« C'est un match ! » for both) or
// declining, which removes the match as « Retirer » does. A request (issue 34: the member lets only
// members she liked back write first, and this one has written) has the same two answers, worded
// « Accepter » and « Refuser »: accepting is liking back, after which both may write.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { api, call, errorMessage, pathParams } from "@web/lib/api.ts";
import { Heart, UserX } from "lucide-react";
import { useState } from "react";
import { messageKeys } from "../keys.ts";

interface Props {
  matchId: string;
  memberId: string;
  /** « Fatou D. » */
  name: string;
  /** The other member's first messages wait in « Demandes ». */
  request?: boolean;
  /** After the J'aime back: the page says « C'est un match ! » (this notice goes with the refresh). */
  onMatched?: () => void;
}

export function LikeReceivedNotice({ matchId, memberId, name, request = false, onMatched }: Props) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => {
    // The lists and counts (the real-time event refreshes them too, when the stream is up).
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: messageKeys.navCounts });
    void queryClient.invalidateQueries({ queryKey: ["matches"] });
  };
  const likeBack = useMutation({
    mutationFn: () => call(api.likes.$post({ json: { likedId: memberId, type: "like" } })),
    onSuccess: (result) => {
      if (result.mutual) onMatched?.();
      refresh();
    },
  });
  const decline = useMutation({
    mutationFn: () => call(api.matches[":id"].$delete({ param: pathParams({ id: matchId }) })),
    onSuccess: refresh,
  });
  const error = likeBack.error ?? decline.error;

  return (
    <section
      className="border-b border-sand-200 bg-brand-50 px-3 py-3"
      aria-label={request ? "Demande de message" : "J’aime reçu"}
    >
      <p className="flex items-center gap-2 font-semibold text-teal-900">
        <Heart className="size-4 shrink-0 fill-current text-brand-600" aria-hidden="true" />
        {request ? `${name} vous a envoyé un J’aime et vous a écrit` : `${name} vous a envoyé un J’aime`}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {request
          ? "Sa demande attend votre réponse, sans accusé de lecture. Acceptez pour lui répondre : ce sera un match."
          : "Vous pouvez lui répondre ici. Si son profil vous plaît aussi, dites-le : ce sera un match."}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={likeBack.isPending}
          loadingText="Envoi…"
          onClick={() => likeBack.mutate()}
          disabled={decline.isPending}
        >
          <Heart className="size-4" aria-hidden="true" />
          {request ? "Accepter" : "J’aime en retour"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          disabled={likeBack.isPending || decline.isPending}
        >
          <UserX className="size-4" aria-hidden="true" />
          {request ? "Refuser" : "Pas intéressé(e)"}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-700">
          {errorMessage(error)}
        </p>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={request ? "Refuser cette demande ?" : "Pas intéressé(e) ?"}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false);
                decline.mutate();
              }}
            >
              {request ? "Refuser et retirer ce match" : "Retirer ce match"}
            </Button>
          </>
        }
      >
        <p>
          {name} disparaîtra de vos matchs et vous ne pourrez plus vous écrire. {name} n’en sera pas
          averti(e). Cette action est définitive.
        </p>
      </Dialog>
    </section>
  );
}
