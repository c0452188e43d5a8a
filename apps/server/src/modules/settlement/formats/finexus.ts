/**
 * Finexus settlement file, designed by Paydesk (Finexus publishes no layout;
 * docs/settlement-formats.md). A card processor's conventions, after ISO 8583: upper-case
 * field names, compact Malaysian-time stamps ('YYYYMMDDHHmmss'), amounts in integer sen, and the
 * transaction type as a processing code.
 */
import { AN_AMOUNT_IN_SEN, absolute, isPositive, readSen, writeSen } from './money-text.ts';
import { A_CURRENCY, defineFormat, readCurrency, type RowReader } from './row-reader.ts';
import { MYT_OFFSET_MS, dayIn, instantIn, layout, writeDay, writeInstant } from './time-text.ts';
import type { ProviderRow } from './types.ts';

const STAMP = layout('YYYYMMDDHHmmss');
const DAY = layout('YYYYMMDD');

/**
 * ISO 8583 processing code: its first two digits are the transaction type, 00 a purchase and 20 a
 * refund. Up to 6 digits are read, left-padded, because a spreadsheet turns '000000' into '0'.
 */
function readProcCode(text: string): 'PAYMENT' | 'REFUND' | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const type = text.padStart(6, '0').slice(0, 2);
  return type === '00' ? 'PAYMENT' : type === '20' ? 'REFUND' : null;
}

/**
 * Finexus's reconciliation file, designed by Paydesk. MERCHANT_REF is our reference, RRN Finexus's
 * retrieval reference number; TXN_DATETIME 'YYYYMMDDHHmmss' and SETTLE_DATE 'YYYYMMDD' in Malaysian
 * time; PROC_CODE 000000 = PAYMENT, 200000 = REFUND; TXN_AMT, MDR_AMT and NET_AMT in integer sen
 * ('1250' = 12.50), unsigned except NET_AMT, negative only when the fee exceeds the amount.
 * Not carried: mid, tid (null).
 */
export const FINEXUS_RECON = defineFormat({
  provider: 'FINEXUS',
  kind: 'RECON',
  requiredHeaders: ['MERCHANT_REF', 'TXN_DATETIME', 'SETTLE_DATE', 'PROC_CODE', 'CURRENCY', 'TXN_AMT', 'MDR_AMT', 'NET_AMT'],
  headersOut: ['MERCHANT_REF', 'RRN', 'TXN_DATETIME', 'SETTLE_DATE', 'PROC_CODE', 'CHANNEL', 'CURRENCY', 'TXN_AMT', 'MDR_AMT', 'NET_AMT'],
  read(r: RowReader): ProviderRow {
    const reference = r.text('MERCHANT_REF');
    const txnAt = r.value('TXN_DATETIME', instantIn(STAMP, MYT_OFFSET_MS), 'a date and time (YYYYMMDDHHmmss, Malaysian time)');
    const settlementDate = r.value('SETTLE_DATE', dayIn(DAY), 'a date (YYYYMMDD)');
    const txnType = r.value('PROC_CODE', readProcCode, 'a processing code 000000 (a payment) or 200000 (a refund)');
    const currency = r.value('CURRENCY', readCurrency, A_CURRENCY);
    const amount = r.value('TXN_AMT', readSen, AN_AMOUNT_IN_SEN);
    r.check('TXN_AMT', isPositive(amount), 'must be more than zero (a refund is PROC_CODE 200000, not a minus sign)');
    const fee = absolute(r.value('MDR_AMT', readSen, AN_AMOUNT_IN_SEN));
    const net = r.value('NET_AMT', readSen, AN_AMOUNT_IN_SEN);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('RRN'), txnType, txnAt, settlementDate,
      amount, fee, net, currency, method: r.optionalText('CHANNEL'), mid: null, tid: null,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    return {
      MERCHANT_REF: row.reference, RRN: row.providerTxnId ?? '', TXN_DATETIME: writeInstant(STAMP, MYT_OFFSET_MS, row.txnAt),
      SETTLE_DATE: writeDay(DAY, row.settlementDate), PROC_CODE: row.txnType === 'PAYMENT' ? '000000' : '200000', CHANNEL: row.method ?? '',
      CURRENCY: row.currency, TXN_AMT: writeSen(row.amount), MDR_AMT: writeSen(row.fee), NET_AMT: writeSen(row.net),
    };
  },
});
