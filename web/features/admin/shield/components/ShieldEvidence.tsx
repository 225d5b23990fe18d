import type { ShieldAccountDto } from "@domain/responses/shield.ts";
import { Badge } from "@web/components/ui/Badge.tsx";
import { formatDateTime } from "../../shared/labels.ts";

/**
 * What an administrator reads before deciding on a held account (issue 36): the member's appeal,
 * the signals that fired in plain French (what each saw, its weight), and the messages held.
 */
export function ShieldEvidence({ account: a }: { account: ShieldAccountDto }) {
  return (
    <div className="flex flex-col gap-4">
      {a.appeal && (
        <section aria-label="Appel du membre" className="rounded-xl border border-teal-200 bg-teal-50 p-3">
          <h3 className="text-sm font-semibold text-teal-900">
            Appel du membre{a.appealedAt && <> — {formatDateTime(a.appealedAt)}</>}
          </h3>
          <p className="mt-1 whitespace-pre-wrap break-words">{a.appeal}</p>
        </section>
      )}
      <section aria-label="Signaux">
        <h3 className="text-sm font-semibold text-ink">Signaux des 30 derniers jours</h3>
        {a.signals.length === 0 ? (
          <p className="text-sm text-ink-soft">Aucun signal : le compte est ici pour son appel.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-2">
            {a.signals.map((s) => (
              <li key={`${s.kind}-${s.at}`} className="rounded-xl bg-sand-100 p-3">
                <p className="font-medium text-ink">
                  {s.label} <span className="tabular-nums text-ink-soft">(+{Math.round(s.weight)})</span>
                </p>
                {s.detail && <p className="text-sm text-ink-soft">{s.detail}</p>}
                <p className="text-xs text-ink-soft">
                  <time dateTime={s.at}>{formatDateTime(s.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {a.heldMessages.length > 0 && (
        <section aria-label="Messages retenus">
          <h3 className="text-sm font-semibold text-ink">Messages retenus</h3>
          <ul className="mt-1 flex flex-col gap-2">
            {a.heldMessages.map((m) => (
              <li key={m.id} className="rounded-xl border border-sand-200 bg-white p-3">
                <p className="flex flex-wrap items-center gap-2 text-xs text-ink-soft">
                  <Badge tone={m.shield === "held" ? "brand" : "neutral"}>
                    {m.shield === "held" ? "Derrière l’avertissement" : "En attente, non remis"}
                  </Badge>
                  à {m.recipientFirstName}, <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{m.content}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
