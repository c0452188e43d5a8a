/**
 * The headless list controller (shared/list-controller.ts) on its own, with a stand-in query
 * hook: the query comes from the URL and goes back to it (defaults out, invalid values dropped),
 * keyset paging keeps a stack of cursors that starts again at the first page when the query or
 * the reset key (the header currency) changes, the same query asks again, nothing is asked until
 * the request is ready, and offset mode leaves the page to the query.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { useState } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { cursorsFor, useListController, type ListController, type QueryResultLike } from '../src/shared/list-controller.ts';
import { createStore } from '../src/store/index.ts';

interface Q {
  status: string[];
  size: number;
}
const SIZES = [20, 50];
const parse = (p: URLSearchParams): Q => ({
  status: (p.get('status') ?? '').split(',').filter((s) => ['A', 'B', 'C'].includes(s)),
  size: SIZES.includes(Number(p.get('size'))) ? Number(p.get('size')) : 20,
});
const serialize = (q: Q) => {
  const p = new URLSearchParams();
  if (q.status.length) p.set('status', q.status.join(','));
  if (q.size !== 20) p.set('size', String(q.size));
  return p;
};

type Arg = { q: Q; cursor?: string };

function harness(options: { mode: 'offset' | 'keyset'; url?: string; ready?: boolean; resetKey?: string }) {
  const asked: Arg[] = [];
  const refresh = vi.fn();
  const refetch = vi.fn();
  let answer: QueryResultLike<string[]> = { data: ['row'], currentData: ['row'], isFetching: false, isError: false, refetch };
  const useQuery = (arg: Arg | SkipToken): QueryResultLike<string[]> => {
    if (arg === skipToken) return { isFetching: false, isError: false, refetch };
    asked.push(arg);
    return answer;
  };
  let ctl!: ListController<Q, string[]>;
  const initial = { ready: options.ready ?? true, resetKey: options.resetKey ?? 'MYR' };
  let setProps!: (next: typeof initial) => void;
  let props = initial;
  function Probe() {
    const [state, set] = useState(initial);
    setProps = set;
    props = state;
    ctl = useListController<Q, Arg, string[]>({
      screen: '/probe',
      parse,
      serialize,
      isFiltered: (q) => q.status.length > 0,
      mode: options.mode,
      resetKey: props.resetKey,
      request: (q, { cursor }) => (props.ready ? { q, cursor } : skipToken),
      useQuery,
      refresh: options.mode === 'offset' ? refresh : undefined,
      pathname: '/probe',
    });
    return null;
  }
  const router = createMemoryRouter([{ path: '/probe', element: <Probe />, children: [{ path: ':id', element: null }] }], { initialEntries: [options.url ?? '/probe'] });
  const store = createStore();
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  /** New props for the screen (a new header currency, the request becoming ready); `{}` renders again. */
  const rerender = (next: Partial<typeof initial>) => setProps({ ...props, ...next });
  return {
    get ctl() {
      return ctl;
    },
    router,
    asked,
    refresh,
    refetch,
    rerender,
    setAnswer: (a: QueryResultLike<string[]>) => (answer = a),
  };
}

afterEach(cleanup);

describe('list controller: the URL', () => {
  it('reads the query from the URL (invalid values dropped) and writes it back without defaults', async () => {
    const h = harness({ mode: 'keyset', url: '/probe?status=A,Z&size=7' });
    expect(h.ctl.query).toEqual({ status: ['A'], size: 20 });
    expect(h.ctl.search).toBe('status=A');
    expect(h.ctl.filtered).toBe(true);
    await act(() => h.ctl.apply({ status: [], size: 50 }));
    expect(h.router.state.location.search).toBe('?size=50');
    expect(h.ctl.query).toEqual({ status: [], size: 50 });
    expect(h.ctl.filtered).toBe(false);
  });

  it('for random queries, what apply writes is what the URL reads back', async () => {
    const h = harness({ mode: 'offset' });
    await fc.assert(
      fc.asyncProperty(fc.record({ status: fc.uniqueArray(fc.constantFrom('A', 'B', 'C')), size: fc.constantFrom(...SIZES) }), async (q) => {
        await act(() => h.ctl.apply(q));
        expect(h.ctl.query).toEqual(q);
        expect(parse(new URLSearchParams(h.router.state.location.search))).toEqual(q);
      }),
      { numRuns: 25 },
    );
  });

  it('leaves a detail below the list for the list when a query is applied', async () => {
    const h = harness({ mode: 'keyset', url: '/probe/9?status=A' });
    await act(() => h.ctl.apply(h.ctl.query));
    expect(h.router.state.location.pathname).toBe('/probe');
    expect(h.router.state.location.search).toBe('?status=A');
  });
});

describe('list controller: keyset paging', () => {
  it('keeps a stack of cursors: next, previous, first', () => {
    const h = harness({ mode: 'keyset' });
    expect(h.ctl.keyset!.page).toBe(1);
    expect(h.asked.at(-1)!.cursor).toBeUndefined();
    act(() => h.ctl.keyset!.next('c1'));
    act(() => h.ctl.keyset!.next('c2'));
    expect([h.ctl.keyset!.page, h.asked.at(-1)!.cursor]).toEqual([3, 'c2']);
    act(() => h.ctl.keyset!.previous());
    expect([h.ctl.keyset!.page, h.asked.at(-1)!.cursor]).toEqual([2, 'c1']);
    act(() => h.ctl.keyset!.next(null)); // the last page has no next cursor: nothing happens
    expect(h.ctl.keyset!.page).toBe(2);
    act(() => h.ctl.keyset!.first());
    expect([h.ctl.keyset!.page, h.asked.at(-1)!.cursor]).toEqual([1, undefined]);
  });

  it('starts again at the first page when the query or the reset key changes', async () => {
    const h = harness({ mode: 'keyset' });
    act(() => h.ctl.keyset!.next('c1'));
    expect(h.ctl.keyset!.page).toBe(2);
    await act(() => h.ctl.apply({ status: ['B'], size: 20 }));
    expect([h.ctl.keyset!.page, h.asked.at(-1)]).toEqual([1, { q: { status: ['B'], size: 20 }, cursor: undefined }]);
    act(() => h.ctl.keyset!.next('c9'));
    expect(h.ctl.keyset!.page).toBe(2);
    act(() => h.rerender({ resetKey: 'SGD' }));
    expect([h.ctl.keyset!.page, h.asked.at(-1)!.cursor]).toEqual([1, undefined]);
  });

  it('the same query again: from page 2 back to the first page; on the first page, asked again', async () => {
    const h = harness({ mode: 'keyset' });
    act(() => h.ctl.keyset!.next('c1'));
    await act(() => h.ctl.apply(h.ctl.query));
    expect(h.ctl.keyset!.page).toBe(1);
    expect(h.refetch).not.toHaveBeenCalled();
    await act(() => h.ctl.apply(h.ctl.query));
    expect(h.refetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing until the request is ready, and shows loading (never "no records") meanwhile', () => {
    const h = harness({ mode: 'keyset', ready: false });
    expect(h.asked).toHaveLength(0);
    expect([h.ctl.loading, h.ctl.loaded, h.ctl.failed, h.ctl.data]).toEqual([true, false, false, undefined]);
    act(() => h.rerender({ ready: true }));
    expect(h.asked).toHaveLength(1);
    expect([h.ctl.loading, h.ctl.loaded, h.ctl.data]).toEqual([false, true, ['row']]);
  });

  it('after a failure there is nothing to show: failed, and no stale rows', () => {
    const h = harness({ mode: 'keyset' });
    h.setAnswer({ data: ['old'], currentData: undefined, isFetching: false, isError: true, refetch: h.refetch });
    act(() => h.rerender({}));
    expect([h.ctl.failed, h.ctl.loading, h.ctl.data]).toEqual([true, false, undefined]);
  });

  it('the cursor stack belongs to one paging key', () => {
    expect(cursorsFor({ key: 'a', cursors: [undefined, 'c1'] }, 'a')).toEqual([undefined, 'c1']);
    expect(cursorsFor({ key: 'a', cursors: [undefined, 'c1'] }, 'b')).toEqual([undefined]);
  });
});

describe('list controller: offset mode', () => {
  it('has no cursor paging, and the same query again refreshes', async () => {
    const h = harness({ mode: 'offset', url: '/probe?status=C' });
    expect(h.ctl.keyset).toBeNull();
    expect(h.asked.at(-1)!.cursor).toBeUndefined();
    await act(() => h.ctl.apply(h.ctl.query));
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });
});
