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
import { unitText } from '../src/features/reports/report-cells.tsx';
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
