import type { MemberRef } from "@domain/admin.ts";
import { Button, type ButtonVariant } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ImageOff, type LucideIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { MemberCell, memberName } from "./MemberCell.tsx";

/** One line of the card's summary beside the member: « Envoyée le 20 nov. 2026 à 10:30 ». */
export interface ReviewFact {
  term: string;
  value: ReactNode;
  /** Classes of the value, e.g. « tabular-nums » for a figure. */
  className?: string;
}

/** A decision button of the card. */
export interface ReviewAction<D extends string> {
  decision: D;
  /** The button's text, e.g. « Refuser ». */
  label: string;
  /**
   * The button's accessible name, after the member (every card of the queue has the same buttons),
   * e.g. « Refuser la vérification de Kofi Mensah »; also the confirmation's title.
   */
  title: (name: string) => string;
  icon: LucideIcon;
  variant?: ButtonVariant;
}

/**
 * One case of an admin review queue: the member and a few facts, what the administrator compares
 * (images side by side), and the decision buttons, in the order given (the main one last: at the
 * right on wide screens, on top on narrow ones).
 */
export function ReviewCard<D extends string>({
  label,
  member,
  facts,
  actions,
  onDecide,
  children,
}: {
  /** The card's accessible name, e.g. « Vérification de Kofi Mensah ». */
  label: string;
  member: MemberRef;
  facts: readonly ReviewFact[];
  actions: readonly ReviewAction<D>[];
  onDecide: (decision: D) => void;
  children: ReactNode;
}) {
  const name = memberName(member);
  return (
    <article aria-label={label}>
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <MemberCell member={member} />
          <dl className="flex flex-col gap-0.5 text-sm sm:items-end sm:text-right">
            {facts.map((fact) => (
              <div key={fact.term} className="flex items-baseline gap-1.5">
                <dt className="text-ink-soft">{fact.term}</dt>
                <dd className={fact.className}>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>

        {children}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          {actions.map(({ decision, label: text, title, icon: Icon, variant }) => (
            <Button
              key={decision}
              variant={variant}
              aria-label={title(name)}
              onClick={() => onDecide(decision)}
            >
              <Icon className="size-4.5" aria-hidden="true" />
              {text}
            </Button>
          ))}
        </div>
      </Card>
    </article>
  );
}

/**
 * An image to compare, with its caption, shown whole (a thumbnail's square may hide what matters);
 * with `href`, a link opening it in a new tab. Without `src`, or once it fails to load (erased
 * meanwhile), a placeholder saying so.
 */
export function ReviewImage({
  src,
  href,
  alt,
  caption,
  unavailable,
}: {
  src: string | null;
  href?: string;
  alt: string;
  caption: ReactNode;
  /** The placeholder's text. */
  unavailable: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const image = src && (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      className="aspect-[4/5] w-full rounded-xl bg-sand-100 object-contain"
    />
  );
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {image && !failed ? (
        href ? (
          <a href={href} target="_blank" rel="noreferrer" className="block rounded-xl">
            {image}
          </a>
        ) : (
          image
        )
      ) : (
        <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-2 rounded-xl bg-sand-100 p-3 text-center text-sm text-ink-soft">
          <ImageOff className="size-6" aria-hidden="true" />
          {unavailable}
        </div>
      )}
      <figcaption className="text-sm font-semibold break-words text-teal-900">{caption}</figcaption>
    </figure>
  );
}
