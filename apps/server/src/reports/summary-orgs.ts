/**
 * The organization side of the summary reports: the org cascade's request
 * fields as summary filters (checked inside the caller's scope) and the names of grouped orgs.
 */
import { ORG_FILTER_FIELDS, type OrgFilterField, type ReportSearchData } from '@paydesk/contract';
import { ORG_LEVELS } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { badInput } from '../platform/errors.ts';
import type { Scope } from '../platform/scope.ts';
import type { OrgDimension } from '../summaries/query.ts';

/** The summary dimension of each org filter field (top to bottom). */
export const ORG_FIELD_DIMENSION: Readonly<Record<OrgFilterField, OrgDimension>> = {
  MasterMerchantId: 'masterMerchant',
  AgencyId: 'agency',
  AgentId: 'agent',
  MerchantId: 'merchant',
  BranchId: 'branch',
};

/** The owner column of each org dimension (transactions, summaries and settlement batches share them). */
export const ORG_FILTER_COLUMN_OF_LEVEL: Readonly<Record<OrgDimension, string>> = {
  masterMerchant: 'master_merchant_id',
  agency: 'agency_id',
  agent: 'agent_id',
  merchant: 'merchant_id',
  branch: 'branch_id',
};

/**
 * The org filters of a SearchData as summary org filters, after checking each id is an
 * organization of that field's level inside the caller's subtree (its own org included).
 * Throws AppError VAL400 naming the field (`SearchData.MerchantId` …) otherwise: a summary reads
 * figures at the filtered level, so a foreign id is refused rather than answered with zeros.
 */
export async function scopedOrgFilter(database: Database, scope: Scope, sd: ReportSearchData): Promise<Partial<Record<OrgDimension, number[]>>> {
  const asked = ORG_FILTER_FIELDS.flatMap((field, i) => (typeof sd[field] === 'number' ? [{ field, id: sd[field], level: ORG_LEVELS[i]! }] : []));
  if (!asked.length) return {};
  const rows = await database.query<{ id: number; level: string }>(
    `SELECT id, level FROM organizations WHERE id = ANY($1::int[]) AND ($2::text IS NULL OR path LIKE $2::text || '%')`,
    [asked.map((a) => a.id), scope.orgPath],
  );
  // No company and not the platform: nothing is in scope.
  const visible = scope.orgPath === null && scope.groupType !== 'SUPERADMIN' ? [] : rows;
  const out: Partial<Record<OrgDimension, number[]>> = {};
  for (const a of asked) {
    if (!visible.some((r) => Number(r.id) === a.id && r.level === a.level)) throw badInput(`SearchData.${a.field}`, `is not a ${a.level.toLowerCase().replace('_', ' ')} of your organization`);
    out[ORG_FIELD_DIMENSION[a.field]] = [a.id];
  }
  return out;
}

/** Organization names by id (for the GroupLabel of org dimensions). */
export async function orgNames(database: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await database.query<{ id: number; name: string }>(`SELECT id, name FROM organizations WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
