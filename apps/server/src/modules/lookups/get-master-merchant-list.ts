/**
 * GetMasterMerchantList (§7 Lookups): master merchants inside the caller's subtree (§6 scope), so
 * a master-merchant user gets only its own company and the levels below it get none; filtered by
 * CompanyRegNo (exact) and a case-insensitive substring of CompanyName; by name. Inactive ones
 * are listed with IsActive 0.
 *
 * ServiceType is accepted (the contract and §7 send it) but not part of the query: organizations
 * carry no per-service-type configuration yet, so there is nothing to narrow by. It becomes a
 * condition when merchant configuration stores which service types a company has.
 */
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { MasterMerchantListRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { organizations as o } from '../../db/schema/index.ts';
import { orgSubtreeCondition, type Scope } from '../../platform/scope.ts';
import { containsPattern } from '../../platform/like-pattern.ts';

export async function getMasterMerchantList(database: Database, scope: Scope, q: z.infer<typeof MasterMerchantListRequest>) {
  return database.db
    .select({ Id: o.id, CompanyName: o.name, IsActive: o.isActive, CompanyRegNo: o.regNo })
    .from(o)
    .where(
      and(
        orgSubtreeCondition(scope, o.path),
        eq(o.level, 'MASTER_MERCHANT'),
        q.CompanyRegNo ? eq(o.regNo, q.CompanyRegNo) : undefined,
        q.CompanyName ? ilike(o.name, containsPattern(q.CompanyName)) : undefined,
      ),
    )
    .orderBy(asc(o.name), asc(o.id));
}
