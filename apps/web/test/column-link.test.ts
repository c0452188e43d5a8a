/**
 * Column choices in a link (shared/column-layout `prefsParam` / `prefsFromParam`, the `cols`
 * parameter of a saved view or a shared link) and a saved view's query (saved-views-menu
 * `viewQuery`), generated with fast-check: any choice of column keys round-trips through the
 * parameter and the URL; a hand-edited value never throws and keeps only well-formed parts; the
 * view's query is the list's query plus `cols` only when columns were chosen.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COLUMNS_PARAM, NO_PREFS, prefsFromParam, prefsParam } from '../src/shared/column-layout.ts';
import { viewQuery } from '../src/shared/saved-views/saved-views-menu.tsx';

const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}$/);
const prefs = fc.uniqueArray(key, { maxLength: 12 }).chain((keys) =>
  fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }).map((shownFlags) => ({
    shown: keys.filter((_, i) => shownFlags[i]),
    hidden: keys.filter((_, i) => !shownFlags[i]),
  })),
);

describe('column choices in a link', () => {
  it('round-trips any choice through the parameter and a URL', () => {
    fc.assert(
      fc.property(prefs, (p) => {
        expect(prefsFromParam(prefsParam(p))).toEqual(p);
        const url = new URLSearchParams({ [COLUMNS_PARAM]: prefsParam(p) }).toString();
        expect(prefsFromParam(new URLSearchParams(url).get(COLUMNS_PARAM)!)).toEqual(p);
      }),
    );
  });

  it('reads any text without throwing, keeping only +Key and -Key parts (a key both ways is shown)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const p = prefsFromParam(text);
        for (const k of [...p.shown, ...p.hidden]) expect(k).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
        expect(p.hidden.filter((k) => p.shown.includes(k))).toEqual([]);
      }),
    );
    expect(prefsFromParam('+Mid,-Mid,-Amount,x,+,-1a, +Tid ')).toEqual({ shown: ['Mid', 'Tid'], hidden: ['Amount'] });
  });

  it("keeps a view's query as the list's, with cols only when columns were chosen", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string({ maxLength: 10 })), { maxLength: 5 }), prefs, (pairs, p) => {
        const search = new URLSearchParams(pairs.filter(([k]) => k !== COLUMNS_PARAM)).toString();
        const q = new URLSearchParams(viewQuery(search, p));
        expect(q.get(COLUMNS_PARAM)).toBe(p.shown.length + p.hidden.length > 0 ? prefsParam(p) : null);
        q.delete(COLUMNS_PARAM);
        expect(q.toString()).toBe(search);
      }),
    );
    expect(viewQuery('status=SUCCESS', NO_PREFS)).toBe('status=SUCCESS');
  });
});
