/**
 * The columns of a transaction list export and their header texts in en/ms/zh, shared by the
 * server (which writes the file in the caller's language) and the web app (whose test checks that
 * each header is the same text as the list's column title, `screenKey`, in every language). The
 * date header adds "(MYT)": the file has no screen around it to say which clock it is.
 */
import { enumLabelKey } from '../enums.ts';
import { ENUM_LABELS, type EnumLabelLanguage } from './enum-labels.ts';

export interface TransactionColumn {
  /** Stable id of the column. */
  id: string;
  /** The i18n key of the same column on the screen (list column title or detail label). */
  screenKey: string;
  /** Text appended to the screen's title in the file (the time zone of the date column). */
  suffix?: string;
  label: Record<EnumLabelLanguage, string>;
}

/** Export columns in file order (issue 9: "exports carry the screen's labels"). */
export const TRANSACTION_EXPORT_COLUMNS: readonly TransactionColumn[] = Object.freeze([
  { id: 'txnRefNo', screenKey: 'txn.txnRefNoShort', label: { en: 'Reference no.', ms: 'No. rujukan', zh: '参考号' } },
  { id: 'date', screenKey: 'txn.date', suffix: ' (MYT)', label: { en: 'Transaction date (MYT)', ms: 'Tarikh transaksi (MYT)', zh: '交易日期 (MYT)' } },
  { id: 'merchant', screenKey: 'txn.merchant', label: { en: 'Merchant', ms: 'Pedagang', zh: '商户' } },
  { id: 'branch', screenKey: 'txn.branch', label: { en: 'Branch', ms: 'Cawangan', zh: '分店' } },
  { id: 'mid', screenKey: 'detail.mid', label: { en: 'MID', ms: 'MID', zh: '商户号 (MID)' } },
  { id: 'serviceType', screenKey: 'detail.service_type', label: { en: 'Service type', ms: 'Jenis perkhidmatan', zh: '服务类型' } },
  { id: 'paymentMethod', screenKey: 'txn.paymentMethod', label: { en: 'Payment method', ms: 'Kaedah pembayaran', zh: '支付方式' } },
  { id: 'cardScheme', screenKey: 'txn.cardScheme', label: { en: 'Card scheme', ms: 'Skim kad', zh: '卡组织' } },
  { id: 'maskedPan', screenKey: 'txn.maskedPan', label: { en: 'Masked card number', ms: 'Nombor kad bertopeng', zh: '掩码卡号' } },
  { id: 'type', screenKey: 'txn.type', label: { en: 'Type', ms: 'Jenis', zh: '类型' } },
  { id: 'status', screenKey: 'txn.status', label: { en: 'Status', ms: 'Status', zh: '状态' } },
  { id: 'currency', screenKey: 'shell.currency', label: { en: 'Currency', ms: 'Mata wang', zh: '币种' } },
  { id: 'amount', screenKey: 'txn.amount', label: { en: 'Amount', ms: 'Amaun', zh: '金额' } },
  { id: 'customer', screenKey: 'detail.customer', label: { en: 'Customer', ms: 'Pelanggan', zh: '客户' } },
] satisfies TransactionColumn[]);

/** The export's header row in a language. */
export function transactionExportHeaders(language: EnumLabelLanguage): string[] {
  return TRANSACTION_EXPORT_COLUMNS.map((c) => c.label[language]);
}

/**
 * A labeller of enumeration codes in one language, as the screen shows them: the ENUM_LABELS text
 * of `enum.<list>.<code>`, or the code itself when the catalogue has none (a code newer than the
 * catalogue stays readable instead of blank). Null or empty gives ''.
 */
export function enumLabeller(language: EnumLabelLanguage): (list: string, code: string | number | null | undefined) => string {
  const labels = ENUM_LABELS[language];
  return (list, code) => {
    if (code === null || code === undefined || code === '') return '';
    return labels[enumLabelKey(list, code)] ?? String(code);
  };
}
