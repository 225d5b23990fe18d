import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { formatTime } from "@web/lib/format.ts";
import { Ban, Eye, Flag, ShieldAlert } from "lucide-react";
import { Link } from "react-router-dom";

interface Props {
  createdAt: string;
  revealing: boolean;
  error: string | null;
  onReveal: () => void;
  onReport?: (() => void) | undefined;
  onBlock?: (() => void) | undefined;
}

/**
 * A received message the shield held (issue 36): a money request from a new or unverified account.
 * In its place, why, and the member's choice: read it anyway, report, block — one tap each.
 */
export function HeldMessage({ createdAt, revealing, error, onReveal, onReport, onBlock }: Props) {
  return (
    <section
      aria-label={`${SHIELD_MSG.HELD_TITLE}, reçu à ${formatTime(createdAt)}`}
      className="flex max-w-[92%] flex-col gap-2 self-start rounded-2xl border border-ochre-300 bg-ochre-100 px-3.5 py-3 text-sm text-ink sm:max-w-[75%]"
    >
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-5 shrink-0 text-ochre-700" aria-hidden="true" />
        {SHIELD_MSG.HELD_TITLE}
      </p>
      <p>{SHIELD_MSG.HELD_WARNING}</p>
      <p>
        <Link to="/protection" className="font-semibold text-teal-800 underline underline-offset-2">
          Comment Passerelle vous protège
        </Link>
      </p>
      {error && (
        <p role="alert" className="text-danger-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onReveal} disabled={revealing}>
          <Eye className="size-4" aria-hidden="true" />
          {revealing ? "Ouverture…" : "Lire quand même"}
        </Button>
        {onReport && (
          <Button variant="secondary" size="sm" onClick={onReport}>
            <Flag className="size-4" aria-hidden="true" />
            Signaler
          </Button>
        )}
        {onBlock && (
          <Button variant="danger" size="sm" onClick={onBlock}>
            <Ban className="size-4" aria-hidden="true" />
            Bloquer
          </Button>
        )}
      </div>
    </section>
  );
}
