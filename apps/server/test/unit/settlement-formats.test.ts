/**
 * Provider settlement file formats ("parse by header name, never by position";
 * docs/settlement-formats.md). fast-check properties over ALL formats: what `write` gives `read`
 * gives back; header order, case, surrounding spaces and extra columns change nothing; a blank,
 * absent or corrupted required field is a RowProblem naming that field and line, never a throw.
 * Example-based checks against the real Revenue Monster sample (../shared/reference/settlement_formats.md)
 * and the conventions of each designed format.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTLEMENT_FORMATS, formatOf, missingHeaders } from '../../src/modules/settlement/formats/index.ts';
import type { ProviderRow, SettlementFormat } from '../../src/modules/settlement/formats/types.ts';

/** What a format cannot state (docs/settlement-formats.md): Razer's daily report lists MYR payments only. */
const PAYMENTS_ONLY = new Set(['RAZERPAY']);
const MYR_ONLY = new Set(['RAZERPAY']);

const DAY_MS = 86_400_000;
const FROM = Date.UTC(2000, 0, 1);
const DAYS = (Date.UTC(2099, 11, 31) - FROM) / DAY_MS;

/** Sen as 2-decimal ringgit text ('1250' → '12.50'). */
function ringgit(sen: bigint): string {
  const text = (sen < 0n ? -sen : sen).toString().padStart(3, '0');
  return `${sen < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

const amount = fc.bigInt(1n, 9_999_999_999n).map(ringgit);
const fee = fc.oneof(fc.constant('0.00'), fc.bigInt(0n, 100_000n).map(ringgit), fc.bigInt(0n, 9_999_999_999n).map(ringgit));
const net = fc.oneof(fc.constant('0.00'), fc.bigInt(-9_999_999_999n, 9_999_999_999n).map(ringgit));
/** Any second of 2000–2099, and seconds around MYT midnight (16:00Z) and MYT noon (04:00Z, the 12-hour clock's AM/PM). */
const txnAt = fc.oneof(
  fc.integer({ min: 0, max: DAYS * 86_400 }).map((s) => new Date(FROM + s * 1000)),
  fc.tuple(fc.integer({ min: 0, max: DAYS }), fc.constantFrom(16, 4), fc.integer({ min: -3, max: 3 })).map(([d, h, s]) => new Date(FROM + d * DAY_MS + h * 3_600_000 + s * 1000)),
);
const day = fc.integer({ min: 0, max: DAYS }).map((d) => new Date(FROM + d * DAY_MS).toISOString().slice(0, 10));
const reference = fc.oneof(
  fc.stringMatching(/^PD\d{16}$/),
  fc.stringMatching(/^\d{1,24}$/),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== ''),
);

/** A ProviderRow `format` can state: mid and tid on TPA files only, Razer's limits. */
function rowOf(format: SettlementFormat, ref: fc.Arbitrary<string> = reference): fc.Arbitrary<ProviderRow> {
  const tpa = format.kind === 'TPA';
  return fc.record({
    lineNo: fc.integer({ min: 2, max: 2_000_001 }),
    reference: ref,
    providerTxnId: fc.option(fc.stringMatching(/^[0-9A-Za-z]{1,24}$/), { nil: null }),
    txnType: PAYMENTS_ONLY.has(format.key) ? fc.constant('PAYMENT' as const) : fc.constantFrom('PAYMENT' as const, 'REFUND' as const),
    txnAt,
    settlementDate: day,
    amount,
    fee,
    net,
    currency: MYR_ONLY.has(format.key) ? fc.constant('MYR') : fc.constantFrom('MYR', 'USD', 'SGD'),
    method: fc.option(fc.constantFrom('BOOST', 'fpx', 'credit', 'TNG', 'maybank2u', 'VISA'), { nil: null }),
    mid: tpa ? fc.stringMatching(/^M\d{6,15}$/) : fc.constant(null),
    tid: tpa ? fc.stringMatching(/^T\d{8}$/) : fc.constant(null),
  });
}

/** A header respelled: upper, lower or swapped case, with spaces or a tab around it. */
function respelled(header: string, [how, pad]: [number, string]): string {
  const cased = [header, header.toUpperCase(), header.toLowerCase(), [...header].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')][how]!;
  return `${pad}${cased}${pad.split('').reverse().join('')}`;
}
const spelling = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('', ' ', '  ', '\t', ' \t'));

describe('settlement formats: the list', () => {
  it('has the 9 formats, each found by its key in any case', () => {
    expect(SETTLEMENT_FORMATS.map((f) => f.key)).toEqual(['RM', 'BSN', 'RAZERPAY', 'FINEXUS', 'IPAY88', 'PAYDEE', 'RM_TPA', 'PAYDEE_TPA', 'BSN_TPA']);
    for (const f of SETTLEMENT_FORMATS) {
      expect(formatOf(f.key)).toBe(f);
      expect(formatOf(` ${f.key.toLowerCase()} `)).toBe(f);
      expect(f.key).toBe(f.kind === 'TPA' ? `${f.provider}_TPA` : f.provider);
    }
    expect(formatOf('STRIPE')).toBeUndefined();
  });

  for (const f of SETTLEMENT_FORMATS)
    it(`${f.key}: required headers are distinct and written; missingHeaders compares trimmed and case-insensitively`, () => {
      const keys = f.headersOut.map((h) => h.trim().toLowerCase());
      expect(new Set(keys).size).toBe(keys.length);
      for (const h of f.requiredHeaders) expect(f.headersOut).toContain(h);
      expect(missingHeaders(f, [...f.headersOut])).toEqual([]);
      expect(missingHeaders(f, f.headersOut.map((h) => ` ${h.toUpperCase()}  `).reverse())).toEqual([]);
      expect(missingHeaders(f, ['Something else'])).toEqual([...f.requiredHeaders]);
      const [dropped] = f.requiredHeaders;
      expect(missingHeaders(f, f.headersOut.filter((h) => h !== dropped))).toEqual([dropped]);
    });
});

describe('settlement formats: properties over every format', () => {
  for (const f of SETTLEMENT_FORMATS) {
    it(`${f.key}: read(write(row)) gives the row back; write gives headersOut in order`, () => {
      fc.assert(
        fc.property(rowOf(f), (row) => {
          const record = f.write(row);
          expect(Object.keys(record)).toEqual([...f.headersOut]);
          expect(f.read(record, row.lineNo)).toEqual({ ok: true, row });
        }),
      );
    });

    it(`${f.key}: header order, case, spaces and extra columns change nothing`, () => {
      const n = f.headersOut.length;
      fc.assert(
        fc.property(
          rowOf(f),
          fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
          fc.array(spelling, { minLength: n, maxLength: n }),
          fc.dictionary(fc.stringMatching(/^zz_[a-z]{1,8}$/), fc.string()),
          (row, order, spellings, extra) => {
            const entries = Object.entries(f.write(row));
            const record: Record<string, string> = {};
            for (const i of order) record[respelled(entries[i]![0], spellings[i]!)] = entries[i]![1];
            Object.assign(record, extra);
            expect(f.read(record, row.lineNo)).toEqual({ ok: true, row });
          },
        ),
      );
    });

    it(`${f.key}: a blank, absent or corrupted required field is a RowProblem naming it and the line`, () => {
      // References, MIDs and TIDs are free text (any non-blank value reads): generated with prefixes no other field has, so they are told apart.
      fc.assert(
        fc.property(rowOf(f, fc.stringMatching(/^PD\d{1,16}$/)), fc.constantFrom('', ' ', '\t '), (row, blank) => {
          const record = f.write(row);
          const freeText = new Set([row.reference, row.mid, row.tid]);
          for (const h of f.requiredHeaders) {
            const expectProblem = (changed: Record<string, string>) => {
              const reading = f.read(changed, row.lineNo);
              expect(reading.ok, `${h}: ${JSON.stringify(changed[h])}`).toBe(false);
              if (reading.ok) return;
              expect(reading.problem.lineNo).toBe(row.lineNo);
              expect(reading.problem.field).toBe(h);
              expect(reading.problem.message).toContain(h);
            };
            expectProblem({ ...record, [h]: blank });
            const { [h]: _gone, ...without } = record;
            expectProblem(without);
            if (!freeText.has(record[h]!)) expectProblem({ ...record, [h]: `${record[h]}x` });
          }
        }),
      );
    });

    it(`${f.key}: any record reads to a row or a problem on one of its headers, never a throw`, () => {
      const cell = fc.oneof(fc.string(), fc.constantFrom('', '0', '-1', '12.50', '1,250.00', '0000-00-00 00:00:00', 'CR', 'DR', 'PAYMENT', '00'));
      fc.assert(
        fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...f.headersOut), fc.string()), cell), fc.integer({ min: 2, max: 1000 }), (record, lineNo) => {
          const reading = f.read(record, lineNo);
          if (reading.ok) expect(reading.row.lineNo).toBe(lineNo);
          else {
            expect(reading.problem.lineNo).toBe(lineNo);
            expect(f.headersOut).toContain(reading.problem.field);
            expect(reading.problem.message.length).toBeGreaterThan(0);
          }
        }),
      );
    });
  }
});

/** The Revenue Monster reconciliation item of RevenueMonster/doc-v2 daily-settlement-report.md, verbatim, with our settlementDate. */
const RM_SAMPLE: Record<string, string> = {
  transactionAt: '2021-07-28T03:30:44Z', merchantId: '4118165203679668885', merchantName: 'Revenue Monster', storeId: '1623743430847879711',
  storeName: 'SIDEC', region: 'MALAYSIA', method: 'BOOST', transactionType: 'PAYMENT', type: 'QUICK_PAY', transactionId: '210728033043010428257992',
  orderId: '361323863', currencyType: 'MYR', grossAmount: '12.50', mdr: '1.00', serviceFee: '-0.13', settlementAmount: '12.37', settlementDate: '2021-07-28',
};

describe('Revenue Monster: the real sample', () => {
  const rm = formatOf('RM')!;

  it('reads the documented item', () => {
    expect(rm.read(RM_SAMPLE, 2)).toEqual({
      ok: true,
      row: {
        lineNo: 2, reference: '361323863', providerTxnId: '210728033043010428257992', txnType: 'PAYMENT', txnAt: new Date('2021-07-28T03:30:44Z'),
        settlementDate: '2021-07-28', amount: '12.50', fee: '0.13', net: '12.37', currency: 'MYR', method: 'BOOST', mid: null, tid: null,
      },
    });
  });

  it('writes the item back with its own texts (mdr 1.00: 12.50 × 1 % = 0.125, half up 0.13)', () => {
    const reading = rm.read(RM_SAMPLE, 2);
    if (!reading.ok) throw new Error(reading.problem.message);
    const written = rm.write(reading.row);
    for (const h of ['transactionAt', 'method', 'transactionType', 'transactionId', 'orderId', 'currencyType', 'grossAmount', 'mdr', 'serviceFee', 'settlementAmount', 'settlementDate'])
      expect(written[h], h).toBe(RM_SAMPLE[h]);
  });

  it('asks for our settlementDate column when the file lacks it', () => {
    const { settlementDate: _ours, ...apiOnly } = RM_SAMPLE;
    expect(missingHeaders(rm, Object.keys(apiOnly))).toEqual(['settlementDate']);
    expect(rm.read(apiOnly, 7)).toEqual({ ok: false, problem: { lineNo: 7, field: 'settlementDate', message: 'settlementDate is empty' } });
  });

  it('says what is wrong with a malformed amount', () => {
    expect(rm.read({ ...RM_SAMPLE, grossAmount: '12.5x' }, 3)).toEqual({
      ok: false, problem: { lineNo: 3, field: 'grossAmount', message: "grossAmount '12.5x' is not an amount (such as 1250.00 or 1,250.00)" },
    });
  });

  it('reads a refund stated with negative amounts by its size, in the refund direction', () => {
    const reading = rm.read({ ...RM_SAMPLE, transactionType: 'REFUND', grossAmount: '-12.50', serviceFee: '0.00', settlementAmount: '-12.50' }, 4);
    expect(reading.ok && [reading.row.txnType, reading.row.amount, reading.row.fee, reading.row.net]).toEqual(['REFUND', '12.50', '0.00', '12.50']);
    const payment = rm.read({ ...RM_SAMPLE, grossAmount: '-12.50' }, 4);
    expect(!payment.ok && payment.problem.field).toBe('grossAmount');
  });
});

describe('designed and Razer conventions', () => {
  const read = (key: string, change: Record<string, string>, base?: ProviderRow) => {
    const f = formatOf(key)!;
    const row: ProviderRow = base ?? {
      lineNo: 5, reference: 'PD2601010000000001', providerTxnId: '9001', txnType: 'PAYMENT', txnAt: new Date('2025-12-31T16:00:00Z'), settlementDate: '2026-01-02',
      amount: '1250.00', fee: '12.50', net: '1237.50', currency: 'MYR', method: 'fpx', mid: f.kind === 'TPA' ? 'M000123' : null, tid: f.kind === 'TPA' ? 'T0000001' : null,
    };
    return { written: f.write(row), reading: f.read({ ...f.write(row), ...change }, 5) };
  };

  it('writes MYT midnight of 1 January 2026 in each file’s own clock', () => {
    expect(read('BSN', {}).written['Txn Date Time']).toBe('01/01/2026 00:00:00');
    expect(read('RAZERPAY', {}).written.BillingDate).toBe('2026-01-01 00:00:00');
    expect(read('FINEXUS', {}).written.TXN_DATETIME).toBe('20260101000000');
    expect(read('IPAY88', {}).written['Transaction Date']).toBe('01-01-2026 12:00:00 AM');
    expect(read('PAYDEE', {}).written.txn_time).toBe('2026-01-01T00:00:00+08:00');
    expect(read('RM_TPA', {}).written.transactionAt).toBe('2025-12-31T16:00:00.000Z');
    expect(read('PAYDEE_TPA', {}).written['Txn Time (UTC)']).toBe('2025-12-31 16:00:00');
    expect(read('BSN_TPA', {}).written).toMatchObject({ 'Txn Date': '01/01/2026', 'Txn Time': '00:00:00' });
  });

  it('writes amounts in each file’s own convention', () => {
    expect(read('BSN', {}).written).toMatchObject({ 'Dr/Cr': 'CR', 'Gross Amount': '1250.00' });
    expect(read('FINEXUS', {}).written).toMatchObject({ PROC_CODE: '000000', TXN_AMT: '125000', MDR_AMT: '1250', NET_AMT: '123750' });
    expect(read('IPAY88', {}).written).toMatchObject({ Amount: '1,250.00', 'Net Amount': '1,237.50' });
    expect(read('RM_TPA', {}).written).toMatchObject({ grossAmount: '125000', mdrAmount: '1250' });
    expect(read('PAYDEE_TPA', {}).written).toMatchObject({ 'Txn Type': 'SALE', MDR: '-12.50' });
    expect(read('BSN_TPA', {}).written).toMatchObject({ 'Gross Amount': '1,250.00 CR', 'MDR Amount': '12.50' });
  });

  it('Paydee: a refund is stated by negative amounts', () => {
    const { reading } = read('PAYDEE', { gross_amount: '-1250.00', net_amount: '-1237.50' });
    expect(reading.ok && [reading.row.txnType, reading.row.amount, reading.row.net]).toEqual(['REFUND', '1250.00', '1237.50']);
    const zero = read('PAYDEE', { gross_amount: '0.00' }).reading;
    expect(!zero.ok && zero.problem.field).toBe('gross_amount');
  });

  it('Razer: a row not settled yet, or not a successful payment, is a problem saying so', () => {
    const unsettled = read('RAZERPAY', { SettlementDate: '0000-00-00 00:00:00' }).reading;
    expect(unsettled).toEqual({
      ok: false,
      problem: { lineNo: 5, field: 'SettlementDate', message: "SettlementDate '0000-00-00 00:00:00': Razer has not settled this payment yet, and a settlement file lists settled payments only" },
    });
    const failed = read('RAZERPAY', { StatCode: '11' }).reading;
    expect(!failed.ok && failed.problem.message).toContain('(failure)');
    const gst = read('RAZERPAY', { TransactionFee: '12.50', GST: '0.75' }).reading;
    expect(gst.ok && gst.row.fee).toBe('13.25');
  });

  it('Razer: write refuses what the report cannot state', () => {
    const f = formatOf('RAZERPAY')!;
    const reading = read('RAZERPAY', {}).reading;
    if (!reading.ok) throw new Error(reading.problem.message);
    expect(() => f.write({ ...reading.row, txnType: 'REFUND' })).toThrow(RangeError);
    expect(() => f.write({ ...reading.row, currency: 'USD' })).toThrow(RangeError);
  });

  it('rejects impossible dates and 12-hour clocks, and reads what spreadsheets do to them', () => {
    expect(read('BSN', { 'Txn Date Time': '31/02/2026 10:00:00' }).reading.ok).toBe(false);
    expect(read('IPAY88', { 'Transaction Date': '01-01-2026 13:00:00 PM' }).reading.ok).toBe(false);
    const short = read('BSN', { 'Txn Date Time': '1/1/2026 8:05:09' }).reading;
    expect(short.ok && short.row.txnAt.toISOString()).toBe('2026-01-01T00:05:09.000Z');
    const noon = read('IPAY88', { 'Transaction Date': '01-01-2026 12:30:00 pm' }).reading;
    expect(noon.ok && noon.row.txnAt.toISOString()).toBe('2026-01-01T04:30:00.000Z');
    const proc = read('FINEXUS', { PROC_CODE: '0' }).reading;
    expect(proc.ok && proc.row.txnType).toBe('PAYMENT');
  });

  it('never quotes a full PAN in a message', () => {
    const { reading } = read('IPAY88', { Amount: '4111111111111111' + 'x' });
    expect(!reading.ok && reading.problem.message).toContain("'411111******1111x'");
  });
});
