/**
 * Revenue Monster (RM) settlement files (docs/settlement-formats.md).
 *  - RM_RECON: the CSV export of RM's Daily Settlement / Reconciliation report API
 *    (open.revenuemonster.my/v3/payment/reconciliation), its 16 item fields as headers, plus one
 *    column of ours, `settlementDate`: the API is asked for one day and its items carry no day,
 *    so Paydesk's export writes the day it asked for on every row.
 *  - RM_TPA: designed by Paydesk (RM publishes no acquirer file): RM's camelCase names, with
 *    amounts in integer sen as RM's payment API states them and times in ISO UTC with milliseconds.
 */
import { AN_AMOUNT, AN_AMOUNT_IN_SEN, absolute, isPositive, negate, ratePercent, readAmount, readSen, writePlain, writeSen } from './money-text.ts';
import { A_CURRENCY, codeReader, defineFormat, readCurrency, type RowReader } from './row-reader.ts';
import { ISO_DAY, dayIn, formatIsoUtc, parseIsoInstant, writeDay } from './time-text.ts';
import type { ProviderRow } from './types.ts';

const TXN_TYPE = codeReader({ PAYMENT: 'PAYMENT', REFUND: 'REFUND' } as const);
const PAYMENT_OR_REFUND = 'PAYMENT or REFUND';
const ISO_UTC = 'a date and time in UTC (such as 2021-07-28T03:30:44Z)';
const A_DAY = 'a date (YYYY-MM-DD)';
const readDay = dayIn(ISO_DAY);

/** The API's item fields in its order, then our settlementDate. */
const RECON_HEADERS = [
  'transactionAt', 'merchantId', 'merchantName', 'storeId', 'storeName', 'region', 'method', 'transactionType', 'type',
  'transactionId', 'orderId', 'currencyType', 'grossAmount', 'mdr', 'serviceFee', 'settlementAmount', 'settlementDate',
] as const;

/**
 * Revenue Monster's reconciliation file. orderId is our reference; serviceFee is the fee as a
 * negative amount; `mdr` (a percentage rate) is written but not read (the fee is serviceFee).
 * A REFUND whose grossAmount is stated negative is read by its size, its settlementAmount turned
 * with it (ProviderRow amounts are in the transaction's direction). Not carried: mid, tid (null).
 * `write` leaves the RM-side columns it has no value for (merchantId, merchantName, storeId,
 * storeName, region, type) empty.
 */
export const RM_RECON = defineFormat({
  provider: 'RM',
  kind: 'RECON',
  requiredHeaders: ['transactionAt', 'transactionType', 'orderId', 'currencyType', 'grossAmount', 'serviceFee', 'settlementAmount', 'settlementDate'],
  headersOut: RECON_HEADERS,
  read(r: RowReader): ProviderRow {
    const txnAt = r.value('transactionAt', parseIsoInstant, ISO_UTC);
    const txnType = r.value('transactionType', TXN_TYPE, PAYMENT_OR_REFUND);
    const reference = r.text('orderId');
    const currency = r.value('currencyType', readCurrency, A_CURRENCY);
    const gross = r.value('grossAmount', readAmount, AN_AMOUNT);
    const statedNegative = gross.startsWith('-');
    r.check('grossAmount', !statedNegative || txnType === 'REFUND', 'is negative on a PAYMENT');
    r.check('grossAmount', gross !== '0.00', 'must be more than zero');
    const fee = absolute(r.value('serviceFee', readAmount, AN_AMOUNT));
    const net = r.value('settlementAmount', readAmount, AN_AMOUNT);
    const settlementDate = r.value('settlementDate', readDay, A_DAY);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('transactionId'), txnType, txnAt, settlementDate,
      amount: absolute(gross), fee, net: statedNegative ? negate(net) : net, currency, method: r.optionalText('method'), mid: null, tid: null,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    return {
      transactionAt: formatIsoUtc(row.txnAt, false), merchantId: '', merchantName: '', storeId: '', storeName: '', region: '',
      method: row.method ?? '', transactionType: row.txnType, type: '', transactionId: row.providerTxnId ?? '', orderId: row.reference,
      currencyType: row.currency, grossAmount: writePlain(row.amount), mdr: ratePercent(row.fee, row.amount), serviceFee: negate(writePlain(row.fee)),
      settlementAmount: writePlain(row.net), settlementDate: writeDay(ISO_DAY, row.settlementDate),
    };
  },
});

/** RM_TPA headers in the order written. */
const TPA_HEADERS = [
  'settlementDate', 'merchantId', 'terminalId', 'transactionAt', 'transactionType', 'orderId', 'transactionId', 'method',
  'currencyType', 'grossAmount', 'mdrAmount', 'settlementAmount',
] as const;

/**
 * Revenue Monster's acquirer (TPA) settlement file, designed by Paydesk: merchantId is the MID and
 * terminalId the TID RM settled under; amounts in integer sen ('1250' = 12.50; settlementAmount
 * may be negative), mdrAmount the fee as a positive figure; transactionAt ISO UTC with milliseconds.
 */
export const RM_TPA = defineFormat({
  provider: 'RM',
  kind: 'TPA',
  requiredHeaders: ['settlementDate', 'merchantId', 'terminalId', 'transactionAt', 'transactionType', 'orderId', 'currencyType', 'grossAmount', 'mdrAmount', 'settlementAmount'],
  headersOut: TPA_HEADERS,
  read(r: RowReader): ProviderRow {
    const settlementDate = r.value('settlementDate', readDay, A_DAY);
    const mid = r.text('merchantId');
    const tid = r.text('terminalId');
    const txnAt = r.value('transactionAt', parseIsoInstant, ISO_UTC);
    const txnType = r.value('transactionType', TXN_TYPE, PAYMENT_OR_REFUND);
    const reference = r.text('orderId');
    const currency = r.value('currencyType', readCurrency, A_CURRENCY);
    const amount = r.value('grossAmount', readSen, AN_AMOUNT_IN_SEN);
    r.check('grossAmount', isPositive(amount), 'must be more than zero (the direction is in transactionType)');
    const fee = absolute(r.value('mdrAmount', readSen, AN_AMOUNT_IN_SEN));
    const net = r.value('settlementAmount', readSen, AN_AMOUNT_IN_SEN);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('transactionId'), txnType, txnAt, settlementDate,
      amount, fee, net, currency, method: r.optionalText('method'), mid, tid,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    return {
      settlementDate: writeDay(ISO_DAY, row.settlementDate), merchantId: row.mid ?? '', terminalId: row.tid ?? '',
      transactionAt: formatIsoUtc(row.txnAt, true), transactionType: row.txnType, orderId: row.reference, transactionId: row.providerTxnId ?? '',
      method: row.method ?? '', currencyType: row.currency, grossAmount: writeSen(row.amount), mdrAmount: writeSen(row.fee), settlementAmount: writeSen(row.net),
    };
  },
});
