/**
 * The headless list controller every list screen runs on (react-admin's
 * `useListController` is the model): the list's state held in the URL (filters, sort, order,
 * page size, and for offset lists the page), paging in two modes, the RTK Query call, the
 * loading / loaded / filtered / error states the table and `listEmptyText` show, refresh, and the
 * user's column choices. `ResourceList` (offset pages) and `ReportPage` (keyset cursors) render
 * on it; it renders nothing itself.
 *
 * - `offset`: the page number is part of the URL query; the screen turns it into `PageIndex`.
 * - a link's `cols` parameter (shared/column-layout `prefsParam`) sets the column choice and leaves
 *   the address, so a saved view or a shared link reopens with its columns.
 * - `keyset`: a stack of the cursors of the pages seen so far (first / previous / next); it starts
 *   again at the first page whenever the query or the `resetKey` (e.g. the header currency)
 *   changes, since a cursor is only valid for the order and filters that produced it.
 */
import { useEffect, useMemo, useState } from 'react';
import type { SkipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { COLUMNS_PARAM, prefsFromParam, useColumnPrefs, useElementWidth, type ColumnPrefs, type ScreenWidth } from './column-layout.ts';

/** What the controller reads of an RTK Query hook's result (structurally any `useXQuery` answer). */
export interface QueryResultLike<Page> {
  data?: Page;
  currentData?: Page;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The position of the page asked for: its cursor (keyset; undefined for the first page). */
export interface PagePosition {
  cursor?: string;
}

export interface ListControllerOptions<Q, Arg, Page> {
  /** Where the column choices are kept (the screen's path, shared/column-layout). */
  screen: string;
  /** The query of a URL; must drop invalid values and fill defaults (never throws). */
  parse: (params: URLSearchParams) => Q;
  /** The URL query of a query, defaults left out (`parse(serialize(q))` equals `q`). */
  serialize: (q: Q) => URLSearchParams;
  /** Whether the query narrows the list (the empty text then says "…match the filters"). */
  isFiltered: (q: Q) => boolean;
  mode: 'offset' | 'keyset';
  /** Keyset only: besides the query, what starts the list again at its first page (e.g. the header currency). */
  resetKey?: string;
  /** The request of a query at a position; `skipToken` while the list cannot be asked yet (skip until ready). */
  request: (q: Q, position: PagePosition) => Arg | SkipToken;
  /** The RTK Query hook of the list. */
  useQuery: (arg: Arg | SkipToken) => QueryResultLike<Page>;
  /** What "ask the server again" does (default: refetch this query; a resource invalidates its tag). */
  refresh?: () => void;
  /** Navigate to this path when the query changes (e.g. leaving a detail at `{path}/:id`); default: stay. */
  pathname?: string;
}

export interface KeysetPaging {
  /** 1-based page shown (pages seen since the first). */
  page: number;
  first: () => void;
  previous: () => void;
  /** To the page after the shown one, by the cursor of its answer. */
  next: (cursor: string | null | undefined) => void;
}

export interface ListController<Q, Page> {
  query: Q;
  /** The URL query string of `query` (defaults left out). */
  search: string;
  /** Shows the list of `next`; the same query again asks the server again (from the first page). */
  apply: (next: Q) => void;
  /** The RTK Query answer as returned. */
  result: QueryResultLike<Page>;
  /** The page to show: the current answer; a stale one while a new one loads, never after a failure. */
  data: Page | undefined;
  /** An answer is awaited, or not asked yet (skipped): never "No records" then. */
  loading: boolean;
  /** An answer for the current request is shown. */
  loaded: boolean;
  /** The query narrows the list. */
  filtered: boolean;
  /** The list failed and there is nothing to show (show LoadError). */
  failed: boolean;
  refresh: () => void;
  /** Keyset paging (null in offset mode: the page is in the query). */
  keyset: KeysetPaging | null;
  /** The user's column choices and the table's room (shared/column-layout). */
  columns: { prefs: ColumnPrefs; width: ScreenWidth; setPrefs: (next: ColumnPrefs) => void; tableBox: (el: HTMLElement | null) => void; room: number | undefined };
}

const FIRST_PAGE: readonly (string | undefined)[] = [undefined];

/** The cursor stack for a paging key: the saved one while the key is the same, else the first page. */
export function cursorsFor(state: { key: string; cursors: readonly (string | undefined)[] }, key: string): readonly (string | undefined)[] {
  return state.key === key ? state.cursors : FIRST_PAGE;
}

/**
 * The controller of one list screen. See the module comment for the two paging modes.
 * Returns the query, its URL and `apply`, the answer and its states, refresh, keyset paging and
 * column choices; the screen renders them.
 */
export function useListController<Q, Arg, Page>(options: ListControllerOptions<Q, Arg, Page>): ListController<Q, Page> {
  const { parse, serialize, isFiltered, mode, resetKey = '', request, useQuery, pathname } = options;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parse(params), [parse, params]);
  const search = serialize(query).toString();

  // Keyset: the cursors of the pages seen so far, valid for one query and reset key only.
  const pagingKey = `${search}|${resetKey}`;
  const [paging, setPaging] = useState<{ key: string; cursors: readonly (string | undefined)[] }>({ key: pagingKey, cursors: FIRST_PAGE });
  const cursors = cursorsFor(paging, pagingKey);
  const cursor = mode === 'keyset' ? cursors[cursors.length - 1] : undefined;

  // RTK Query compares arguments by value: a new object of the same request is the same query.
  const result = useQuery(request(query, { cursor }));
  const refresh = () => (options.refresh ? options.refresh() : void result.refetch());

  const apply = (next: Q) => {
    const nextSearch = serialize(next).toString();
    // On a detail below the list (`{path}/:id`) the same query still goes back to the list.
    const elsewhere = pathname !== undefined && location.pathname !== pathname;
    if (nextSearch === search && !elsewhere) {
      // Search without a change: the first page, asked again.
      const onFirst = cursors.length === 1;
      setPaging({ key: pagingKey, cursors: FIRST_PAGE });
      if (mode === 'offset' || onFirst) refresh();
      return;
    }
    if (pathname !== undefined) navigate({ pathname, search: nextSearch });
    else setParams(new URLSearchParams(nextSearch));
  };

  const keyset: KeysetPaging | null =
    mode === 'keyset'
      ? {
          page: cursors.length,
          first: () => setPaging({ key: pagingKey, cursors: FIRST_PAGE }),
          previous: () => setPaging({ key: pagingKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : FIRST_PAGE }),
          next: (nextCursor) => {
            if (nextCursor) setPaging({ key: pagingKey, cursors: [...cursors, nextCursor] });
          },
        }
      : null;

  const prefs = useColumnPrefs(options.screen);
  // A shared or saved link's column choice (`cols`): kept as the user's own for the screen, then
  // dropped from the address, which goes on holding only the query.
  const linkColumns = params.get(COLUMNS_PARAM);
  useEffect(() => {
    if (linkColumns === null) return;
    prefs.setPrefs(prefsFromParam(linkColumns));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(COLUMNS_PARAM);
        return next;
      },
      { replace: true },
    );
    // Once per link (setPrefs changes identity with the prefs it sets).
  }, [linkColumns]);
  const [tableBox, room] = useElementWidth();
  const data = result.currentData ?? (result.isError ? undefined : result.data);

  return {
    query,
    search,
    apply,
    result,
    data,
    // Also before the first request (skipped until ready): never "No records" then.
    loading: result.isFetching || (result.currentData === undefined && !result.isError),
    loaded: result.currentData !== undefined,
    filtered: isFiltered(query),
    failed: result.isError && result.currentData === undefined,
    refresh,
    keyset,
    columns: { ...prefs, tableBox, room },
  };
}

