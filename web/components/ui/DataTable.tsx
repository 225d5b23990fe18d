import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "./cn.ts";
import { Skeleton } from "./Skeleton.tsx";

export type SortDir = "asc" | "desc";

export interface DataTableColumn<T> {
  /** Stable id of the column. */
  id: string;
  /** Header text (also the sort button's name). */
  header: string;
  /** Hide the header text visually (e.g. an « Actions » column); it stays for screen readers. */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** The server's sort key when the column is sortable. */
  sortKey?: string;
  /** Direction of the first click on this column (dates usually start with the newest). */
  firstDir?: SortDir;
  /** Renders the cell as the row header (<th scope="row">). */
  rowHeader?: boolean;
  className?: string;
}

export interface DataTableSort {
  key: string;
  dir: SortDir;
}

interface DataTableProps<T> {
  caption: string;
  /** Keep the caption for assistive technology only. */
  captionHidden?: boolean;
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** First load: skeleton rows. */
  loading?: boolean;
  loadingRows?: number;
  /** Refreshing rows already shown (e.g. the next page): the table is marked busy. */
  refreshing?: boolean;
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  /** Content of the single row shown when there is nothing to list. */
  empty?: ReactNode;
  className?: string;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

function SortIcon({ dir }: { dir: SortDir | null }) {
  const Icon = dir === "asc" ? ArrowUp : dir === "desc" ? ArrowDown : ArrowUpDown;
  return <Icon className={cn("size-4", dir === null && "opacity-50")} aria-hidden="true" />;
}

/**
 * A table of server rows: a caption, sortable headers (buttons, with aria-sort on the sorted
 * column), skeleton rows while loading and a row saying why the table is empty. It scrolls
 * horizontally in its own focusable region on narrow screens.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingRows = 5,
  refreshing = false,
  sort,
  onSortChange,
  empty = "Aucun résultat.",
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  const busy = loading || refreshing;

  const toggle = (column: DataTableColumn<T>) => {
    if (!column.sortKey || !onSortChange) return;
    const dir: SortDir =
      sort?.key === column.sortKey ? (sort.dir === "asc" ? "desc" : "asc") : (column.firstDir ?? "asc");
    onSortChange({ key: column.sortKey, dir });
  };

  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with the keyboard
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-[var(--radius-card)] border border-sand-200 bg-white",
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm" aria-busy={busy || undefined}>
        <caption
          id={captionId}
          className={cn(captionHidden ? "sr-only" : "px-4 pt-4 pb-2 text-left text-base font-semibold")}
        >
          {caption}
        </caption>
        <thead className="border-b border-sand-200 bg-sand-50 text-ink-soft">
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sorted && sort ? ARIA_SORT[sort.dir] : undefined}
                  className={cn("px-4 py-2 font-semibold whitespace-nowrap", column.className)}
                >
                  {column.sortKey && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => toggle(column)}
                      className={cn(
                        "-mx-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 hover:bg-teal-50 hover:text-teal-900",
                        sorted && "text-teal-900",
                      )}
                    >
                      {column.header}
                      <SortIcon dir={sorted && sort ? sort.dir : null} />
                    </button>
                  ) : (
                    <span className={cn(column.headerHidden && "sr-only")}>{column.header}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-sand-200", refreshing && "opacity-60 transition-opacity")}>
          {loading ? (
            Array.from({ length: loadingRows }, (_, i) => (
              <tr key={`loading-${i}`}>
                {columns.map((column) => (
                  <td key={column.id} className="px-4 py-3">
                    <Skeleton className="h-5 w-full min-w-12" />
                  </td>
                ))}
              </tr>
            ))
          ) : !rows || rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-ink-soft">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-sand-50">
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row" className={cn("px-4 py-3 font-normal", column.className)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={cn("px-4 py-3", column.className)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading && (
        <p role="status" className="sr-only">
          Chargement des données…
        </p>
      )}
    </section>
  );
}
