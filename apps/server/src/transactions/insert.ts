/**
 * The live transaction write path: the row shape of `transactions` (GenTxn), its columns for a
 * bulk write (the seed's COPY and unnest batches use them too), and insertTransactions, the risk
 * ingest's write of a batch (modules/risk/ingest.ts).
 */
import type {
  BnplProvider, CardScheme, EntryMode, PaymentMethod, PreAuthOperation, ServiceTypeCode, TerminalKind, TransactionStatus, TransactionType, WalletProvider,
} from '@paydesk/domain';
import { insertUnnest, type Exec, type TypedColumn } from '../db/unnest-insert.ts';

/**
 * One transaction row, field for field as the `transactions` columns (id and summary aside): what
 * the risk ingest writes (modules/risk/ingest.ts) and the seed generates (seed/generate.ts).
 */
export interface GenTxn {
  /** Assigned by the generator (ascending with time), so pre-auth operations can point at their PREAUTH. */
  id: number;
  txnRefNo: string;
  merchantOrderNo: string | null;
  orderDescription: string | null;
  serviceType: ServiceTypeCode;
  paymentMethod: PaymentMethod;
  cardScheme: CardScheme | null;
  cardType: string | null;
  maskedPan: string | null;
  panLast4: string | null;
  issuerCountry: string | null;
  bankCode: string | null;
  txnType: TransactionType;
  status: TransactionStatus;
  amount: string;
  currency: string;
  mid: string | null;
  tid: string | null;
  acquirerId: number | null;
  acquirerName: string | null;
  provider: string | null;
  authCode: string | null;
  responseCode: string | null;
  responseMessage: string | null;
  masterMerchantId: number;
  agencyId: number;
  agentId: number;
  merchantId: number;
  branchId: number | null;
  custName: string | null;
  custPhoneNo: string | null;
  custEmail: string | null;
  custRef: string | null;
  custAddress1: string | null;
  custAddress2: string | null;
  custState: string | null;
  custCity: string | null;
  custCountry: string | null;
  clientIp: string | null;
  paymentCreationDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** MDR fee in ringgit ("1.23"): the default rate of the method (txn-model.ts) on successful sales, else "0.00". */
  mdrFee: string;
  preauthOp: PreAuthOperation | null;
  originalTxnId: number | null;
  paymentLinkId: number | null;
  recurringScheduleId: number | null;
  recurringCycle: number | null;
  entryMode: EntryMode | null;
  keyedByUserId: number | null;
  terminalKind: TerminalKind | null;
  batchNo: string | null;
  stan: string | null;
  rrn: string | null;
  walletProvider: WalletProvider | null;
  bnplProvider: BnplProvider | null;
  /** The machine client that posted it (modules/txn-ingest); absent or null for the seed's rows. */
  ingestSource?: string | null;
}

/** The `transactions` columns of a GenTxn, in table order (ids are the caller's). */
export const TXN_COLUMNS: TypedColumn<GenTxn>[] = [
  { name: 'id', type: 'int8', get: (t) => t.id },
  { name: 'txn_ref_no', type: 'text', get: (t) => t.txnRefNo },
  { name: 'merchant_order_no', type: 'text', get: (t) => t.merchantOrderNo },
  { name: 'order_description', type: 'text', get: (t) => t.orderDescription },
  { name: 'service_type', type: 'int2', get: (t) => t.serviceType },
  { name: 'payment_method', type: 'text', get: (t) => t.paymentMethod },
  { name: 'card_scheme', type: 'text', get: (t) => t.cardScheme },
  { name: 'card_type', type: 'text', get: (t) => t.cardType },
  { name: 'masked_pan', type: 'text', get: (t) => t.maskedPan },
  { name: 'pan_last4', type: 'text', get: (t) => t.panLast4 },
  { name: 'issuer_country', type: 'text', get: (t) => t.issuerCountry },
  { name: 'bank_code', type: 'text', get: (t) => t.bankCode },
  { name: 'txn_type', type: 'text', get: (t) => t.txnType },
  { name: 'status', type: 'text', get: (t) => t.status },
  { name: 'amount', type: 'numeric', get: (t) => t.amount },
  { name: 'currency', type: 'text', get: (t) => t.currency },
  { name: 'mid', type: 'text', get: (t) => t.mid },
  { name: 'tid', type: 'text', get: (t) => t.tid },
  { name: 'acquirer_id', type: 'int4', get: (t) => t.acquirerId },
  { name: 'acquirer_name', type: 'text', get: (t) => t.acquirerName },
  { name: 'provider', type: 'text', get: (t) => t.provider },
  { name: 'auth_code', type: 'text', get: (t) => t.authCode },
  { name: 'response_code', type: 'text', get: (t) => t.responseCode },
  { name: 'response_message', type: 'text', get: (t) => t.responseMessage },
  { name: 'master_merchant_id', type: 'int4', get: (t) => t.masterMerchantId },
  { name: 'agency_id', type: 'int4', get: (t) => t.agencyId },
  { name: 'agent_id', type: 'int4', get: (t) => t.agentId },
  { name: 'merchant_id', type: 'int4', get: (t) => t.merchantId },
  { name: 'branch_id', type: 'int4', get: (t) => t.branchId },
  { name: 'cust_name', type: 'text', get: (t) => t.custName },
  { name: 'cust_phone_no', type: 'text', get: (t) => t.custPhoneNo },
  { name: 'cust_email', type: 'text', get: (t) => t.custEmail },
  { name: 'cust_ref', type: 'text', get: (t) => t.custRef },
  { name: 'cust_address1', type: 'text', get: (t) => t.custAddress1 },
  { name: 'cust_address2', type: 'text', get: (t) => t.custAddress2 },
  { name: 'cust_state', type: 'text', get: (t) => t.custState },
  { name: 'cust_city', type: 'text', get: (t) => t.custCity },
  { name: 'cust_country', type: 'text', get: (t) => t.custCountry },
  { name: 'client_ip', type: 'text', get: (t) => t.clientIp },
  { name: 'payment_creation_date', type: 'timestamptz', get: (t) => t.paymentCreationDate },
  { name: 'created_at', type: 'timestamptz', get: (t) => t.createdAt },
  { name: 'updated_at', type: 'timestamptz', get: (t) => t.updatedAt },
  { name: 'mdr_fee', type: 'numeric', get: (t) => t.mdrFee },
  { name: 'preauth_op', type: 'text', get: (t) => t.preauthOp },
  { name: 'original_txn_id', type: 'int8', get: (t) => t.originalTxnId },
  { name: 'payment_link_id', type: 'int8', get: (t) => t.paymentLinkId },
  { name: 'recurring_schedule_id', type: 'int8', get: (t) => t.recurringScheduleId },
  { name: 'recurring_cycle', type: 'int4', get: (t) => t.recurringCycle },
  { name: 'entry_mode', type: 'text', get: (t) => t.entryMode },
  { name: 'keyed_by_user_id', type: 'int4', get: (t) => t.keyedByUserId },
  { name: 'terminal_kind', type: 'text', get: (t) => t.terminalKind },
  { name: 'batch_no', type: 'text', get: (t) => t.batchNo },
  { name: 'stan', type: 'text', get: (t) => t.stan },
  { name: 'rrn', type: 'text', get: (t) => t.rrn },
  { name: 'wallet_provider', type: 'text', get: (t) => t.walletProvider },
  { name: 'bnpl_provider', type: 'text', get: (t) => t.bnplProvider },
  { name: 'ingest_source', type: 'text', get: (t) => t.ingestSource ?? null },
];

/**
 * Inserts transaction rows (ids assigned by the caller) with one unnest INSERT: the ingest path of
 * the risk engine (modules/risk/ingest.ts) writes its batches the way the seed does.
 */
export async function insertTransactions(exec: Exec, rows: readonly GenTxn[]): Promise<void> {
  await insertUnnest(exec, 'transactions', TXN_COLUMNS, rows);
}
