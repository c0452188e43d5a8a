/**
 * /merchant-bulk-upload (the spec names the route only, so the design is ours):
 * merchant HQs onboarded from one spreadsheet, each row a merchant with its first person and its
 * primary bank account, under an agent of the caller's subtree.
 *  - GET MerchantUpload/Template: the XLSX template — the Merchants sheet with one column per
 *    MERCHANT_UPLOAD_COLUMNS entry, list validations on the coded columns, a Help sheet saying what
 *    each column takes, and a Lists sheet with the codes the caller may use (its agents, banks,
 *    natures of business, states).
 *  - POST MerchantUpload (multipart `file`, .xlsx or .csv, at most MERCHANT_UPLOAD_MAX_ROWS rows):
 *    stored and queued on the job queue; answers the upload at QUEUED.
 *  - GET MerchantUpload/:Id: its status and progress; FAILED carries every row error (Row as in
 *    the file, Field = the column, Message) and nothing was created; DONE the merchants created.
 *  - POST MerchantUpload/Search: the caller's subtree's uploads, newest first, by page.
 * All or nothing: the merchants of a file are created in one transaction, only after every row
 * passed. Each is created PENDING with the uploader as its maker, like one made on /merchant.
 */
import { z } from 'zod';
import { DbId, IsoDateTime } from '../common.ts';
import { RowErrorItem } from './config.ts';

/** Most data rows in one file. */
export const MERCHANT_UPLOAD_MAX_ROWS = 5000;

/** QUEUED → VALIDATING → APPLYING → DONE; FAILED when any row has an error (nothing created). */
export const MERCHANT_UPLOAD_STATUSES = ['QUEUED', 'VALIDATING', 'APPLYING', 'DONE', 'FAILED'] as const;
export type MerchantUploadStatus = (typeof MERCHANT_UPLOAD_STATUSES)[number];

/**
 * The template's columns, in order: the header is the key (the file is read by header, so the
 * columns may come in any order); `required` columns must hold a value on every row.
 * Agent: an agent id of the caller's subtree (the Lists sheet shows "id - name"; "12", or
 * "12 - Name" as picked from the list, is read as 12).
 */
export const MERCHANT_UPLOAD_COLUMNS = [
  { key: 'Agent', required: true },
  { key: 'Name', required: true },
  { key: 'RegNo', required: true },
  { key: 'RegNoOld', required: false },
  { key: 'CompanyType', required: true },
  { key: 'BusinessCategory', required: true },
  { key: 'Address1', required: true },
  { key: 'Address2', required: false },
  { key: 'Postcode', required: true },
  { key: 'State', required: true },
  { key: 'City', required: true },
  { key: 'Phone', required: true },
  { key: 'Email', required: true },
  { key: 'Website', required: false },
  { key: 'PersonName', required: true },
  { key: 'PersonRole', required: true },
  { key: 'PersonIdType', required: true },
  { key: 'PersonIdNo', required: true },
  { key: 'PersonPhone', required: false },
  { key: 'PersonEmail', required: false },
  { key: 'BankCode', required: true },
  { key: 'AccountType', required: true },
  { key: 'AccountName', required: true },
  { key: 'AccountNo', required: true },
  { key: 'SettlementDays', required: false },
] as const;
export type MerchantUploadColumn = (typeof MERCHANT_UPLOAD_COLUMNS)[number]['key'];

export const MerchantUploadParams = z.object({ Id: DbId });

/** One upload as the screen shows it. Times are ISO 8601 UTC. */
export const MerchantUpload = z.object({
  Id: DbId,
  /** The company it was uploaded from (null: the platform). */
  OrgId: DbId.nullable(),
  FileName: z.string(),
  Status: z.enum(MERCHANT_UPLOAD_STATUSES),
  /** Data rows in the file (0 until it is read). */
  TotalRows: z.number().int(),
  /** Rows checked (VALIDATING) or merchants written (APPLYING); TotalRows when DONE. */
  DoneRows: z.number().int(),
  ErrorCount: z.number().int(),
  CreatedCount: z.number().int(),
  UploadedBy: z.string(),
  CreatedAt: IsoDateTime,
  FinishedAt: IsoDateTime.nullable(),
});

/** GET MerchantUpload/:Id: the upload, its row errors (FAILED) and the merchants it created (DONE, ids in row order). */
export const MerchantUploadDetail = MerchantUpload.extend({
  Errors: z.array(RowErrorItem),
  CreatedIds: z.array(DbId),
});

export const MerchantUploadSearchRequest = z.object({
  PageNumber: z.number().int().min(1).max(10000).default(1),
  PageSize: z.number().int().min(1).max(100).default(20),
});
export const MerchantUploadSearchResponse = z.object({ Items: z.array(MerchantUpload), TotalRecords: z.number().int() });
