/**
 * GetSubscriptionCompanyList (§7 Lookups): the companies that can hold a subscription, i.e. the
 * active merchant HQs inside the caller's subtree (§6 scope), by name.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations as o } from '../../db/schema/index.ts';
import { orgSubtreeCondition, type Scope } from '../../platform/scope.ts';

export async function getSubscriptionCompanyList(database: Database, scope: Scope) {
  return database.db
    .select({ Id: o.id, CompanyName: o.name, CompanyRegNo: o.regNo })
    .from(o)
    .where(and(orgSubtreeCondition(scope, o.path), eq(o.level, 'MERCHANT_HQ'), eq(o.isActive, 1)))
    .orderBy(asc(o.name), asc(o.id));
}
