import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "./cn.ts";
import { Skeleton } from "./Skeleton.tsx";

export type SortDir = "asc" | "desc";

export interface DataTableColumn<T> {
  /** Stable id of the column. */
  id: string;
  /** Header text (also the sort button's name, and the cell's label on a card). */
  header: string;
  /** Hide the header text visually (e.g. an « Actions » column); it stays for screen readers. */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** The server's sort key when the column is sortable. */
  sortKey?: string;
  /** Direction of the first click on this column (dates usually start with the newest). */
  firstDir?: SortDir;
  /** Renders the cell as the row header (<th scope="row">), the title of the row's card. */
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
  /** A bordered white panel (default), or no frame nor side padding, for a table inside a card. */
  framed?: boolean;
  className?: string;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * Below 48rem of its own width (a container query: a table in a side column stacks too), the table
 * is laid out as a list of cards: each row a block, the row header as its title, every other cell
 * under its column's name, the unlabelled cells (actions) as they are. The sortable headers stay
 * above as a bar of sort buttons (« Trier par »); the others are kept for screen readers only.
 * Unprefixed classes are the cards', `@3xl:` ones the table's.
 */
const layout = {
  table: "block w-full text-left text-sm @3xl:table @3xl:border-collapse",
  caption: "block px-4 pt-4 pb-2 text-left text-base font-semibold @3xl:table-caption",
  sortLabel: "bg-sand-50 pt-3 text-xs font-semibold text-ink-soft @3xl:hidden",
  thead: "block border-b border-sand-200 bg-sand-50 text-ink-soft @3xl:table-header-group",
  headRow: "flex flex-wrap gap-x-5 py-1 @3xl:table-row @3xl:p-0",
  // A column's width settings are the table's: the sort bar's buttons keep their own width.
  headCell: "block font-semibold @max-3xl:min-w-0 @max-3xl:max-w-none @3xl:table-cell @3xl:py-2",
  tbody: "block divide-y divide-sand-200 @3xl:table-row-group",
  row: "flex flex-col gap-2 py-4 hover:bg-sand-50 @3xl:table-row @3xl:p-0 @3xl:align-top",
  cell: "flex flex-wrap items-baseline gap-x-3 gap-y-1 @max-3xl:empty:hidden @3xl:table-cell @3xl:py-3",
  label: "w-28 shrink-0 text-xs font-semibold text-ink-soft @3xl:hidden",
  /** The value next to its label; it goes under the label when it does not fit beside it. */
  value: "flex-auto",
  emptyCell: "block py-8 text-center text-ink-soft @3xl:table-cell @3xl:px-4 @3xl:py-10",
};

/** Side padding: the cards' rows, and the table's cells (wider at both ends). */
const inset = {
  framed: { row: "px-4", cell: "@3xl:px-2.5 @3xl:first:pl-4 @3xl:last:pr-4", head: "px-4" },
  bare: { row: "px-0 first:pt-0", cell: "@3xl:px-2.5 @3xl:first:pl-0 @3xl:last:pr-0", head: "px-0" },
};

/** Inline, so that it follows the header's last word when the header wraps onto two lines. */
function SortIcon({ dir }: { dir: SortDir | null }) {
  const Icon = dir === "asc" ? ArrowUp : dir === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Icon
      className={cn("ml-1.5 inline-block size-4 align-[-0.2em]", dir === null && "opacity-50")}
      aria-hidden="true"
    />
  );
}

/**
 * A table of server rows: a caption, sortable headers (buttons, with aria-sort on the sorted
 * column), skeleton rows while loading and a row saying why the table is empty. On narrow screens
 * its rows are cards (see `layout`); a table still too wide for its box scrolls horizontally in its
 * own focusable region, which is positioned so that visually hidden text (`sr-only`, absolutely
 * positioned) is kept in it rather than widening the page.
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
  framed = true,
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  const busy = loading || refreshing;
  const pad = framed ? inset.framed : inset.bare;
  const sortable = (column: DataTableColumn<T>) => Boolean(column.sortKey && onSortChange);
  const sortBar = columns.some(sortable);

  const toggle = (column: DataTableColumn<T>) => {
    if (!column.sortKey || !onSortChange) return;
    const dir: SortDir =
      sort?.key === column.sortKey ? (sort.dir === "asc" ? "desc" : "asc") : (column.firstDir ?? "asc");
    onSortChange({ key: column.sortKey, dir });
  };

  const cellClass = (column: DataTableColumn<T>) =>
    cn(layout.cell, pad.cell, column.rowHeader && "font-normal", column.className);

  // biome-ignore-start lint/a11y/noRedundantRoles: the cards change the display of the table's elements, and some browsers (Safari) then drop their table semantics; explicit roles keep them
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with the keyboard
      tabIndex={0}
      className={cn(
        "@container relative overflow-x-auto",
        framed && "rounded-[var(--radius-card)] border border-sand-200 bg-white",
        className,
      )}
    >
      {sortBar && (
        // Names the bar of sort buttons the cards have above them; the buttons name themselves.
        <p aria-hidden="true" className={cn(layout.sortLabel, pad.head)}>
          Trier par
        </p>
      )}
      <table role="table" className={layout.table} aria-busy={busy || undefined}>
        <caption id={captionId} className={captionHidden ? "sr-only" : layout.caption}>
          {caption}
        </caption>
        <thead role="rowgroup" className={cn(layout.thead, !sortBar && "@max-3xl:sr-only")}>
          <tr role="row" className={cn(layout.headRow, pad.head)}>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey;
              return (
                <th
                  key={column.id}
                  role="columnheader"
                  scope="col"
                  aria-sort={sorted && sort ? ARIA_SORT[sort.dir] : undefined}
                  className={cn(
                    layout.headCell,
                    pad.cell,
                    !sortable(column) && "@max-3xl:sr-only",
                    column.className,
                  )}
                >
                  {sortable(column) ? (
                    <button
                      type="button"
                      onClick={() => toggle(column)}
                      className={cn(
                        "-mx-2 min-h-11 rounded-lg px-2 py-2.5 text-left hover:bg-teal-50 hover:text-teal-900",
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
        <tbody role="rowgroup" className={cn(layout.tbody, refreshing && "opacity-60 transition-opacity")}>
          {loading ? (
            Array.from({ length: loadingRows }, (_, i) => (
              <tr key={`loading-${i}`} role="row" className={cn(layout.row, pad.row)}>
                {columns.map((column) => (
                  <td key={column.id} role="cell" className={cn(layout.cell, pad.cell)}>
                    <Skeleton className="h-5 w-full min-w-12" />
                  </td>
                ))}
              </tr>
            ))
          ) : !rows || rows.length === 0 ? (
            <tr role="row" className={cn(layout.row, pad.row)}>
              <td role="cell" colSpan={columns.length} className={layout.emptyCell}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} role="row" className={cn(layout.row, pad.row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} role="rowheader" scope="row" className={cellClass(column)}>
                      {column.cell(row)}
                    </th>
                  ) : column.headerHidden ? (
                    <td key={column.id} role="cell" className={cellClass(column)}>
                      {column.cell(row)}
                    </td>
                  ) : (
                    <td key={column.id} role="cell" className={cellClass(column)}>
                      {/* The cells' column headers name them for screen readers: the label is visual. */}
                      <span aria-hidden="true" className={layout.label}>
                        {column.header}
                      </span>
                      <div className={layout.value}>{column.cell(row)}</div>
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
  // biome-ignore-end lint/a11y/noRedundantRoles: end
}
