/**
 * Bank Simpanan Nasional (BSN) settlement files, both designed by Paydesk (BSN publishes no
 * layout; docs/settlement-formats.md). A bank's conventions: Malaysian-time dates written
 * day first ('DD/MM/YYYY'), and the direction of money as Dr/Cr rather than a minus sign.
 *  - BSN_RECON: one 'Txn Date Time' column, plain 2-decimal amounts, a separate 'Dr/Cr' column.
 *  - BSN_TPA: date and time in two columns, amounts with thousands separators, and the
 *    direction as a CR/DR suffix of the gross amount ('1,250.00 CR').
 */
import { AN_AMOUNT, absolute, isPositive, readAmount, writeGrouped, writePlain } from './money-text.ts';
import { A_CURRENCY, codeReader, defineFormat, readCurrency, type RowReader } from './row-reader.ts';
import { MYT_OFFSET_MS, dayIn, instantAt, instantIn, layout, wallClockAt, writeDay, writeInstant } from './time-text.ts';
import type { ProviderRow } from './types.ts';

const DAY = layout('DD/MM/YYYY');
const TIME = layout('HH:mm:ss');
const DATE_TIME = layout('DD/MM/YYYY HH:mm:ss');
const readDay = dayIn(DAY);
const A_DAY = 'a date (DD/MM/YYYY)';
const DIRECTION = codeReader({ CR: 'PAYMENT', DR: 'REFUND' } as const);

/**
 * BSN's reconciliation file, designed by Paydesk. 'Merchant Ref No' is our reference, 'BSN Ref No'
 * BSN's id; 'Txn Date Time' 'DD/MM/YYYY HH:mm:ss' and 'Settlement Date' 'DD/MM/YYYY' in Malaysian
 * time; 'Dr/Cr' CR = PAYMENT (credited to the merchant), DR = REFUND; Gross and MDR Amount
 * unsigned, Net Amount negative only when the fee exceeds the gross. Not carried: mid, tid (null).
 */
export const BSN_RECON = defineFormat({
  provider: 'BSN',
  kind: 'RECON',
  requiredHeaders: ['Merchant Ref No', 'Txn Date Time', 'Settlement Date', 'Dr/Cr', 'Currency', 'Gross Amount', 'MDR Amount', 'Net Amount'],
  headersOut: ['Merchant Ref No', 'BSN Ref No', 'Txn Date Time', 'Settlement Date', 'Channel', 'Dr/Cr', 'Currency', 'Gross Amount', 'MDR Amount', 'Net Amount'],
  read(r: RowReader): ProviderRow {
    const reference = r.text('Merchant Ref No');
    const txnAt = r.value('Txn Date Time', instantIn(DATE_TIME, MYT_OFFSET_MS), 'a date and time (DD/MM/YYYY HH:mm:ss, Malaysian time)');
    const settlementDate = r.value('Settlement Date', readDay, A_DAY);
    const txnType = r.value('Dr/Cr', DIRECTION, 'CR (a payment) or DR (a refund)');
    const currency = r.value('Currency', readCurrency, A_CURRENCY);
    const amount = r.value('Gross Amount', readAmount, AN_AMOUNT);
    r.check('Gross Amount', isPositive(amount), 'must be more than zero (a refund is marked DR in Dr/Cr, not by a minus sign)');
    const fee = absolute(r.value('MDR Amount', readAmount, AN_AMOUNT));
    const net = r.value('Net Amount', readAmount, AN_AMOUNT);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('BSN Ref No'), txnType, txnAt, settlementDate,
      amount, fee, net, currency, method: r.optionalText('Channel'), mid: null, tid: null,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    return {
      'Merchant Ref No': row.reference, 'BSN Ref No': row.providerTxnId ?? '', 'Txn Date Time': writeInstant(DATE_TIME, MYT_OFFSET_MS, row.txnAt),
      'Settlement Date': writeDay(DAY, row.settlementDate), Channel: row.method ?? '', 'Dr/Cr': row.txnType === 'PAYMENT' ? 'CR' : 'DR',
      Currency: row.currency, 'Gross Amount': writePlain(row.amount), 'MDR Amount': writePlain(row.fee), 'Net Amount': writePlain(row.net),
    };
  },
});

const GROSS_WITH_DIRECTION = /^(.*?)\s*(CR|DR)$/i;

/** '1,250.00 CR' → the positive amount and its direction; null otherwise (no suffix, zero, a minus sign). */
function readDirectedGross(text: string): { amount: string; txnType: 'PAYMENT' | 'REFUND' } | null {
  const m = GROSS_WITH_DIRECTION.exec(text.trim());
  const amount = m ? readAmount(m[1]!) : null;
  if (!m || amount === null || !isPositive(amount)) return null;
  return { amount, txnType: m[2]!.toUpperCase() === 'CR' ? 'PAYMENT' : 'REFUND' };
}

/**
 * BSN's acquirer (TPA) settlement file, designed by Paydesk. MID and TID as BSN settled them;
 * 'Merchant Ref No' our reference, 'RRN' the retrieval reference number (BSN's id), 'Card Type'
 * the method; 'Txn Date' (DD/MM/YYYY) and 'Txn Time' (HH:mm:ss) together are the Malaysian time of
 * the payment; amounts with thousands separators, Gross Amount suffixed CR (PAYMENT) or DR (REFUND).
 */
export const BSN_TPA = defineFormat({
  provider: 'BSN',
  kind: 'TPA',
  requiredHeaders: ['MID', 'TID', 'Merchant Ref No', 'Txn Date', 'Txn Time', 'Settlement Date', 'Currency', 'Gross Amount', 'MDR Amount', 'Net Amount'],
  headersOut: ['MID', 'TID', 'RRN', 'Merchant Ref No', 'Txn Date', 'Txn Time', 'Settlement Date', 'Card Type', 'Currency', 'Gross Amount', 'MDR Amount', 'Net Amount'],
  read(r: RowReader): ProviderRow {
    const mid = r.text('MID');
    const tid = r.text('TID');
    const reference = r.text('Merchant Ref No');
    const day = r.value('Txn Date', (t) => DAY.parse(t), A_DAY);
    const time = r.value('Txn Time', (t) => TIME.parse(t), 'a time of day (HH:mm:ss, Malaysian time)');
    const txnAt = instantAt({ ...day, hour: time.hour, minute: time.minute, second: time.second }, MYT_OFFSET_MS);
    const settlementDate = r.value('Settlement Date', readDay, A_DAY);
    const currency = r.value('Currency', readCurrency, A_CURRENCY);
    const { amount, txnType } = r.value('Gross Amount', readDirectedGross, 'an amount more than zero followed by CR or DR (such as 1,250.00 CR)');
    const fee = absolute(r.value('MDR Amount', readAmount, AN_AMOUNT));
    const net = r.value('Net Amount', readAmount, AN_AMOUNT);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('RRN'), txnType, txnAt, settlementDate,
      amount, fee, net, currency, method: r.optionalText('Card Type'), mid, tid,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    const clock = wallClockAt(row.txnAt, MYT_OFFSET_MS);
    return {
      MID: row.mid ?? '', TID: row.tid ?? '', RRN: row.providerTxnId ?? '', 'Merchant Ref No': row.reference,
      'Txn Date': DAY.format(clock), 'Txn Time': TIME.format(clock), 'Settlement Date': writeDay(DAY, row.settlementDate),
      'Card Type': row.method ?? '', Currency: row.currency, 'Gross Amount': `${writeGrouped(row.amount)} ${row.txnType === 'PAYMENT' ? 'CR' : 'DR'}`,
      'MDR Amount': writeGrouped(row.fee), 'Net Amount': writeGrouped(row.net),
    };
  },
});
