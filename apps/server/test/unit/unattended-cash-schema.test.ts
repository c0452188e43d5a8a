/**
 * The table of unattended cash events keeps one count column per domain
 * denomination and direction, in the domain's order, and its derived amounts weigh each by its
 * face value: the schema spells them out for drizzle-kit, the domain names them for everything else.
 */
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { CASH_DENOMINATIONS, CASH_DIRECTIONS, cashCountColumn } from '@paydesk/domain';
import { unattendedCashEvents } from '../../src/db/schema/index.ts';

describe('unattended_cash_events', () => {
  const columns = Object.values(getTableColumns(unattendedCashEvents));

  it('has the count columns of the domain, as non-negative integers', () => {
    const counts = columns.filter((c) => /^(note|coin)_\d+_(in|out)$/.test(c.name));
    const want = CASH_DENOMINATIONS.flatMap((d) => CASH_DIRECTIONS.map((dir) => cashCountColumn(d, dir)));
    expect(counts.map((c) => c.name)).toEqual(want);
    for (const c of counts) expect([c.getSQLType(), c.notNull]).toEqual(['integer', true]);
  });

  it('derives each amount from every count of its direction at its face value', () => {
    const generated = (name: string) => {
      const c = columns.find((x) => x.name === name) as unknown as { generated?: { as: { queryChunks?: { value?: string[] }[] } | string } };
      const as = c.generated?.as;
      return typeof as === 'string' ? as : (as?.queryChunks ?? []).flatMap((q) => q.value ?? []).join('');
    };
    for (const dir of CASH_DIRECTIONS) {
      const text = generated(`cash_${dir}_amount`);
      for (const d of CASH_DENOMINATIONS) expect(text).toContain(`${cashCountColumn(d, dir)} * ${(d.sen / 100).toFixed(2)}`);
    }
    expect(generated('net_amount')).toContain(' - ');
  });
});
