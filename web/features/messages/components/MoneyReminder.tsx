import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

const KEY = (matchId: string) => `passerelle:money-reminder:${matchId}`;

function seen(matchId: string): boolean {
  try {
    return localStorage.getItem(KEY(matchId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The first time money comes up in a conversation (issue 36): a reminder at the top, until the
 * member says « J'ai compris » (remembered on this device, per conversation).
 */
export function MoneyReminder({ matchId }: { matchId: string }) {
  const [hidden, setHidden] = useState(() => seen(matchId));
  if (hidden) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(KEY(matchId), new Date().toISOString());
    } catch {
      // Private browsing without storage: hidden for this visit only.
    }
    setHidden(true);
  };
  return (
    <div
      role="note"
      aria-label="Rappel de sécurité"
      className="flex items-start gap-2.5 border-b border-ochre-300 bg-ochre-100 px-3 py-2.5 text-sm text-ink"
    >
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-ochre-700" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-1">
        <p>{SHIELD_MSG.MONEY_REMINDER}</p>
        <Link to="/protection" className="w-fit font-semibold text-teal-800 underline underline-offset-2">
          Comment Passerelle vous protège
        </Link>
      </div>
      <Button variant="ghost" size="sm" onClick={dismiss}>
        J’ai compris
      </Button>
    </div>
  );
}
