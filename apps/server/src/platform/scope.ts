/**
 * The caller's scope (guides practice 5): who is asking, in which membership, with which
 * permissions, over which subtree. Every repository function takes it as its first argument.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { GroupType, OrgLevel } from '@paydesk/domain';
import type { FastifyRequest } from 'fastify';
import { invalidSession } from './errors.ts';

export interface Scope {
  userId: number;
  email: string;
  sessionId: string;
  membershipId: number;
  groupType: GroupType;
  /** The selected company; null for the platform (SUPERADMIN sees everything). */
  orgId: number | null;
  orgLevel: OrgLevel | null;
  /** Materialized path of the selected company ("/1/4/"), null for the platform. */
  orgPath: string | null;
  permissions: ReadonlySet<string>;
}

/** Whether `scope` is the platform's (SUPERADMIN without a company): it sees internal states as stored. */
export const isPlatformScope = (scope: Scope): boolean => scope.orgId === null && scope.groupType === 'SUPERADMIN';

/** Tables that carry the denormalized ancestor ids of a transaction. */
export interface AncestorColumns {
  masterMerchantId: AnyPgColumn;
  agencyId: AnyPgColumn;
  agentId: AnyPgColumn;
  merchantId: AnyPgColumn;
  branchId: AnyPgColumn;
}

/**
 * The condition that restricts a transaction-like table to the caller's subtree: one indexed
 * equality on the ancestor column of the caller's level; `undefined` for the platform.
 */
export function scopeCondition(scope: Scope, cols: AncestorColumns): SQL | undefined {
  if (scope.orgId === null || scope.orgLevel === null) {
    return scope.groupType === 'SUPERADMIN' ? undefined : sql`false`;
  }
  const col = {
    MASTER_MERCHANT: cols.masterMerchantId,
    AGENCY: cols.agencyId,
    AGENT: cols.agentId,
    MERCHANT_HQ: cols.merchantId,
    MERCHANT_BRANCH: cols.branchId,
  }[scope.orgLevel];
  return sql`${col} = ${scope.orgId}`;
}

/** The condition that restricts `organizations` to the caller's subtree (its own org included). */
export function orgSubtreeCondition(scope: Scope, pathCol: AnyPgColumn): SQL | undefined {
  if (scope.orgPath === null) return scope.groupType === 'SUPERADMIN' ? undefined : sql`false`;
  return sql`${pathCol} LIKE ${`${scope.orgPath}%`}`;
}

/** The owner column of each organization level on transaction-like tables (snake_case). */
const OWNER_COLUMN: Readonly<Record<OrgLevel, string>> = {
  MASTER_MERCHANT: 'master_merchant_id',
  AGENCY: 'agency_id',
  AGENT: 'agent_id',
  MERCHANT_HQ: 'merchant_id',
  MERCHANT_BRANCH: 'branch_id',
};

/**
 * scopeCondition for raw SQL: the caller's subtree on a table carrying the owner columns, aliased
 * `alias`, with its value as positional parameter `$param`. Answers the condition text and the
 * values to append ('true' and none for the platform, 'false' for a caller without a company).
 */
export function ownerConditionSql(scope: Scope, alias: string, param: number): { text: string; values: unknown[] } {
  if (scope.orgId === null || scope.orgLevel === null) return { text: scope.groupType === 'SUPERADMIN' ? 'true' : 'false', values: [] };
  return { text: `${alias}.${OWNER_COLUMN[scope.orgLevel]} = $${param}`, values: [scope.orgId] };
}

/**
 * The SQL condition (with its parameters from `$from`) restricting `alias` (organizations) to the
 * caller's subtree: none for the platform, the subtree's path prefix otherwise, nothing at all
 * for a non-platform caller without a company.
 */
export function subtreeSql(scope: Scope, alias: string, from: number): { text: string; values: unknown[] } {
  if (scope.orgPath === null) return scope.groupType === 'SUPERADMIN' ? { text: 'true', values: [] } : { text: 'false', values: [] };
  return { text: `${alias}.path LIKE $${from}`, values: [`${scope.orgPath}%`] };
}

/**
 * The scope of a guarded request; throws SC499 if the guard did not run (a wiring bug). The guard
 * (auth/auth-guard.ts) sets `req.scope`; platform, engine and modules read it here.
 */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.scope) throw invalidSession();
  return req.scope;
}
