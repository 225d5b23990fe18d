import { MESSAGE_MAX_LENGTH, messageLength } from "@domain/messaging.ts";
import { cn } from "@web/components/ui/cn.ts";
import { controlClasses } from "@web/components/ui/controls.ts";
import { formatNumber } from "@web/lib/format.ts";
import { SendHorizontal } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";

interface Props {
  onSend: (content: string) => void;
  /** Each change the member types (not the emptying after a send): for « … est en train d'écrire ». */
  onTyping?: (text: string) => void;
  disabled?: boolean;
  recipient: string;
  /** Shown instead of « Envoyer » while nothing is typed: the voice message's microphone (issue 37). */
  voice?: ReactNode;
}

/** Enter sends, Shift+Enter starts a new line; the field grows with the text up to a limit. */
export function Composer({ onSend, onTyping, disabled, recipient, voice }: Props) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const length = messageLength(text);
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const empty = text.trim().length === 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 180)}px`;
  }, [text]);

  const submit = () => {
    if (empty || tooLong || disabled) return;
    onSend(text);
    setText("");
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-sand-200 bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex-1">
        <label htmlFor={`${hintId}-field`} className="sr-only">
          Votre message à {recipient}
        </label>
        <textarea
          id={`${hintId}-field`}
          ref={ref}
          rows={1}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            onTyping?.(e.target.value);
          }}
          onKeyDown={onKeyDown}
          placeholder="Écrivez votre message…"
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          className={cn(controlClasses, "max-h-44 resize-none leading-6")}
        />
        <p
          id={hintId}
          className={cn(
            "mt-1 flex justify-between gap-2 text-xs",
            tooLong ? "text-danger-700" : "text-ink-soft",
          )}
        >
          <span className="hidden sm:inline">Entrée pour envoyer, Maj+Entrée pour aller à la ligne.</span>
          {length > MESSAGE_MAX_LENGTH - 200 && (
            <span className="tabular-nums">
              {formatNumber(length)} / {formatNumber(MESSAGE_MAX_LENGTH)}
            </span>
          )}
        </p>
      </div>
      {voice && empty ? (
        voice
      ) : (
        <button
          type="submit"
          disabled={disabled || empty || tooLong}
          className="mb-1 inline-flex size-12 sm:mb-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-50"
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
          <span className="sr-only">Envoyer</span>
        </button>
      )}
    </form>
  );
}
