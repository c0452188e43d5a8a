/**
 * /rm-application: a merchant's TPA application to Revenue Monster (RM).
 *
 * Where the spec is silent, our choices:
 *  - The platform's staff prepare and send the application for a merchant HQ (module
 *    `tpaapplication` is the platform's, as every TPA screen); the form opens prefilled from the
 *    merchant's profile (company, address, a director, its bank accounts) and names the documents
 *    on file. RM takes applications through its partner channel, not an API we call: "submitted"
 *    records that the application went to RM, and RM's answer is recorded by a second person.
 *  - Statuses DRAFT → SUBMITTED → APPROVED or REJECTED (with RM's reason). A REJECTED application
 *    is edited back into a DRAFT and sent again; APPROVED is final. One application per merchant.
 *  - Sending needs a VERIFIED merchant and its SSM certificate, a director's ID and a bank
 *    statement on file (org_documents).
 *  - Approval records RM's merchant id (and store id) and creates the merchant's RM configuration
 *    (`tpa_merchant_configs`, provider RM) in the same transaction; the approver is never the
 *    person who sent it (maker-checker).
 * Amounts are ringgit decimal strings (2 places).
 */
import { z } from 'zod';
import {
  COMPANY_TYPE_VALUES, FIELD_MESSAGES, type OrgDocumentType, ID_TYPES, QR_MODES, RM_APPLICATION_STATUSES, RULE_MESSAGES, SERVICE_MODES, VALIDATION_MESSAGES, WALLET_PROVIDERS, fieldMessage,
  validateField,
} from '@paydesk/domain';
import { DbId, IsoDateTime, listRequest, listResponse, RecordEvent } from '../common.ts';

/** Required text of at most `max` characters (trimmed). */
const text = (max: number) => z.string().trim().min(1, VALIDATION_MESSAGES.required).max(max, fieldMessage(FIELD_MESSAGES.maxLength, { max }));
/** Optional text: '' or absent is none. */
const optionalText = (max: number) => z.string().trim().max(max, fieldMessage(FIELD_MESSAGES.maxLength, { max })).default('');
/** A §5-validated text of `type`. */
const checked = (type: 'email' | 'phone' | 'url', required: boolean) =>
  (required ? text(250) : optionalText(250)).refine((v) => (v === '' ? !required : validateField(type, v) === true), VALIDATION_MESSAGES[type]);
/** A money amount above zero, in ringgit. */
const Amount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, VALIDATION_MESSAGES.decimal)
  .refine((v) => Number(v) > 0, fieldMessage(FIELD_MESSAGES.aboveValue, { min: 0 }));

/** The application form, as sent to RM. */
export const RmApplicationForm = z.object({
  CompanyName: text(250),
  RegNo: text(20),
  CompanyType: z.enum(COMPANY_TYPE_VALUES as [string, ...string[]], { error: FIELD_MESSAGES.option }),
  BusinessCategory: z.string().trim().regex(/^\d{4}$/, RULE_MESSAGES.mcc),
  Website: checked('url', false),
  Address1: text(250),
  Address2: optionalText(250),
  Postcode: z.string().trim().regex(/^\d{5}$/, RULE_MESSAGES.postcode),
  City: text(100),
  State: text(100),
  ContactName: text(150),
  ContactPhone: checked('phone', true),
  ContactEmail: checked('email', true),
  DirectorName: text(150),
  DirectorIdType: z.enum(ID_TYPES, { error: FIELD_MESSAGES.option }),
  DirectorIdNo: text(30),
  /** One of the merchant's bank accounts (org_bank_accounts); RM settles to it. */
  BankAccountId: DbId,
  ExpectedMonthlyVolume: Amount,
  AverageTicket: Amount,
  WalletProducts: z
    .array(z.enum(WALLET_PROVIDERS, { error: FIELD_MESSAGES.option }))
    .min(1, fieldMessage(FIELD_MESSAGES.minItems, { min: 1 }))
    .max(WALLET_PROVIDERS.length, fieldMessage(FIELD_MESSAGES.maxItems, { max: WALLET_PROVIDERS.length }))
    .refine((a) => new Set(a).size === a.length, RULE_MESSAGES.walletTwice),
  ServiceMode: z.enum(SERVICE_MODES, { error: FIELD_MESSAGES.option }),
  QrMode: z.enum(QR_MODES, { error: FIELD_MESSAGES.option }),
});
export type RmApplicationForm = z.infer<typeof RmApplicationForm>;

/** A bank account the form may name (masked: '••••' + last 4). */
export const RmBankAccountOption = z.object({ Id: DbId, BankName: z.string(), AccountName: z.string(), AccountNo: z.string(), AccountType: z.string(), IsPrimary: z.boolean() });
/** A document on the merchant's file. */
export const RmDocument = z.object({ Id: DbId, DocType: z.string(), FileName: z.string(), UploadedAt: IsoDateTime });

/** The documents RM asks for; Send is refused while one of these types is missing. */
export const RM_REQUIRED_DOCUMENTS = ['SSM_CERTIFICATE', 'DIRECTOR_ID', 'BANK_STATEMENT'] as const satisfies readonly OrgDocumentType[];

/** What the form of a merchant starts from, and what the merchant has on file. */
export const RmApplicationPrefill = z.object({
  MerchantId: DbId,
  MerchantName: z.string(),
  OnboardingStatus: z.string(),
  Form: RmApplicationForm.partial(),
  BankAccounts: z.array(RmBankAccountOption),
  Documents: z.array(RmDocument),
  MissingDocuments: z.array(z.string()),
});

export const RmApplicationMerchantParams = z.object({ MerchantId: DbId });
export const RmApplicationParams = z.object({ Id: DbId });

/** The actions of an application its caller may take now. */
export const RM_APPLICATION_ACTIONS = ['SAVE', 'SUBMIT', 'APPROVE', 'REJECT'] as const;

/** An application with its merchant's file. */
export const RmApplication = z.object({
  Id: DbId,
  MerchantId: DbId,
  MerchantName: z.string(),
  OnboardingStatus: z.string(),
  Status: z.enum(RM_APPLICATION_STATUSES),
  Form: RmApplicationForm,
  Reason: z.string().nullable(),
  SubmittedBy: z.string().nullable(),
  SubmittedAt: IsoDateTime.nullable(),
  DecidedBy: z.string().nullable(),
  DecidedAt: IsoDateTime.nullable(),
  RmMerchantId: z.string().nullable(),
  RmStoreId: z.string().nullable(),
  BankAccounts: z.array(RmBankAccountOption),
  Documents: z.array(RmDocument),
  MissingDocuments: z.array(z.string()),
  AllowedActions: z.array(z.enum(RM_APPLICATION_ACTIONS)),
  Version: z.number().int(),
  CreatedAt: IsoDateTime,
  UpdatedAt: IsoDateTime,
  /**
   * The application's log, oldest first: CREATE (from null), then SAVE, SUBMIT, APPROVE and
   * REJECT with the status before and after, who (e-mail, null for the system), when (UTC) and
   * the summary (RM's reason of a rejection, RM's merchant and store ids of an approval; '' for
   * none). Optional: an answer without it is still an application.
   */
  Events: z.array(RecordEvent).optional(),
});

/** Save a draft: a new one for `MerchantId`, or the application `Id` at `Version` (a REJECTED one becomes a DRAFT again). */
export const RmApplicationSaveRequest = z.object({ Id: DbId.optional(), MerchantId: DbId, Version: z.number().int().min(1).max(2_147_483_647).optional(), Form: RmApplicationForm });
export const RmApplicationSubmitRequest = z.object({ Id: DbId, Version: z.number().int().min(1).max(2_147_483_647) });
/** RM's answer: APPROVED with RM's merchant id (and store id), or REJECTED with RM's reason. */
export const RmApplicationDecideRequest = z
  .object({
    Id: DbId,
    Version: z.number().int().min(1).max(2_147_483_647),
    Decision: z.enum(['APPROVED', 'REJECTED'], { error: FIELD_MESSAGES.option }),
    Reason: optionalText(500),
    RmMerchantId: z.string().trim().regex(/^$|^[A-Za-z0-9_-]{1,40}$/, RULE_MESSAGES.rmMerchantId).default(''),
    RmStoreId: z.string().trim().regex(/^$|^[A-Za-z0-9_-]{1,40}$/, RULE_MESSAGES.rmMerchantId).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.Decision === 'APPROVED' && v.RmMerchantId === '') ctx.addIssue({ code: 'custom', path: ['RmMerchantId'], message: RULE_MESSAGES.rmMerchantId });
    if (v.Decision === 'REJECTED' && v.Reason === '') ctx.addIssue({ code: 'custom', path: ['Reason'], message: VALIDATION_MESSAGES.required });
  });

export const RmApplicationSort = ['MerchantName', 'Status', 'UpdatedAt', 'SubmittedAt'] as const;
export const RmApplicationSearchRequest = listRequest(
  z.object({ Keyword: optionalText(100), Status: z.enum(RM_APPLICATION_STATUSES, { error: FIELD_MESSAGES.option }).optional() }).default({ Keyword: '' }),
  [...RmApplicationSort],
);
export const RmApplicationRow = z.object({
  Id: DbId,
  MerchantId: DbId,
  MerchantName: z.string(),
  RegNo: z.string(),
  Status: z.enum(RM_APPLICATION_STATUSES),
  SubmittedAt: IsoDateTime.nullable(),
  DecidedAt: IsoDateTime.nullable(),
  Reason: z.string().nullable(),
  RmMerchantId: z.string().nullable(),
  UpdatedAt: IsoDateTime,
});
export const RmApplicationSearchResponse = listResponse(RmApplicationRow);
