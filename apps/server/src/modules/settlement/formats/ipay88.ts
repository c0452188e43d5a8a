/**
 * iPay88 settlement file, designed by Paydesk: iPay88 publishes no settlement layout
 * (docs/settlement-formats.md). It takes the field names and the amount style of iPay88's payment
 * API (RefNo, TransId, amounts with thousands separators such as '1,278.99') and a 12-hour clock
 * in Malaysian time, as its merchant-portal exports show times.
 */
import { AN_AMOUNT, absolute, isPositive, readAmount, writeGrouped } from './money-text.ts';
import { A_CURRENCY, codeReader, defineFormat, readCurrency, type RowReader } from './row-reader.ts';
import { MYT_OFFSET_MS, dayIn, instantIn, layout, writeDay, writeInstant } from './time-text.ts';
import type { ProviderRow } from './types.ts';

const DATE_TIME = layout('DD-MM-YYYY hh:mm:ss A');
const DAY = layout('DD-MM-YYYY');
const TXN_TYPE = codeReader({ Payment: 'PAYMENT', Refund: 'REFUND' } as const);

/**
 * iPay88's reconciliation file, designed by Paydesk. RefNo is our reference, TransId iPay88's id;
 * 'Transaction Date' 'DD-MM-YYYY hh:mm:ss AM' and 'Settlement Date' 'DD-MM-YYYY' in Malaysian time;
 * 'Transaction Type' Payment or Refund; Amount, MDR and Net Amount with thousands separators,
 * unsigned except Net Amount (negative only when the fee exceeds the amount). Not carried: mid, tid.
 */
export const IPAY88_RECON = defineFormat({
  provider: 'IPAY88',
  kind: 'RECON',
  requiredHeaders: ['RefNo', 'Transaction Date', 'Settlement Date', 'Transaction Type', 'Currency', 'Amount', 'MDR', 'Net Amount'],
  headersOut: ['RefNo', 'TransId', 'Transaction Date', 'Settlement Date', 'Payment Method', 'Transaction Type', 'Currency', 'Amount', 'MDR', 'Net Amount'],
  read(r: RowReader): ProviderRow {
    const reference = r.text('RefNo');
    const txnAt = r.value('Transaction Date', instantIn(DATE_TIME, MYT_OFFSET_MS), 'a date and time (DD-MM-YYYY hh:mm:ss AM/PM, Malaysian time)');
    const settlementDate = r.value('Settlement Date', dayIn(DAY), 'a date (DD-MM-YYYY)');
    const txnType = r.value('Transaction Type', TXN_TYPE, 'Payment or Refund');
    const currency = r.value('Currency', readCurrency, A_CURRENCY);
    const amount = r.value('Amount', readAmount, AN_AMOUNT);
    r.check('Amount', isPositive(amount), 'must be more than zero (a refund is marked in Transaction Type, not by a minus sign)');
    const fee = absolute(r.value('MDR', readAmount, AN_AMOUNT));
    const net = r.value('Net Amount', readAmount, AN_AMOUNT);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('TransId'), txnType, txnAt, settlementDate,
      amount, fee, net, currency, method: r.optionalText('Payment Method'), mid: null, tid: null,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    return {
      RefNo: row.reference, TransId: row.providerTxnId ?? '', 'Transaction Date': writeInstant(DATE_TIME, MYT_OFFSET_MS, row.txnAt),
      'Settlement Date': writeDay(DAY, row.settlementDate), 'Payment Method': row.method ?? '', 'Transaction Type': row.txnType === 'PAYMENT' ? 'Payment' : 'Refund',
      Currency: row.currency, Amount: writeGrouped(row.amount), MDR: writeGrouped(row.fee), 'Net Amount': writeGrouped(row.net),
    };
  },
});
