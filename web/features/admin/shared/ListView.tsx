import type { AdminList } from "@domain/admin.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { DataTable, type DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Pagination } from "@web/components/ui/Pagination.tsx";
import { errorMessage } from "@web/lib/api.ts";
import type { ListParams } from "./list-params.ts";

interface ListViewProps<T> {
  list: UseQueryResult<AdminList<T>>;
  params: ListParams;
  caption: string;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => string;
  /** What the empty, unfiltered list means, e.g. « Aucun utilisateur pour le moment. ». */
  emptyText: string;
  errorTitle: string;
  itemsLabel: string;
  itemLabel: string;
}

/** A later page found empty (the list has shrunk meanwhile), with the way back to the first. */
export function EmptyPage({ onFirstPage, className }: { onFirstPage: () => void; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center gap-3", className)}>
      <p>Cette page est vide.</p>
      <Button variant="secondary" size="sm" onClick={onFirstPage}>
        Revenir à la première page
      </Button>
    </div>
  );
}

/** The list on screen could not be refreshed: it stays, under the error and a retry. */
export function RefreshFailed({ list }: { list: UseQueryResult<unknown> }) {
  return (
    <Alert tone="error" title="La liste n’a pas pu être mise à jour">
      <p>{errorMessage(list.error)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
        Réessayer
      </Button>
    </Alert>
  );
}

/** An admin list: table, pagination, and the empty, loading and error states. */
export function ListView<T>({
  list,
  params,
  caption,
  columns,
  rowKey,
  emptyText,
  errorTitle,
  itemsLabel,
  itemLabel,
}: ListViewProps<T>) {
  if (list.isError && !list.data)
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );

  const page = list.data;
  const rows = page?.data;
  const empty =
    params.page > 1 ? (
      <EmptyPage onFirstPage={() => params.setPage(1)} />
    ) : params.filtered ? (
      <div className="flex flex-col items-center gap-3">
        <p>Aucun résultat pour ces critères.</p>
        <Button variant="secondary" size="sm" onClick={params.reset}>
          Effacer les filtres
        </Button>
      </div>
    ) : (
      emptyText
    );

  return (
    <div className="flex flex-col gap-4">
      {list.isError && <RefreshFailed list={list} />}
      <p role="status" className="sr-only">
        {list.isFetching && !list.isPending ? "Mise à jour de la liste…" : ""}
      </p>
      <DataTable
        caption={caption}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={list.isPending}
        refreshing={list.isPlaceholderData}
        sort={{ key: params.sort, dir: params.dir }}
        onSortChange={params.setSort}
        empty={empty}
      />
      {page && page.total > 0 && (
        <Pagination
          page={params.page}
          size={params.size}
          total={page.total}
          totalCapped={page.totalCapped}
          hasNext={page.totalCapped ? page.data.length >= params.size : undefined}
          onPageChange={params.setPage}
          itemsLabel={itemsLabel}
          itemLabel={itemLabel}
        />
      )}
    </div>
  );
}
