/**
 * System configuration endpoints beside the resource engine (group B): the portal user group
 * permission editor, the message template preview and bulk update of MDR rates.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, RULE_MESSAGES, fieldMessage } from '@paydesk/domain';
import { DbId, INT4_MAX } from '../common.ts';

const Id = DbId;

// ---------------------------------------------------------------------------------------------
// Permission editor (/user-group; permission usergroup:editpermission)

/** GET /api/portal/UserGroup/Permissions/:Id */
export const UserGroupPermissionsParams = z.object({ Id });

/** One module of the permission catalogue, with the permissions a group of this type may hold. */
export const PermissionCatalogueModule = z.object({
  Module: z.string(),
  Permissions: z.array(z.object({ Permission: z.string(), LabelKey: z.string() })),
});

/**
 * The permissions a group holds and the catalogue to choose from. `Version` is the group's
 * version, sent back with SetPermissions (a stale one is CF409). The catalogue offers a
 * SUPERADMIN group every permission and any other group the merchant-side ones only (never the
 * platform's configuration, provider, log and profile-of-master-merchant modules).
 */
export const UserGroupPermissionsResponse = z.object({
  GroupId: z.number().int(),
  GroupType: z.string(),
  Version: z.number().int(),
  Permissions: z.array(z.string()),
  Catalogue: z.array(PermissionCatalogueModule),
});

/** PUT /api/portal/UserGroup/SetPermissions: the whole new set (not a difference). */
export const SetUserGroupPermissionsRequest = z
  .object({
    Id,
    Version: z.coerce.number().int().positive().max(INT4_MAX),
    Permissions: z.array(z.string().trim().min(1).max(100)).max(1000),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Message template preview (/message-template; permission messagetemplate:view)

/** POST /api/portal/MessageTemplate/Preview: Values by placeholder name without braces ({UserName: 'Aisyah'}). */
export const MessageTemplatePreviewRequest = z
  .object({
    TemplateKey: z.string().trim().min(1, 'placeholder_cannot_be_empty').max(60),
    Body: z.string().max(4000, fieldMessage(FIELD_MESSAGES.maxLength, { max: 4000 })),
    Values: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, RULE_MESSAGES.placeholderName), z.string().max(1000)).optional(),
  })
  .strict();

/** The body with the given values put in (plain text); used placeholders without a value, and the ones the key does not offer. */
export const MessageTemplatePreviewResponse = z.object({ Rendered: z.string(), Missing: z.array(z.string()), Unknown: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------
// Bulk update MDR (/bulk-update-mdr; permission bulkupdateconfiguration:mdr)

/** The columns of a bulk MDR file (header row, any order). */
export const BULK_MDR_COLUMNS = ['ProductCode', 'CategoryCode', 'FeeMode', 'MdrPercent', 'FlatAmount', 'MinFee', 'MaxFee', 'EffectiveDate'] as const;

/** An MDR rate as stored: percent with 4 decimals, amounts with 2, as strings; the day it applies from. */
export const MdrRateValues = z.object({
  FeeMode: z.number().int(),
  MdrPercent: z.string(),
  FlatAmount: z.string(),
  MinFee: z.string().nullable(),
  MaxFee: z.string().nullable(),
  EffectiveDate: z.string(),
});

/** One row's change: INSERT (no rate for the product, category and date yet), UPDATE, or UNCHANGED (written as is, skipped). */
export const MdrRateChange = z.object({
  Row: z.number().int(),
  ProductCode: z.string(),
  CategoryCode: z.string(),
  Action: z.enum(['INSERT', 'UPDATE', 'UNCHANGED']),
  Before: MdrRateValues.nullable(),
  After: MdrRateValues,
});

/** A row's problem, the row number as in the file (the header is row 1). */
export const RowErrorItem = z.object({ Row: z.number().int(), Field: z.string(), Message: z.string() });

/** POST /api/portal/BulkUpdateMdr/Preview (multipart `file`, .xlsx or .csv): nothing is written. */
export const BulkUpdateMdrPreviewResponse = z.object({ Changes: z.array(MdrRateChange), Errors: z.array(RowErrorItem) });

/** POST /api/portal/BulkUpdateMdr/Apply (the same file): all rows in one transaction, or none (VAL400 with `Errors`). */
export const BulkUpdateMdrApplyResponse = z.object({ Applied: z.number().int(), Inserted: z.number().int(), Updated: z.number().int(), Unchanged: z.number().int() });
