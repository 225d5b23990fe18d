import { formatNumber } from "@web/lib/format.ts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./Button.tsx";
import { cn } from "./cn.ts";

interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  size: number;
  total: number;
  /** The server stopped counting at `total`: it is shown « 10 000+ ». */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  /** Plural noun of the listed items, e.g. « utilisateurs » (default « résultats »). */
  itemsLabel?: string;
  /** Singular form (default « résultat »). */
  itemLabel?: string;
  /** Whether a next page exists; defaults to page < page count (always true when capped). */
  hasNext?: boolean;
  className?: string;
}

/** « 10 000+ » when the count is capped, « 1 234 » otherwise. */
export function formatTotal(total: number, capped = false): string {
  return capped ? `${formatNumber(total)}+` : formatNumber(total);
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/** « Précédent / Suivant », « Page 2 sur 40 » and the total. */
export function Pagination({
  page,
  size,
  total,
  totalCapped = false,
  onPageChange,
  itemsLabel = "résultats",
  itemLabel = "résultat",
  hasNext,
  className,
}: PaginationProps) {
  const pages = pageCount(total, size);
  const canNext = hasNext ?? (page < pages || totalCapped);
  const pagesText = totalCapped ? `${formatNumber(pages)}+` : formatNumber(pages);
  const totalText = `${formatTotal(total, totalCapped)} ${total === 1 && !totalCapped ? itemLabel : itemsLabel}`;

  // On a phone the three controls do not fit on one line: the total and « Page 2 sur 40 » share the
  // first line, the two buttons the second (the controls' box dissolves into the nav's grid).
  return (
    <nav
      aria-label="Pagination"
      className={cn(
        "grid grid-cols-2 items-center gap-3 text-sm sm:flex sm:flex-wrap sm:justify-between",
        className,
      )}
    >
      <p className="text-ink-soft">{totalText}</p>
      <div className="contents sm:flex sm:items-center sm:gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Précédent
        </Button>
        <p
          className="col-start-2 row-start-1 text-right font-medium tabular-nums sm:min-w-28 sm:text-center"
          aria-live="polite"
          aria-atomic="true"
        >
          Page {formatNumber(page)} sur {pagesText}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-end"
          disabled={!canNext}
          onClick={() => onPageChange(page + 1)}
        >
          Suivant
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
