import { z } from 'zod';
import { CARD_SCHEMES, ENUM_LABEL_LANGUAGES, PAYMENT_METHODS, RULE_MESSAGES, SERVICE_TYPE_CODES, TRANSACTION_STATUSES } from '@paydesk/domain';
import { DbId, MoneyString, SortOrder } from '../common.ts';

const id = DbId;

/** Filters of the live transaction lists (§2 Live transaction, issue: /transaction/ecommerce). */
export const TransactionFilter = z.object({
  DateFrom: z.iso.datetime({ offset: true }).optional(),
  DateTo: z.iso.datetime({ offset: true }).optional(),
  Status: z.array(z.enum(TRANSACTION_STATUSES)).max(10).optional(),
  PaymentMethod: z.array(z.enum(PAYMENT_METHODS)).max(20).optional(),
  CardScheme: z.array(z.enum(CARD_SCHEMES)).max(10).optional(),
  MasterMerchantId: id.optional(),
  AgencyId: id.optional(),
  AgentId: id.optional(),
  MerchantId: id.optional(),
  TxnRefNo: z.string().trim().max(64).optional(),
  AmountMin: MoneyString.optional(),
  AmountMax: MoneyString.optional(),
  Last4: z.string().regex(/^\d{4}$/, RULE_MESSAGES.last4).optional(),
  /**
   * The header's selected currency (§3 permission state selectedCurrency, §6): only rows in this
   * ISO 4217 code. The web app always sends it, so a list never mixes RM and S$ amounts.
   */
  Currency: z.string().regex(/^[A-Z]{3}$/, RULE_MESSAGES.currencyFilter).optional(),
});
export type TransactionFilter = z.infer<typeof TransactionFilter>;

export const TransactionSortField = z.enum(['CreatedAt', 'Amount']);

/**
 * Keyset-paged search: `Cursor` is the opaque NextCursor of the previous page; absent for the
 * first page. `TotalRecords` counts the whole filtered set.
 */
export const TransactionSearchRequest = z.object({
  ServiceType: z.union(SERVICE_TYPE_CODES.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>]),
  RowsPerPage: z.coerce.number().int().min(1).max(200).default(20),
  Cursor: z.string().max(200).optional(),
  SearchData: TransactionFilter.default({}),
  Sort: z.object({ Field: TransactionSortField, Order: SortOrder }).default({ Field: 'CreatedAt', Order: 'desc' }),
});
export type TransactionSearchRequest = z.infer<typeof TransactionSearchRequest>;

export const TransactionListItem = z.object({
  Id: z.number().int(),
  TxnRefNo: z.string(),
  PaymentCreationDate: z.string().nullable(),
  CreatedAt: z.string(),
  ServiceType: z.number().int(),
  PaymentMethod: z.string(),
  CardScheme: z.string().nullable(),
  MaskedPAN: z.string().nullable(),
  TxnType: z.string(),
  Status: z.string(),
  TxnAmount: MoneyString,
  Currency: z.string(),
  MerchantName: z.string(),
  BranchName: z.string().nullable(),
  MID: z.string().nullable(),
  CustName: z.string().nullable(),
});
export type TransactionListItem = z.infer<typeof TransactionListItem>;

export const TransactionSearchResponse = z.object({
  Items: z.array(TransactionListItem),
  TotalRecords: z.number().int(),
  NextCursor: z.string().nullable(),
  RowsPerPage: z.number().int(),
});

export const TransactionGetParams = z.object({ Id: id });

/** Every field of the §3 transaction detail, customer and customer-address panels, and more. */
export const TransactionDetail = TransactionListItem.extend({
  AcquirerName: z.string().nullable(),
  Provider: z.string().nullable(),
  TID: z.string().nullable(),
  AuthCode: z.string().nullable(),
  ResponseCode: z.string().nullable(),
  ResponseMessage: z.string().nullable(),
  MerchantOrderNo: z.string().nullable(),
  OrderDescription: z.string().nullable(),
  CardType: z.string().nullable(),
  IssuerCountry: z.string().nullable(),
  BankCode: z.string().nullable(),
  MasterMerchantName: z.string(),
  AgencyName: z.string(),
  AgentName: z.string(),
  CustPhoneNo: z.string().nullable(),
  CustEmail: z.string().nullable(),
  CustRef: z.string().nullable(),
  CustAddress1: z.string().nullable(),
  CustAddress2: z.string().nullable(),
  CustState: z.string().nullable(),
  CustCity: z.string().nullable(),
  CustCountry: z.string().nullable(),
  UpdatedAt: z.string(),
});

export const TransactionExportRequest = z.object({
  ServiceType: TransactionSearchRequest.shape.ServiceType,
  SearchData: TransactionFilter.default({}),
  Sort: TransactionSearchRequest.shape.Sort,
  Format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** The UI language: the file's headers and enumeration texts are the screen's, in this language. */
  Language: z.enum(ENUM_LABEL_LANGUAGES).default('en'),
});

/** Scoped picker options for the master merchant / agency / agent / merchant filters. */
export const OrgSelectionRequest = z.object({
  Level: z.enum(['MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH']),
  ParentId: id.optional(),
  Search: z.string().trim().max(100).optional(),
});
export const OrgSelectionResponse = z.array(z.object({ Id: z.number().int(), Name: z.string(), Level: z.string() }));
