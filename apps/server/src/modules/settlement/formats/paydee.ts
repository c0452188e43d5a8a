/**
 * Paydee settlement files, both designed by Paydesk (Paydee publishes no layout;
 * docs/settlement-formats.md).
 *  - PAYDEE_RECON: an API-style export: snake_case names, times ISO 8601 with their UTC offset,
 *    and signed amounts (a refund's amounts are negative; there is no type column).
 *  - PAYDEE_TPA: the same clock text as Razer's but in UTC ('Txn Time (UTC)'), a SALE/REFUND type
 *    column, and the MDR stated as a negative deduction.
 */
import { AN_AMOUNT, absolute, isPositive, negate, readAmount, writePlain } from './money-text.ts';
import { A_CURRENCY, codeReader, defineFormat, readCurrency, type RowReader } from './row-reader.ts';
import { ISO_DAY, dayIn, formatIsoMyt, instantIn, layout, parseIsoInstant, writeDay, writeInstant } from './time-text.ts';
import type { ProviderRow } from './types.ts';

const A_DAY = 'a date (YYYY-MM-DD)';

/**
 * Paydee's reconciliation file, designed by Paydesk. merchant_reference is our reference,
 * paydee_txn_id Paydee's id; txn_time ISO 8601 with an offset ('2026-01-05T14:03:22+08:00'; any
 * offset or Z is read), settlement_date 'YYYY-MM-DD' (MYT). gross_amount is negative for a REFUND,
 * positive for a PAYMENT, never zero; net_amount carries the same sign convention (a refund's
 * net_amount is turned with it); fee_amount is the fee's size. Not carried: mid, tid (null).
 */
export const PAYDEE_RECON = defineFormat({
  provider: 'PAYDEE',
  kind: 'RECON',
  requiredHeaders: ['merchant_reference', 'txn_time', 'settlement_date', 'currency', 'gross_amount', 'fee_amount', 'net_amount'],
  headersOut: ['merchant_reference', 'paydee_txn_id', 'txn_time', 'settlement_date', 'payment_method', 'currency', 'gross_amount', 'fee_amount', 'net_amount'],
  read(r: RowReader): ProviderRow {
    const reference = r.text('merchant_reference');
    const txnAt = r.value('txn_time', parseIsoInstant, 'a date and time with its UTC offset (such as 2026-01-05T14:03:22+08:00)');
    const settlementDate = r.value('settlement_date', dayIn(ISO_DAY), A_DAY);
    const currency = r.value('currency', readCurrency, A_CURRENCY);
    const gross = r.value('gross_amount', readAmount, AN_AMOUNT);
    r.check('gross_amount', gross !== '0.00', 'must not be zero (positive for a payment, negative for a refund)');
    const refund = gross.startsWith('-');
    const fee = absolute(r.value('fee_amount', readAmount, AN_AMOUNT));
    const net = r.value('net_amount', readAmount, AN_AMOUNT);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('paydee_txn_id'), txnType: refund ? 'REFUND' : 'PAYMENT', txnAt, settlementDate,
      amount: absolute(gross), fee, net: refund ? negate(net) : net, currency, method: r.optionalText('payment_method'), mid: null, tid: null,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    const signed = (m: string) => (row.txnType === 'REFUND' ? negate(writePlain(m)) : writePlain(m));
    return {
      merchant_reference: row.reference, paydee_txn_id: row.providerTxnId ?? '', txn_time: formatIsoMyt(row.txnAt),
      settlement_date: writeDay(ISO_DAY, row.settlementDate), payment_method: row.method ?? '', currency: row.currency,
      gross_amount: signed(row.amount), fee_amount: writePlain(row.fee), net_amount: signed(row.net),
    };
  },
});

const UTC_TIME = layout('YYYY-MM-DD HH:mm:ss');
const TXN_TYPE = codeReader({ SALE: 'PAYMENT', REFUND: 'REFUND' } as const);

/**
 * Paydee's acquirer (TPA) settlement file, designed by Paydesk. MID and TID as Paydee settled
 * them; 'Txn Ref' our reference, 'Paydee Txn ID' Paydee's id; 'Txn Time (UTC)' 'YYYY-MM-DD HH:mm:ss'
 * in UTC (not Malaysian time); 'Settlement Date' 'YYYY-MM-DD' (MYT); 'Txn Type' SALE or REFUND;
 * Gross Amount unsigned, MDR the fee as a negative deduction ('-0.13'), Net Amount as stated.
 */
export const PAYDEE_TPA = defineFormat({
  provider: 'PAYDEE',
  kind: 'TPA',
  requiredHeaders: ['MID', 'TID', 'Txn Ref', 'Txn Time (UTC)', 'Settlement Date', 'Txn Type', 'Currency', 'Gross Amount', 'MDR', 'Net Amount'],
  headersOut: ['MID', 'TID', 'Txn Ref', 'Paydee Txn ID', 'Txn Time (UTC)', 'Settlement Date', 'Txn Type', 'Payment Method', 'Currency', 'Gross Amount', 'MDR', 'Net Amount'],
  read(r: RowReader): ProviderRow {
    const mid = r.text('MID');
    const tid = r.text('TID');
    const reference = r.text('Txn Ref');
    const txnAt = r.value('Txn Time (UTC)', instantIn(UTC_TIME, 0), 'a date and time (YYYY-MM-DD HH:mm:ss, UTC)');
    const settlementDate = r.value('Settlement Date', dayIn(ISO_DAY), A_DAY);
    const txnType = r.value('Txn Type', TXN_TYPE, 'SALE or REFUND');
    const currency = r.value('Currency', readCurrency, A_CURRENCY);
    const amount = r.value('Gross Amount', readAmount, AN_AMOUNT);
    r.check('Gross Amount', isPositive(amount), 'must be more than zero (a refund is Txn Type REFUND, not a minus sign)');
    const fee = absolute(r.value('MDR', readAmount, AN_AMOUNT));
    const net = r.value('Net Amount', readAmount, AN_AMOUNT);
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('Paydee Txn ID'), txnType, txnAt, settlementDate,
      amount, fee, net, currency, method: r.optionalText('Payment Method'), mid, tid,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    return {
      MID: row.mid ?? '', TID: row.tid ?? '', 'Txn Ref': row.reference, 'Paydee Txn ID': row.providerTxnId ?? '',
      'Txn Time (UTC)': writeInstant(UTC_TIME, 0, row.txnAt), 'Settlement Date': writeDay(ISO_DAY, row.settlementDate),
      'Txn Type': row.txnType === 'PAYMENT' ? 'SALE' : 'REFUND', 'Payment Method': row.method ?? '', Currency: row.currency,
      'Gross Amount': writePlain(row.amount), MDR: negate(writePlain(row.fee)), 'Net Amount': writePlain(row.net),
    };
  },
});
