/**
 * Values in their row's unit (report-cells `unitText`, contract `unitBy`): every column that
 * declares one (the risk desk's threshold and observed value) is written, for every rule and any
 * value (fast-check), as money in the row's currency for amount rules, a percentage for ratios,
 * "n transaction(s)" for counts and "n day(s)" for the inactivity rule — never bare "15000.00".
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIST_REPORTS } from '@paydesk/contract';
import { RISK_ALERT_RULES, RISK_THRESHOLD_KINDS } from '@paydesk/domain';
import { i18n } from '../src/i18n/index.ts';
import { ageText, unitText } from '../src/shared/cell-text.ts';
import { formatMoney, formatPercent } from '../src/shared/format.ts';

const COLUMNS = LIST_REPORTS.flatMap((d) => d.columns.filter((c) => c.unitBy).map((c) => ({ def: d, c })));

describe('values in their row unit', () => {
  it('the risk desk declares its threshold and observed value by rule, with the rule and the currency in its rows', () => {
    const risk = COLUMNS.filter((x) => x.def.name === 'RiskAlert').map((x) => x.c.key);
    expect(risk.sort()).toEqual(['Observed', 'Threshold']);
    for (const { def, c } of COLUMNS) {
      const by = def.columns.find((x) => x.key === c.unitBy!.column)!;
      const places = (x: { in?: readonly string[] } | undefined): string[] => [...(x?.in ?? ['list', 'detail', 'export'])];
      expect(places(by)).toEqual(expect.arrayContaining(places(c)));
      expect(places(def.columns.find((x) => x.key === 'Currency'))).toContain('list');
    }
  });

  it('writes any value of any rule in its unit', () => {
    const t = i18n.getFixedT('en');
    fc.assert(
      fc.property(
        fc.constantFrom(...COLUMNS),
        fc.constantFrom(...RISK_ALERT_RULES),
        fc.integer({ min: 0, max: 10_000_000_00 }).map((sen) => (sen / 100).toFixed(2)),
        fc.constantFrom('MYR', 'SGD'),
        ({ c }, rule, value, currency) => {
          const text = unitText(t, c, { [c.key]: value, RuleCode: rule, Currency: currency }, currency, 'en')!;
          const n = Number(value);
          const expected = {
            AMOUNT: formatMoney(value, currency),
            PERCENT: formatPercent(value, 'en'),
            COUNT: n === 1 ? /^1 transaction$/ : /^[\d,.]+ transactions$/,
            DAYS: n === 1 ? /^1 day$/ : /^[\d,.]+ days$/,
          }[RISK_THRESHOLD_KINDS[rule]];
          if (typeof expected === 'string') expect(text).toBe(expected);
          else expect(text).toMatch(expected);
        },
      ),
    );
  });

  it('leaves a value of an unknown rule, or not a number, to the plain cell', () => {
    const t = i18n.getFixedT('en');
    const { c } = COLUMNS[0]!;
    expect(unitText(t, c, { [c.key]: '5.00', RuleCode: 'NO_SUCH_RULE' }, 'MYR', 'en')).toBeNull();
    expect(unitText(t, c, { [c.key]: 'n/a', RuleCode: 'SINGLE_LARGE_TXN' }, 'MYR', 'en')).toBeNull();
    expect(unitText(t, c, { [c.key]: null, RuleCode: 'SINGLE_LARGE_TXN' }, 'MYR', 'en')).toBeNull();
  });
});

describe('the age of a case (report columns with display "age")', () => {
  it('writes any elapsed time as whole days and hours, hours and minutes, or minutes, never negative, and the parts add back up', () => {
    const t = i18n.getFixedT('en');
    const now = Date.parse('2026-12-01T04:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: -120, max: 400 * 24 * 60 }), fc.integer({ min: 0, max: 59_999 }), (minutes, extraMs) => {
        const text = ageText(t, new Date(now - minutes * 60_000 - extraMs).toISOString(), now);
        const m = Math.max(0, minutes);
        const [d, h, min] = [Math.floor(m / 1440), Math.floor((m % 1440) / 60), m % 60];
        expect(text).toBe(d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${min} min` : `${min} min`);
      }),
    );
    expect(ageText(t, 'not a time', now)).toBe('-');
  });

  it('is declared only on list and detail instants (a file has no "now")', () => {
    const ages = LIST_REPORTS.flatMap((d) => d.columns.filter((c) => c.display === 'age'));
    expect(ages.map((c) => c.key)).toEqual(['Age']);
    for (const c of ages) {
      expect(c.kind).toBe('datetime');
      expect(c.in).not.toContain('export');
    }
  });
});
