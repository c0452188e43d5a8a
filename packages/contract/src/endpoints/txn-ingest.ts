/**
 * The ingest API for machine clients (issue 31 item 1): the payment gateway and the terminal host
 * post transactions (`POST /api/ingest/v1/transactions`) and their status events
 * (`POST /api/ingest/v1/events`), one or a batch of up to INGEST_MAX_ROWS.
 *
 * Not a portal endpoint: no session, no secure channel. Each request is signed exactly as Standard
 * Webhooks signs (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256
 * of "{id}.{timestamp}.{raw body}">`, the `whsec_` secret of a credential of the source, issued on
 * /log-ingest-keys): the credential that verifies it names the source. A message id is accepted
 * once; a timestamp more than 5 minutes away is refused.
 *
 * Rows are checked one by one (each answered with its index, and the field when refused); the
 * request's `Mode` says what a refusal does: ALL_OR_NOTHING (default) applies nothing and answers
 * 400 VAL400 naming the first refused row with every row's result in `Rows`; VALID_ROWS applies
 * the others. Idempotent by (source, TxnRefNo) for transactions and (source, EventId) for events:
 * a replay answers DUPLICATE with the transaction as the first post left it.
 */
import { z } from 'zod';
import {
  BNPL_PROVIDERS, CARD_SCHEMES, CARD_TYPES, ENTRY_MODES, FIELD_MESSAGES, PAYMENT_METHODS, RULE_MESSAGES as R, TERMINAL_KINDS, TXN_EVENT_TYPES, TXN_INGEST_SOURCES, WALLET_PROVIDERS,
  fieldMessage,
} from '@paydesk/domain';
import { IsoDateTime } from '../common.ts';

/** Most rows (transactions or events) in one request. */
export const INGEST_MAX_ROWS = 5_000;
/** Largest body, in bytes (5,000 rows of about 1 KB). */
export const INGEST_MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Largest amount of one transaction, in ringgit (the PayNet card limits stay well below). */
export const INGEST_MAX_AMOUNT = 1_000_000;

const Text = (max: number) => z.string().trim().min(1, fieldMessage(FIELD_MESSAGES.minLength, { min: 1 })).max(max, fieldMessage(FIELD_MESSAGES.maxLength, { max }));
const Code = (max: number) => z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, R.ingestCode).max(max, fieldMessage(FIELD_MESSAGES.maxLength, { max }));
const Ref = z.string().regex(/^[A-Za-z0-9_-]{6,40}$/, R.ingestRef);
const Amount = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, R.ingestAmount)
  .refine((v) => Number(v) > 0 && Number(v) <= INGEST_MAX_AMOUNT, R.ingestAmount);

/** What to do when a row is refused. */
export const INGEST_MODES = ['ALL_OR_NOTHING', 'VALID_ROWS'] as const;

/**
 * One transaction. The gateway names the merchant by `Mid` (online service types 1, 3, 4, 5, 6);
 * the terminal host names the terminal by `Tid` (service type 2), whose merchant and MID follow.
 * `MaskedPan` is first 6 + last 4 with the middle masked (`411111******1111`); a full card number
 * anywhere in the row refuses the row and is never stored or logged.
 */
export const TxnIngestRow = z
  .object({
    TxnRefNo: Ref,
    ServiceType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)], { error: FIELD_MESSAGES.option }),
    PaymentMethod: z.enum(PAYMENT_METHODS, { error: FIELD_MESSAGES.option }),
    TxnType: z.enum(['SALE', 'MOTO', 'EPP', 'PREAUTH'], { error: FIELD_MESSAGES.option }).optional(),
    Status: z.enum(['PENDING', 'SUCCESS', 'FAILED'], { error: FIELD_MESSAGES.option }),
    Mid: Code(32).optional(),
    Tid: Code(32).optional(),
    Amount,
    Currency: z.string().regex(/^[A-Z]{3}$/, R.currencyCode),
    CreatedAt: IsoDateTime,
    MaskedPan: z.string().regex(/^\d{6}[*Xx•]{2,9}\d{4}$/, R.maskedPan).optional(),
    CardScheme: z.enum(CARD_SCHEMES, { error: FIELD_MESSAGES.option }).optional(),
    CardType: z.enum(CARD_TYPES, { error: FIELD_MESSAGES.option }).optional(),
    IssuerCountry: z.string().regex(/^[A-Z]{3}$/, R.countryCode).optional(),
    BankCode: Code(20).optional(),
    AuthCode: Code(12).optional(),
    ResponseCode: Code(8).optional(),
    ResponseMessage: Text(200).optional(),
    MerchantOrderNo: Text(64).optional(),
    OrderDescription: Text(200).optional(),
    CustName: Text(100).optional(),
    CustEmail: z.email(FIELD_MESSAGES.invalid).max(120, fieldMessage(FIELD_MESSAGES.maxLength, { max: 120 })).optional(),
    CustPhoneNo: z.string().regex(/^\+?[0-9 -]{6,20}$/, R.phoneShape).optional(),
    ClientIp: z.union([z.ipv4(FIELD_MESSAGES.invalid), z.ipv6(FIELD_MESSAGES.invalid)], { error: FIELD_MESSAGES.invalid }).optional(),
    EntryMode: z.enum(ENTRY_MODES, { error: FIELD_MESSAGES.option }).optional(),
    TerminalKind: z.enum(TERMINAL_KINDS, { error: FIELD_MESSAGES.option }).optional(),
    BatchNo: z.string().regex(/^\d{1,6}$/, R.terminalCodes).optional(),
    Stan: z.string().regex(/^\d{6}$/, R.terminalCodes).optional(),
    Rrn: z.string().regex(/^[A-Za-z0-9]{12}$/, R.terminalCodes).optional(),
    WalletProvider: z.enum(WALLET_PROVIDERS, { error: FIELD_MESSAGES.option }).optional(),
    BnplProvider: z.enum(BNPL_PROVIDERS, { error: FIELD_MESSAGES.option }).optional(),
  })
  .strict();
export type TxnIngestRow = z.input<typeof TxnIngestRow>;

/** One status event of a transaction (domain txn-events.ts): CAPTURE carries the capture's Amount and OperationRefNo; CAPTURE_VOID and a pre-auth's VOID their OperationRefNo. */
export const TxnEventRow = z
  .object({
    EventId: z.string().regex(/^[A-Za-z0-9_.:-]{6,64}$/, R.ingestEventId),
    TxnRefNo: Ref,
    Type: z.enum(TXN_EVENT_TYPES, { error: FIELD_MESSAGES.option }),
    At: IsoDateTime,
    Amount: Amount.optional(),
    OperationRefNo: Ref.optional(),
    ResponseCode: Code(8).optional(),
    ResponseMessage: Text(200).optional(),
  })
  .strict()
  .refine((e) => e.Type !== 'CAPTURE' || (e.Amount !== undefined && e.OperationRefNo !== undefined), { path: ['OperationRefNo'], message: R.captureNeeds })
  .refine((e) => e.Type !== 'CAPTURE_VOID' || e.OperationRefNo !== undefined, { path: ['OperationRefNo'], message: R.captureNeeds });
export type TxnEventRow = z.input<typeof TxnEventRow>;

const rowsOf = () =>
  z
    .array(z.record(z.string(), z.unknown(), { error: R.ingestRows }), { error: R.ingestRows })
    .min(1, R.ingestRows)
    .max(INGEST_MAX_ROWS, R.ingestRows);

/** `{Mode?, Transactions: TxnIngestRow[]}` — each row checked on its own (see the file note). */
export const TxnIngestRequest = z.object({ Mode: z.enum(INGEST_MODES, { error: FIELD_MESSAGES.option }).optional(), Transactions: rowsOf() }).strict();
/** `{Mode?, Events: TxnEventRow[]}`. */
export const TxnEventsRequest = z.object({ Mode: z.enum(INGEST_MODES, { error: FIELD_MESSAGES.option }).optional(), Events: rowsOf() }).strict();

/** What became of one row. */
export const INGEST_ROW_RESULTS = ['CREATED', 'APPLIED', 'DUPLICATE', 'REFUSED', 'REJECTED', 'NOT_APPLIED'] as const;

/**
 * One row's answer: CREATED (a transaction), APPLIED (an event that changed the state), REFUSED
 * (an event kept but not accepted by the transaction's state: Message says why), DUPLICATE (seen
 * before: the transaction as it is), REJECTED (not valid: Field and Message), NOT_APPLIED (valid,
 * but the ALL_OR_NOTHING request was refused for another row).
 */
export const IngestRowResult = z.object({
  Index: z.number().int(),
  TxnRefNo: z.string().nullable(),
  Result: z.enum(INGEST_ROW_RESULTS),
  Id: z.number().int().nullable(),
  Status: z.string().nullable(),
  Field: z.string().nullable(),
  Message: z.string().nullable(),
});

/** The answer: counts, each row's result in order, the risk alerts raised. */
export const IngestResponse = z.object({
  Source: z.enum(TXN_INGEST_SOURCES),
  Created: z.number().int(),
  Applied: z.number().int(),
  Duplicates: z.number().int(),
  Rejected: z.number().int(),
  Alerts: z.number().int(),
  Rows: z.array(IngestRowResult),
});
export type IngestResponse = z.output<typeof IngestResponse>;
export type IngestRowResult = z.output<typeof IngestRowResult>;
