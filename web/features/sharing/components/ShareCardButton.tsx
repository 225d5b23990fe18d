import { Share2 } from "lucide-react";
import { useState } from "react";
import { ShareCardDialog } from "./ShareCardDialog.tsx";

/** The conversation's « Partager mon rendez-vous » button and its dialog (issue 40). */
export function ShareCardButton({ matchId, name }: { matchId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-sand-100 hover:text-teal-900 focus-visible:outline-3 focus-visible:outline-teal-500"
      >
        <Share2 className="size-5" aria-hidden="true" />
        <span className="sr-only">Partager mon rendez-vous avec {name}</span>
      </button>
      <ShareCardDialog open={open} onClose={() => setOpen(false)} matchId={matchId} name={name} />
    </>
  );
}
