/**
 * The bank files of a payout batch (modules/payout/bulk-credit.ts; docs/payout-bulk-credit.md),
 * over generated batches (fast-check):
 *  - the bulk-credit file reads back, with a standard CSV reader, as one H, one D per line in
 *    order and one T: every field as written (names and descriptions with commas, quotes, line
 *    breaks and non-Latin letters cleaned and cut to their width, never spilling into another
 *    field), header and trailer counts and totals equal to the lines', the hash total the sum of
 *    the account numbers;
 *  - a result file answering every line once in any order, any header case and extra columns,
 *    reads back as those results; each kind of fault (an unknown, repeated or missing reference,
 *    an unreadable status, a failed line without a reason, an amount other than the line's, a
 *    missing column) is refused naming its row and field.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountHashTotal, bankText, BankResultProblem, bulkCreditFile, DESCRIPTION_MAX, NAME_MAX, readBankResult, senOf, senText, type BulkCreditLine,
} from '../../src/modules/payout/bulk-credit.ts';
import type { SheetRows } from '../../src/platform/sheet-limits.ts';

const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', '\t', 'é', '陈', '@', '=', '-', '0'), maxLength: 60 });
const lineArb = fc.record({
  name: text,
  bankCode: fc.constantFrom('MBB0228', 'BCBB0235', 'RHB0218', 'PBB0233'),
  accountNo: fc.stringMatching(/^[1-9]\d{5,19}$/),
  amountSen: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  description: text,
});
const batchArb = fc.array(lineArb, { minLength: 1, maxLength: 40 }).map((ls) =>
  ls.map((l, i): BulkCreditLine => ({ ...l, lineNo: i + 1, reference: `PD${1000 + i}B7` })),
);
const BATCH = { reference: 'PDB00000007', originator: 'Paydesk', payoutDate: '2026-11-27', currency: 'MYR' };

describe('bulk-credit file', () => {
  it('reads back as H, the D lines in order and T, with totals, counts and the hash total of the lines', () => {
    fc.assert(
      fc.property(batchArb, (lines) => {
        const file = bulkCreditFile(BATCH, lines);
        expect(file.endsWith('\r\n')).toBe(true);
        const records = parse(file, { relax_column_count: true }) as string[][];
        expect(records.length).toBe(lines.length + 2);
        const total = lines.reduce((s, l) => s + l.amountSen, 0n);
        expect(records[0]).toEqual(['H', 'PDB00000007', 'Paydesk', '20261127', 'MYR', String(lines.length), senText(total)]);
        lines.forEach((l, i) => {
          const d = records[i + 1]!;
          expect(d).toEqual(['D', String(l.lineNo), l.reference, bankText(l.name, NAME_MAX), l.bankCode, l.accountNo, senText(l.amountSen), bankText(l.description, DESCRIPTION_MAX)]);
          expect(d[3]!.length).toBeLessThanOrEqual(NAME_MAX);
          expect(d[3]).not.toMatch(/[\r\n\t]/);
        });
        expect(records.at(-1)).toEqual(['T', String(lines.length), senText(total), (lines.reduce((s, l) => s + BigInt(l.accountNo), 0n) % 10n ** 15n).toString()]);
        expect(accountHashTotal(lines.map((l) => l.accountNo))).toBe(records.at(-1)![3]);
      }),
      { numRuns: 200 },
    );
  });

  it('writes amounts in ringgit with 2 places that read back to the same sen', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (sen) => {
        expect(senOf(senText(sen))).toBe(sen);
      }),
    );
    expect(senText(5n)).toBe('0.05');
    expect(senOf('12.5')).toBe(1250n);
    expect(senOf('1,000.00')).toBeNull();
  });

  it('refuses a line it must not write', () => {
    const ok: BulkCreditLine = { lineNo: 1, reference: 'PD1B1', name: 'A', bankCode: 'MBB0228', accountNo: '1234567', amountSen: 100n, description: 'x' };
    expect(() => bulkCreditFile(BATCH, [{ ...ok, accountNo: '12-34567' }])).toThrow(/line 1/);
    expect(() => bulkCreditFile(BATCH, [{ ...ok, amountSen: 0n }])).toThrow(/line 1/);
  });
});

/** A result sheet of `rows` under `headers` (row numbers as in a file: header = 1). */
const sheet = (headers: string[], rows: Record<string, string>[]): SheetRows => ({ headers, rows: rows.map((values, i) => ({ row: i + 2, values })) });

const resultCase = batchArb.chain((lines) =>
  fc.record({
    lines: fc.constant(lines),
    failed: fc.array(fc.boolean(), { minLength: lines.length, maxLength: lines.length }),
    order: fc.shuffledSubarray(lines.map((_, i) => i), { minLength: lines.length, maxLength: lines.length }),
    upper: fc.boolean(),
    withAmount: fc.boolean(),
  }),
);

function resultRows(c: { lines: BulkCreditLine[]; failed: boolean[]; order: number[]; upper: boolean; withAmount: boolean }) {
  const h = (n: string) => (c.upper ? n.toUpperCase() : n);
  const headers = [h('Status'), 'BankRef', h('PaymentReference'), h('Reason'), ...(c.withAmount ? [h('Amount')] : [])];
  const rows = c.order.map((i) => {
    const l = c.lines[i]!;
    return {
      [h('Status')]: c.failed[i] ? 'Rejected' : 'success',
      BankRef: `B${i}`,
      [h('PaymentReference')]: l.reference,
      [h('Reason')]: c.failed[i] ? 'Account closed' : '',
      ...(c.withAmount ? { [h('Amount')]: senText(l.amountSen) } : {}),
    };
  });
  return { headers, rows, h };
}

describe('bank result file', () => {
  it('reads every line once, in any order, header case and with extra columns', () => {
    fc.assert(
      fc.property(resultCase, (c) => {
        const { headers, rows } = resultRows(c);
        const out = readBankResult(sheet(headers, rows), c.lines);
        expect(new Map(out.map((r) => [r.reference, r]))).toEqual(
          new Map(c.lines.map((l, i) => [l.reference, { reference: l.reference, result: c.failed[i] ? 'FAILED' : 'PAID', reason: c.failed[i] ? 'Account closed' : null }])),
        );
      }),
      { numRuns: 150 },
    );
  });

  const faults = ['unknown', 'repeat', 'missing', 'status', 'noReason', 'amount', 'noColumn'] as const;
  it('refuses each kind of fault, naming the row and the field', () => {
    fc.assert(
      fc.property(resultCase, fc.constantFrom(...faults), fc.nat(), (c, fault, pick) => {
        const { headers, rows, h } = resultRows({ ...c, withAmount: true });
        const at = pick % rows.length;
        const row = rows[at]!;
        let expectRow = at + 2;
        let field = 'PaymentReference';
        let hs = headers;
        switch (fault) {
          case 'unknown':
            row[h('PaymentReference')] = 'PD999999B7';
            break;
          case 'repeat':
            rows.push({ ...row });
            expectRow = rows.length + 1;
            break;
          case 'missing':
            rows.splice(at, 1);
            expectRow = 0;
            break;
          case 'status':
            row[h('Status')] = 'MAYBE';
            field = 'Status';
            break;
          case 'noReason':
            row[h('Status')] = 'FAILED';
            row[h('Reason')] = '  ';
            field = 'Reason';
            break;
          case 'amount':
            row[h('Amount')] = senText(c.lines.find((l) => l.reference === row[h('PaymentReference')])!.amountSen + 1n);
            field = 'Amount';
            break;
          case 'noColumn':
            hs = headers.filter((x) => x !== h('Status'));
            field = 'Status';
            expectRow = 0;
            break;
        }
        let problem: unknown;
        try {
          readBankResult(sheet(hs, rows), c.lines);
        } catch (e) {
          problem = e;
        }
        expect(problem, fault).toBeInstanceOf(BankResultProblem);
        expect((problem as BankResultProblem).row, fault).toBe(expectRow);
        expect((problem as BankResultProblem).field, fault).toBe(field);
      }),
      { numRuns: 300 },
    );
  });
});
