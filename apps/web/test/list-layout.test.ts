/**
 * The shared list behaviour, over generated cases (fast-check): which columns show at which
 * width and in what order, the user's column choices and where they are kept (per user and
 * screen), and "jump to date" on the keyset transaction list.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_PREFS, choose, isShown, layoutColumns, prefsKey, readPrefs, writePrefs, type ColumnPrefs, type ColumnPriority, type ScreenWidth } from '../src/shared/column-layout.ts';
import { ecommerceTransactions } from '@paydesk/contract';
import { defaultReportQuery, hasReportFilters as hasFilters, jumpToDate as jumpToDay, type ReportQuery as TxnQuery } from '../src/shared/report-query.ts';

const DEFAULT_QUERY = defaultReportQuery(ecommerceTransactions);
/** The e-commerce list is in date order when sorted by CreatedAt. */
const jumpToDate = (q: TxnQuery, day: string) => jumpToDay(q, day, 'CreatedAt');

const priority = fc.constantFrom<ColumnPriority>(1, 2, 3);
/** Columns with distinct keys c0…cN and any priorities. */
const columns = fc.array(priority, { maxLength: 14 }).map((ps) => ps.map((p, i) => ({ key: `c${i}`, priority: p })));
const width = fc.record({ wide: fc.boolean(), phone: fc.boolean() }).filter((w) => !(w.wide && w.phone));
const prefsFor = (keys: string[]) =>
  fc.array(fc.tuple(fc.constantFrom(...(keys.length ? keys : ['none'])), fc.constantFrom('shown', 'hidden', 'default')), { maxLength: 10 }).map((choices) => {
    const p: ColumnPrefs = { shown: [], hidden: [] };
    for (const [k, c] of choices) {
      p.shown = p.shown.filter((x) => x !== k);
      p.hidden = p.hidden.filter((x) => x !== k);
      if (c !== 'default') p[c].push(k);
    }
    return p;
  });

describe('column layout', () => {
  it('without choices: every column from 1600 px, priorities 1–2 below, key columns first on a phone', () => {
    fc.assert(
      fc.property(columns, width, (cols, w) => {
        const shown = layoutColumns(cols, NO_PREFS, w);
        const expected = cols.filter((c) => w.wide || c.priority < 3);
        expect(new Set(shown.map((c) => c.key))).toEqual(new Set(expected.map((c) => c.key)));
        if (w.phone) {
          // Sorted by priority, declared order kept within a priority.
          expect(shown).toEqual([...expected].sort((a, b) => a.priority - b.priority || Number(a.key.slice(1)) - Number(b.key.slice(1))));
        } else expect(shown).toEqual(expected);
      }),
    );
  });

  it("the user's choice wins over the priority at every width", () => {
    fc.assert(
      fc.property(
        columns.chain((cols) => fc.tuple(fc.constant(cols), prefsFor(cols.map((c) => c.key)), width)),
        ([cols, prefs, w]) => {
          const shown = new Set(layoutColumns(cols, prefs, w).map((c) => c.key));
          for (const c of cols) {
            if (prefs.hidden.includes(c.key)) expect(shown.has(c.key)).toBe(false);
            else if (prefs.shown.includes(c.key)) expect(shown.has(c.key)).toBe(true);
            else expect(shown.has(c.key)).toBe(w.wide || c.priority < 3);
          }
        },
      ),
    );
  });

  it('choosing shows or hides the column and leaves the others as they were', () => {
    fc.assert(
      fc.property(
        columns.filter((c) => c.length > 0).chain((cols) => fc.tuple(fc.constant(cols), prefsFor(cols.map((c) => c.key)), width, fc.nat(), fc.boolean())),
        ([cols, prefs, w, i, show]) => {
          const col = cols[i % cols.length]!;
          const next = choose(prefs, col.key, show);
          expect(isShown(col.key, col.priority, next, w)).toBe(show);
          for (const c of cols) if (c.key !== col.key) expect(isShown(c.key, c.priority, next, w)).toBe(isShown(c.key, c.priority, prefs, w));
        },
      ),
    );
  });

  it('with the room known, lower-priority columns give way from the last one until the rest fit; key and chosen columns stay', () => {
    const sized = fc.array(fc.tuple(priority, fc.integer({ min: 40, max: 300 })), { maxLength: 14 }).map((cs) => cs.map(([p, px], i) => ({ key: `c${i}`, priority: p, width: px })));
    fc.assert(
      fc.property(
        sized.chain((cols) => fc.tuple(fc.constant(cols), prefsFor(cols.map((c) => c.key)), fc.integer({ min: 0, max: 2500 }))),
        ([cols, prefs, room]) => {
          const w: ScreenWidth = { wide: false, phone: false };
          const all = layoutColumns(cols, prefs, w);
          const fitted = layoutColumns(cols, prefs, w, room);
          const sum = (cs: typeof cols) => cs.reduce((s, c) => s + c.width, 0);
          const must = all.filter((c) => c.priority === 1 || prefs.shown.includes(c.key));
          // Every key or chosen column stays; the result is a subsequence of the unfitted one.
          for (const c of must) expect(fitted).toContain(c);
          expect(all.filter((c) => fitted.includes(c))).toEqual(fitted);
          // It fits, unless only columns that must stay are left.
          if (sum(fitted) > room && room > 0) expect(fitted).toEqual(must);
          // The dropped ones are the last droppable: every dropped column comes after every kept droppable one.
          const dropped = all.filter((c) => !fitted.includes(c));
          const keptDroppable = fitted.filter((c) => !must.includes(c));
          if (dropped.length && keptDroppable.length) expect(all.indexOf(dropped[0]!)).toBeGreaterThan(all.indexOf(keptDroppable[keptDroppable.length - 1]!));
        },
      ),
    );
  });

  describe('kept per user and screen', () => {
    beforeEach(() => localStorage.clear());

    it('reads back what was written, for that user and screen only', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 }), fc.constantFrom('/currency-config', '/mdr-products', '/transaction/ecommerce'), prefsFor(['a', 'b', 'c']), (u1, u2, screen, prefs) => {
          localStorage.clear();
          writePrefs(u1, screen, prefs);
          expect(readPrefs(u1, screen)).toEqual(prefs);
          if (u2 !== u1) expect(readPrefs(u2, screen)).toEqual(NO_PREFS);
          expect(readPrefs(u1, `${screen}-other`)).toEqual(NO_PREFS);
          // No choice left: nothing stored.
          writePrefs(u1, screen, NO_PREFS);
          expect(localStorage.getItem(prefsKey(u1, screen))).toBeNull();
        }),
      );
    });

    it('reads unreadable or malformed entries as no choice', () => {
      for (const raw of ['{', 'null', '42', '"x"', '[]', '{"shown":"a"}', '{"shown":[1,"a"],"hidden":[null]}']) {
        localStorage.setItem(prefsKey(7, '/x'), raw);
        const p = readPrefs(7, '/x');
        expect(p.hidden).toEqual([]);
        expect(p.shown).toEqual(raw === '{"shown":[1,"a"],"hidden":[null]}' ? ['a'] : []);
      }
    });
  });
});

describe('jump to date (keyset transaction list)', () => {
  const day = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const query = fc.record({
    from: fc.option(day, { nil: undefined }),
    to: fc.option(day, { nil: undefined }),
    order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    sort: fc.constantFrom<'CreatedAt' | 'TxnAmount'>('CreatedAt', 'TxnAmount'),
    ref: fc.option(fc.constantFrom('T1', 'ABC'), { nil: undefined }),
  }).map((r): TxnQuery => ({ ...DEFAULT_QUERY, ...r }));

  it('newest first: the range ends that day; oldest first: it starts that day; the rest is kept', () => {
    fc.assert(
      fc.property(query, day, (q, d) => {
        const j = jumpToDate(q, d);
        if (q.sort !== 'CreatedAt') {
          expect(j).toEqual(q);
          return;
        }
        expect({ ...j, from: undefined, to: undefined }).toEqual({ ...q, from: undefined, to: undefined });
        if (q.order === 'desc') {
          expect(j.to).toBe(d);
          expect(j.from).toBe(q.from !== undefined && q.from <= d ? q.from : undefined);
        } else {
          expect(j.from).toBe(d);
          expect(j.to).toBe(q.to !== undefined && q.to >= d ? q.to : undefined);
        }
      }),
    );
  });

  it('a query with a filter is filtered; sort, order and page size alone are not', () => {
    expect(hasFilters(DEFAULT_QUERY)).toBe(false);
    expect(hasFilters({ ...DEFAULT_QUERY, sort: 'TxnAmount', order: 'asc', size: 100 })).toBe(false);
    const filters: Partial<TxnQuery>[] = [{ from: '2026-01-01' }, { to: '2026-01-01' }, { status: ['SUCCESS'] }, { pm: ['CC'] }, { scheme: ['VISA'] }, { mm: 1 }, { agency: 2 }, { agent: 3 }, { merchant: 4 }, { branch: 5 }, { ref: 'T' }, { min: '1' }, { max: '2' }, { last4: '1234' }];
    for (const f of filters) expect(hasFilters({ ...DEFAULT_QUERY, ...f })).toBe(true);
  });
});
