// List state kept in the URL (page, size, q, sort, dir and filters), so every view is linkable,
// and the query string sent to the API.
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX } from "@domain/admin.ts";
import type { DataTableSort, SortDir } from "@web/components/ui/DataTable.tsx";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

export interface ListConfig {
  /** Sort keys the API accepts; the first is the default. */
  sorts: readonly string[];
  defaultDir: SortDir;
  /** Names of the filter parameters, sent as they are. */
  filters: readonly string[];
}

export interface ListState {
  page: number;
  size: number;
  q: string;
  sort: string;
  dir: SortDir;
  filters: Record<string, string>;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function parseListState(params: URLSearchParams, config: ListConfig): ListState {
  const sort = params.get("sort");
  const dir = params.get("dir");
  const filters: Record<string, string> = {};
  for (const name of config.filters) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(params.get("page"), 1),
    size: positiveInt(params.get("size"), ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX),
    q: params.get("q")?.trim() ?? "",
    sort: sort && config.sorts.includes(sort) ? sort : (config.sorts[0] ?? ""),
    dir: dir === "asc" || dir === "desc" ? dir : config.defaultDir,
    filters,
  };
}

/** The API query string: q, the filters, sort, dir, page and size, in this order. */
export function toApiQuery(state: ListState, config: ListConfig): string {
  const out = new URLSearchParams();
  if (state.q) out.set("q", state.q);
  for (const name of config.filters) {
    const value = state.filters[name];
    if (value) out.set(name, value);
  }
  if (state.sort) out.set("sort", state.sort);
  out.set("dir", state.dir);
  out.set("page", String(state.page));
  out.set("size", String(state.size));
  return out.toString();
}

export function useListParams(config: ListConfig) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, config), [params, config]);
  const query = useMemo(() => toApiQuery(state, config), [state, config]);

  /** Sets or removes URL parameters; any change but the page goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === "") next.delete(name);
            else next.set(name, value);
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]);
  const setQuery = useCallback((q: string) => update({ q: q.trim() || null }, true), [update]);
  const setFilter = useCallback((name: string, value: string) => update({ [name]: value || null }), [update]);
  const setSort = useCallback((sort: DataTableSort) => update({ sort: sort.key, dir: sort.dir }), [update]);
  /** Clears the search and the filters (the sort stays). */
  const reset = useCallback(() => {
    const cleared: Record<string, null> = { q: null };
    for (const name of config.filters) cleared[name] = null;
    update(cleared);
  }, [update, config]);

  const filtered = state.q !== "" || Object.keys(state.filters).length > 0;

  return { ...state, query, filtered, setPage, setQuery, setFilter, setSort, reset };
}

export type ListParams = ReturnType<typeof useListParams>;
