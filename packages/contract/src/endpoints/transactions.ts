import { z } from 'zod';
import { DbId, MoneyString } from '../common.ts';

const id = DbId;

/**
 * A transaction row as the dashboard's "latest" table shows it. The live transaction lists are
 * declared reports now (reports/defs/transaction-ecommerce.ts), their schemas generated
 * by `reportSchemas`.
 */
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

/** Scoped picker options for the master merchant / agency / agent / merchant filters. */
export const OrgSelectionRequest = z.object({
  Level: z.enum(['MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH']),
  ParentId: id.optional(),
  Search: z.string().trim().max(100).optional(),
});
export const OrgSelectionResponse = z.array(z.object({ Id: z.number().int(), Name: z.string(), Level: z.string() }));
