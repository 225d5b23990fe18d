import type { MessageDto } from "@domain/messaging.ts";
import { type ScamSignal, scamSignals } from "@domain/scam-signals.ts";
import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { voiceMessageLabel } from "@domain/voice.ts";
import { cn } from "@web/components/ui/cn.ts";
import { VoicePlayer } from "@web/components/ui/VoicePlayer.tsx";
import { formatDay, formatTime } from "@web/lib/format.ts";
import { AlertCircle, Check, CheckCheck, Clock, CloudOff, Flag, Mic } from "lucide-react";
import { Fragment, useMemo } from "react";
import { Link } from "react-router-dom";
import { CallEntry } from "./CallEntry.tsx";
import { HeldMessage } from "./HeldMessage.tsx";
import { ScamNotice } from "./ScamNotice.tsx";

/** A message typed here that the server has not confirmed yet. */
export interface PendingMessage {
  key: string;
  content: string;
  /** A voice message on its way (issue 37): sent with `key` as its idempotency key until the server has it. */
  voice?: { blob: Blob; type: string; durationMs: number; peaks: string };
  /** "waiting": kept on the device until the connection returns (issue 39). */
  status: "sending" | "waiting" | "failed";
  error?: string;
}

interface Props {
  /** Oldest first. */
  messages: MessageDto[];
  pending: PendingMessage[];
  me: string;
  onRetry: (p: PendingMessage) => void;
  onDiscard: (p: PendingMessage) => void;
  /** Reports a received message (« scam » when it comes from the warning under it). */
  onReport?: ((message: MessageDto, reason?: "scam") => void) | undefined;
  /** Blocks the other member (from a held message's card). */
  onBlock?: (() => void) | undefined;
  /** Reads a message the shield held (issue 36). */
  onReveal?: ((message: MessageDto) => void) | undefined;
  /** The held message being opened, and why it could not be, if it failed. */
  revealing?: { id: string; error: string | null } | null | undefined;
}

function Bubble({ mine, voice, children }: { mine: boolean; voice?: boolean; children: React.ReactNode }) {
  return (
    <div
      className={cn(
        "max-w-[85%] rounded-2xl px-3.5 py-2 whitespace-pre-wrap break-words sm:max-w-[70%]",
        voice && "w-80 px-2",
        mine
          ? "self-end rounded-br-md bg-teal-700 text-white"
          : "self-start rounded-bl-md bg-white text-ink shadow-sm",
      )}
    >
      {children}
    </div>
  );
}

/** The conversation, day by day, with the state of the member's last message and pending sends. */
export function MessageList({
  messages,
  pending,
  me,
  onRetry,
  onDiscard,
  onReport,
  onBlock,
  onReveal,
  revealing,
}: Props) {
  // A call's entry (issue 38) has no read receipt of its own.
  const lastMine = [...messages].reverse().find((m) => m.senderId === me && !m.call);
  // Warnings for received messages that talk about money, payments, other apps or links.
  const signals = useMemo(() => {
    const found = new Map<string, ScamSignal[]>();
    for (const m of messages) {
      if (m.senderId === me || m.held) continue;
      const s = scamSignals(m.content);
      if (s.length > 0) found.set(m.id, s);
    }
    return found;
  }, [messages, me]);
  return (
    <ol className="flex flex-col gap-1.5" aria-label="Messages">
      {messages.map((m, i) => {
        const mine = m.senderId === me;
        const day = formatDay(m.createdAt);
        const newDay = i === 0 || formatDay(messages[i - 1]!.createdAt) !== day;
        return (
          <Fragment key={m.id}>
            {newDay && (
              <li className="my-3 self-center rounded-full bg-sand-200 px-3 py-0.5 text-xs font-medium text-ink-soft">
                {day}
              </li>
            )}
            {m.call ? (
              <li className="my-1 flex justify-center">
                <CallEntry call={m.call} mine={mine} createdAt={m.createdAt} />
              </li>
            ) : m.held && !mine ? (
              <li className="flex flex-col">
                <HeldMessage
                  createdAt={m.createdAt}
                  revealing={revealing?.id === m.id && revealing.error === null}
                  error={revealing?.id === m.id ? revealing.error : null}
                  onReveal={() => onReveal?.(m)}
                  onReport={onReport && (() => onReport(m, "scam"))}
                  onBlock={onBlock}
                />
              </li>
            ) : (
              <li className="group flex flex-col">
                <Bubble mine={mine} voice={m.voice !== null}>
                  <span className="sr-only">
                    {mine ? "Vous" : "Message reçu"}, à {formatTime(m.createdAt)} :{" "}
                  </span>
                  {m.voice ? (
                    <VoicePlayer
                      src={`/api/matches/${encodeURIComponent(m.matchId)}/messages/${encodeURIComponent(m.id)}/voice`}
                      durationMs={m.voice.durationMs}
                      peaks={m.voice.peaks}
                      label={
                        mine
                          ? `votre message vocal de ${formatTime(m.createdAt)}`
                          : `le message vocal reçu à ${formatTime(m.createdAt)}`
                      }
                      tone={mine ? "dark" : "light"}
                    />
                  ) : (
                    m.content
                  )}
                  <time
                    dateTime={m.createdAt}
                    aria-hidden="true"
                    className={cn(
                      "mt-0.5 block text-right text-[0.7rem]",
                      mine ? "text-teal-100" : "text-ink-soft",
                    )}
                  >
                    {formatTime(m.createdAt)}
                  </time>
                </Bubble>
                {m.masked && (
                  <p
                    className={cn(
                      "mt-1 max-w-[85%] text-xs text-ink-soft sm:max-w-[70%]",
                      mine ? "self-end text-right" : "self-start",
                    )}
                  >
                    {mine ? SHIELD_MSG.MASKED_FOR_SENDER : SHIELD_MSG.MASKED_FOR_RECIPIENT}{" "}
                    {mine && (
                      <Link to="/profile/verification" className="font-semibold text-teal-800 underline">
                        Vérifier mon profil
                      </Link>
                    )}
                  </p>
                )}
                {!mine && onReport && signals.has(m.id) && (
                  <ScamNotice signals={signals.get(m.id)!} onReport={() => onReport(m, "scam")} />
                )}
                {!mine && onReport && !signals.has(m.id) && (
                  <button
                    type="button"
                    onClick={() => onReport(m)}
                    // Discreet with a mouse (shown on hover or focus), always visible on touch screens.
                    className="-my-2 inline-flex min-h-11 items-center gap-1 self-start rounded-full px-2 text-xs text-ink-soft hover:text-teal-900 hover:underline pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100"
                  >
                    <Flag className="size-3" aria-hidden="true" />
                    Signaler <span className="sr-only">le message reçu à {formatTime(m.createdAt)}</span>
                  </button>
                )}
                {m === lastMine && pending.length === 0 && (
                  <span className="mt-0.5 inline-flex items-center gap-1 self-end text-xs text-ink-soft">
                    {m.readAt ? (
                      <>
                        <CheckCheck className="size-3.5 text-teal-700" aria-hidden="true" />
                        Lu à {formatTime(m.readAt)}
                      </>
                    ) : (
                      <>
                        <Check className="size-3.5" aria-hidden="true" />
                        Envoyé
                      </>
                    )}
                  </span>
                )}
              </li>
            )}
          </Fragment>
        );
      })}
      {pending.map((p) => (
        <li key={p.key} className="flex flex-col">
          <Bubble mine>
            <span className={cn("inline-flex items-center gap-1.5", p.status !== "failed" && "opacity-80")}>
              {p.voice && <Mic className="size-4" aria-hidden="true" />}
              {p.voice ? voiceMessageLabel(p.voice.durationMs) : p.content}
            </span>
          </Bubble>
          {p.status === "sending" ? (
            <span
              className="mt-0.5 inline-flex items-center gap-1 self-end text-xs text-ink-soft"
              role="status"
            >
              <Clock className="size-3.5" aria-hidden="true" />
              Envoi en cours…
            </span>
          ) : p.status === "waiting" ? (
            <span
              className="mt-0.5 inline-flex items-center gap-1 self-end text-xs font-medium text-ink-soft"
              role="status"
            >
              <CloudOff className="size-3.5" aria-hidden="true" />
              En attente de connexion
            </span>
          ) : (
            <span
              className="mt-1 flex flex-wrap items-center justify-end gap-2 self-end text-xs text-danger-700"
              role="alert"
            >
              <AlertCircle className="size-3.5" aria-hidden="true" />
              {p.error ?? "Échec de l’envoi"}
              <button
                type="button"
                onClick={() => onRetry(p)}
                className="min-h-11 rounded-full px-3 font-semibold underline"
              >
                Réessayer
              </button>
              <button
                type="button"
                onClick={() => onDiscard(p)}
                className="min-h-11 rounded-full px-3 underline"
              >
                Supprimer
              </button>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
