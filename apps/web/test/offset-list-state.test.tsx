/**
 * useOffsetListState (shared/offset-list-table.tsx), the paging state of the hand-built offset lists
 * (/zmk-config, /rm-application, /terminal-firmware-management's files and rollouts): generated
 * sequences of pager moves, sorts and filter changes against a model: a sort or a filter goes back
 * to page 1, the pager sets page and size, and the request and the table always say the same.
 */
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortOrderOf, useOffsetListState, type ServerSort } from '../src/shared/offset-list-table.tsx';

type Field = 'Name' | 'Status';
const SIZES = [20, 50, 100] as const;

type Step = { kind: 'page'; page: number; size: number } | { kind: 'sort'; sort: ServerSort<Field> | undefined } | { kind: 'filter'; value: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('page' as const), page: fc.integer({ min: 1, max: 40 }), size: fc.constantFrom(...SIZES) }),
  fc.record({
    kind: fc.constant('sort' as const),
    sort: fc.option(fc.record({ Field: fc.constantFrom<Field>('Name', 'Status'), Order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc') }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('filter' as const), value: fc.string({ maxLength: 5 }) }),
);

describe('useOffsetListState', () => {
  it('starts on page 1 at the first size, unsorted', () => {
    const { result } = renderHook(() => useOffsetListState<Field>(SIZES));
    expect(result.current.request).toEqual({ PageIndex: 1, RowsPerPage: 20, Sort: undefined });
    expect(result.current.table).toMatchObject({ page: 1, size: 20, sizes: SIZES });
  });

  it('follows the model over generated pager moves, sorts and filter changes', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const { result, unmount } = renderHook(() => useOffsetListState<Field>(SIZES));
        const model = { page: 1, size: 20, sort: undefined as ServerSort<Field> | undefined, filter: '' };
        for (const s of steps) {
          act(() => {
            if (s.kind === 'page') result.current.table.onPage(s.page, s.size);
            else if (s.kind === 'sort') result.current.table.onSort(s.sort);
            else result.current.filter((v: string) => (model.filter = v))(s.value);
          });
          if (s.kind === 'page') Object.assign(model, { page: s.page, size: s.size });
          else if (s.kind === 'sort') Object.assign(model, { page: 1, sort: s.sort });
          else model.page = 1;
          expect(result.current.request).toEqual({ PageIndex: model.page, RowsPerPage: model.size, Sort: model.sort });
          expect(result.current.table).toMatchObject({ page: model.page, size: model.size });
          expect(sortOrderOf(result.current.sort, 'Name').sortOrder).toBe(model.sort?.Field === 'Name' ? (model.sort.Order === 'asc' ? 'ascend' : 'descend') : null);
        }
        if (steps.at(-1)?.kind === 'filter') expect(model.filter).toBe((steps.at(-1) as { value: string }).value);
        unmount();
      }),
      { numRuns: 60 },
    );
  });
});
