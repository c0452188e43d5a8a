/**
 * Razer Merchant Services (formerly MOLPay; provider code RAZERPAY) settlement file: the
 * "PSQ daily" Daily Transaction Report (API/PSQ/psq-daily.php) as a CSV, its 23 fields as headers
 * (docs/settlement-formats.md). Times are 'YYYY-MM-DD HH:mm:ss' in Malaysian time.
 */
import { AN_AMOUNT, absolute, addMoney, isPositive, ratePercent, readAmount, writePlain } from './money-text.ts';
import { defineFormat, quoted, type RowReader } from './row-reader.ts';
import { ISO_DAY, MYT_OFFSET_MS, dayIn, instantIn, layout, writeDay, writeInstant } from './time-text.ts';
import type { ProviderRow } from './types.ts';

const HEADERS = [
  'BillingDate', 'OrderID', 'TranID', 'Channel', 'Amount', 'StatCode', 'StatName', 'BillingName', 'ServiceItem', 'BillingEmail',
  'TransactionRate', 'TransactionCost', 'BillingMobileNumber', 'TransactionFee', 'GST', 'NetAmount', 'IPAddress', 'BankName',
  'ExpiryDate', 'StatusDescription', 'SettlementDate', 'PaidDate', 'TerminalID',
] as const;

const DATE_TIME = layout('YYYY-MM-DD HH:mm:ss');
const readBillingDate = instantIn(DATE_TIME, MYT_OFFSET_MS);
const readSettlementDay = (t: string) => dayIn(DATE_TIME)(t) ?? dayIn(ISO_DAY)(t);
/** Razer's status codes (payment-return `status`): 00 successful, 11 failure, 22 pending. */
const STAT_NAMES: Readonly<Record<string, string>> = { '11': 'failure', '22': 'pending' };

/**
 * Razer's daily transaction report read as a settlement file. OrderID is our reference, TranID
 * Razer's id, Channel the method; fee = TransactionFee + GST (GST, 6 % on fees until 2018, is
 * blank or 0.00 since). Every row must be a successful payment (StatCode 00; '0', as a
 * spreadsheet shows it, is taken as 00) with a SettlementDate: '0000-00-00 00:00:00' (not settled
 * yet) is a RowProblem. Not carried: txnType (always PAYMENT: the report has no refunds), currency
 * (always MYR), mid, tid (null). `write` fills the billing and status columns it has no value for
 * with '' (StatName 'captured'), TransactionRate with the fee rate, PaidDate with the settlement
 * day, and throws a RangeError for a REFUND or a non-MYR row, which the report cannot state.
 */
export const RAZERPAY_RECON = defineFormat({
  provider: 'RAZERPAY',
  kind: 'RECON',
  requiredHeaders: ['BillingDate', 'OrderID', 'Amount', 'StatCode', 'TransactionFee', 'NetAmount', 'SettlementDate'],
  headersOut: HEADERS,
  read(r: RowReader): ProviderRow {
    const txnAt = r.value('BillingDate', readBillingDate, 'a date and time (YYYY-MM-DD HH:mm:ss, Malaysian time)');
    const reference = r.text('OrderID');
    const amount = r.value('Amount', readAmount, AN_AMOUNT);
    r.check('Amount', isPositive(amount), 'must be more than zero');
    const stat = r.text('StatCode');
    if (!/^0{1,2}$/.test(stat)) {
      const name = STAT_NAMES[stat];
      r.fail('StatCode', `StatCode '${quoted(stat)}'${name ? ` (${name})` : ''} is not a successful payment (00): only successful payments are settled`);
    }
    const fee = addMoney(absolute(r.value('TransactionFee', readAmount, AN_AMOUNT)), absolute(r.optionalValue('GST', readAmount, AN_AMOUNT, '0.00')));
    const net = r.value('NetAmount', readAmount, AN_AMOUNT);
    const settled = r.text('SettlementDate');
    if (/^0000-00-00/.test(settled)) r.fail('SettlementDate', `SettlementDate '${quoted(settled)}': Razer has not settled this payment yet, and a settlement file lists settled payments only`);
    const settlementDate = r.value('SettlementDate', readSettlementDay, 'a date (YYYY-MM-DD HH:mm:ss or YYYY-MM-DD)');
    return {
      lineNo: r.lineNo, reference, providerTxnId: r.optionalText('TranID'), txnType: 'PAYMENT', txnAt, settlementDate,
      amount, fee, net, currency: 'MYR', method: r.optionalText('Channel'), mid: null, tid: null,
    };
  },
  write(row: ProviderRow): Record<string, string> {
    if (row.txnType !== 'PAYMENT') throw new RangeError(`Razer's daily report lists payments only (line ${row.lineNo} is a ${row.txnType})`);
    if (row.currency !== 'MYR') throw new RangeError(`Razer's daily report has no currency column: MYR only (line ${row.lineNo} is ${row.currency})`);
    const settled = `${writeDay(ISO_DAY, row.settlementDate)} 00:00:00`;
    return {
      BillingDate: writeInstant(DATE_TIME, MYT_OFFSET_MS, row.txnAt), OrderID: row.reference, TranID: row.providerTxnId ?? '', Channel: row.method ?? '',
      Amount: writePlain(row.amount), StatCode: '00', StatName: 'captured', BillingName: '', ServiceItem: '', BillingEmail: '',
      TransactionRate: ratePercent(row.fee, row.amount), TransactionCost: '', BillingMobileNumber: '', TransactionFee: writePlain(row.fee), GST: '0.00',
      NetAmount: writePlain(row.net), IPAddress: '', BankName: '', ExpiryDate: '', StatusDescription: '', SettlementDate: settled, PaidDate: settled, TerminalID: '',
    };
  },
});
