/**
 * The shapes shared by the settlement file formats (formats/*.ts, docs/settlement-formats.md) and
 * the import and reconciliation pipeline. A provider's file is read by header
 * name into `Record<header, text>` records (platform/sheet-stream.ts); its format turns each record
 * into one `ProviderRow` in Paydesk's terms, or a `RowProblem` naming the row and the field.
 */

/** Providers whose settlement files the portal reconciles (the `transactions.provider` codes). */
export const SETTLEMENT_PROVIDERS = ['RM', 'BSN', 'RAZERPAY', 'FINEXUS', 'IPAY88', 'PAYDEE'] as const;
export type SettlementProvider = (typeof SETTLEMENT_PROVIDERS)[number];

/**
 * RECON: the provider's per-transaction settlement file, matched to the portal's transactions
 * (/rm-settlement-report …). TPA: an acquirer's file of what it settled to the platform
 * (/rm-tpa-, /paydee-tpa-, /bsn-tpa-settlement-report), for RM, PAYDEE and BSN only.
 */
export type SettlementFileKind = 'RECON' | 'TPA';

/** One format: a provider's file of one kind. `key` is `${provider}` for RECON, `${provider}_TPA` for TPA. */
export interface SettlementFormatId {
  provider: SettlementProvider;
  kind: SettlementFileKind;
}

/** One settled line of a provider's file, in Paydesk's terms. */
export interface ProviderRow {
  /** The row's number in the file (the header row is 1). */
  lineNo: number;
  /** The portal's transaction reference as the provider echoes it (TxnRefNo, e.g. 'PD2611250000012345'); matched to transactions.txn_ref_no. */
  reference: string;
  /** The provider's own id of the payment (kept for the side-by-side view); null when the file has none. */
  providerTxnId: string | null;
  /** PAYMENT (money in) or REFUND (money back to the payer). */
  txnType: 'PAYMENT' | 'REFUND';
  /** When the payment happened, as a UTC instant (converted from the provider's time zone). */
  txnAt: Date;
  /** The provider's settlement day, 'YYYY-MM-DD' in MYT. */
  settlementDate: string;
  /** Gross amount in ringgit of `currency`, 2 decimals, positive ('12.50'). */
  amount: string;
  /** The provider's fee (its MDR) in ringgit, 2 decimals, ≥ 0 ('0.13'), whatever sign the file uses. */
  fee: string;
  /** Net settled in ringgit, 2 decimals, as the file states it (never recomputed: files may disagree with amount − fee). */
  net: string;
  /** ISO 4217, upper case ('MYR'). */
  currency: string;
  /** Payment channel or method as the provider names it ('BOOST', 'fpx', 'credit'); null when absent. */
  method: string | null;
  /** TPA files: the merchant id (MID) and terminal id (TID) the acquirer settled under; null elsewhere. */
  mid: string | null;
  tid: string | null;
}

/** Why a record could not be read: its row number, the header it concerns and what is wrong with it. */
export interface RowProblem {
  lineNo: number;
  field: string;
  message: string;
}

/** A format's reading of one record. */
export type RowReading = { ok: true; row: ProviderRow } | { ok: false; problem: RowProblem };

/** A provider file format (one per SettlementFormatId), documented in docs/settlement-formats.md. */
export interface SettlementFormat extends SettlementFormatId {
  /** 'RM', 'RM_TPA', … */
  key: string;
  /** The headers the file must carry (compared trimmed and case-insensitively; order never matters). */
  requiredHeaders: readonly string[];
  /** Headers written by `headersOut` order when a file is generated (demo data, samples, tests, bench). */
  headersOut: readonly string[];
  /** Reads one record keyed by the file's own header texts. Never throws for bad data: answers a RowProblem. */
  read(record: Record<string, string>, lineNo: number): RowReading;
  /** Writes one row as the provider would (the inverse of `read` for every field the format carries). */
  write(row: ProviderRow): Record<string, string>;
}
