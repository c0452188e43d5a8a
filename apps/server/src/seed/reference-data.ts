/**
 * Reference data every Paydesk database needs, demo or not: currencies, acquirers and the six
 * default portal user groups with their default permissions. `ensureReferenceData` is idempotent
 * and cheap, so the server calls it on every start (after migrations).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { GROUP_TYPES, defaultPermissions, type GroupType } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { acquirers, currencies, userGroupPermissions, userGroups } from '../db/schema.ts';

/** Currencies (§3). MYR first; only active ones are offered (§9), the first active one is the default (§4). */
export const REFERENCE_CURRENCIES = [
  { currencyCode: 'MYR', name: 'Malaysian Ringgit', symbol: 'RM', isActive: 1, sortOrder: 0 },
  { currencyCode: 'USD', name: 'US Dollar', symbol: 'US$', isActive: 1, sortOrder: 1 },
  { currencyCode: 'SGD', name: 'Singapore Dollar', symbol: 'S$', isActive: 1, sortOrder: 2 },
  { currencyCode: 'CNY', name: 'Chinese Yuan Renminbi', symbol: 'CN¥', isActive: 0, sortOrder: 3 },
  { currencyCode: 'EUR', name: 'Euro', symbol: '€', isActive: 0, sortOrder: 4 },
] as const;

/** Malaysian acquiring banks (§3 Acquirer: AcquirerId, AcqName). */
export const REFERENCE_ACQUIRERS = [
  { code: 'MBB', acqName: 'Maybank (Malayan Banking Berhad)' },
  { code: 'CIMB', acqName: 'CIMB Bank Berhad' },
  { code: 'PBB', acqName: 'Public Bank Berhad' },
  { code: 'RHB', acqName: 'RHB Bank Berhad' },
  { code: 'HLB', acqName: 'Hong Leong Bank Berhad' },
  { code: 'AMB', acqName: 'AmBank (M) Berhad' },
  { code: 'BSN', acqName: 'Bank Simpanan Nasional' },
  { code: 'AFFIN', acqName: 'Affin Bank Berhad' },
] as const;

/** The default portal user group of each group type (§1, §6). */
export const DEFAULT_GROUP_NAMES: Record<GroupType, string> = {
  SUPERADMIN: 'Super Admin',
  MASTER_MERCHANT: 'Master Merchant',
  AGENCY: 'Agency',
  AGENT: 'Agent',
  MERCHANT_HQ: 'Merchant HQ',
  MERCHANT_BRANCH: 'Merchant Branch',
};

/** Advisory-lock key so two processes starting at once do not both create the default groups. */
const REFERENCE_LOCK_KEY = 7_302_026_001;

/**
 * Makes sure the reference rows exist. Safe to run on every start, on PGlite and PostgreSQL:
 * - currencies and acquirers are inserted when their code is missing (existing rows, which an
 *   administrator may have edited, are left alone);
 * - each group type gets one default group (`isDefault` true) when it has none;
 * - each default group gains any permission `defaultPermissions` now gives it and it lacks, so
 *   permissions added to the catalogue reach old databases; none is ever removed. When a group
 *   gains permissions its `version` is bumped so cached permission sets are refreshed.
 * Runs in one transaction under an advisory lock.
 */
export async function ensureReferenceData(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_KEY})`);
    await tx.insert(currencies).values([...REFERENCE_CURRENCIES]).onConflictDoNothing({ target: currencies.currencyCode });
    await tx.insert(acquirers).values([...REFERENCE_ACQUIRERS]).onConflictDoNothing({ target: acquirers.code });

    for (const groupType of GROUP_TYPES) {
      const [existing] = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(and(eq(userGroups.groupType, groupType), eq(userGroups.isDefault, true)))
        .orderBy(asc(userGroups.id))
        .limit(1);
      let groupId = existing?.id;
      if (groupId === undefined) {
        const [created] = await tx
          .insert(userGroups)
          .values({
            name: DEFAULT_GROUP_NAMES[groupType],
            groupType,
            description: `Default ${DEFAULT_GROUP_NAMES[groupType]} group`,
            isDefault: true,
          })
          .returning({ id: userGroups.id });
        groupId = created!.id;
      }
      const permissions = defaultPermissions(groupType);
      if (permissions.length === 0) continue;
      const added = await tx
        .insert(userGroupPermissions)
        .values(permissions.map((permission) => ({ groupId: groupId!, permission })))
        .onConflictDoNothing()
        .returning({ permission: userGroupPermissions.permission });
      if (existing && added.length > 0) {
        await tx
          .update(userGroups)
          .set({ version: sql`${userGroups.version} + 1`, updatedAt: new Date() })
          .where(eq(userGroups.id, groupId));
      }
    }
  });
}

/** Ids of the default group of each group type. Call after ensureReferenceData. */
export async function defaultGroupIds(database: Database): Promise<Record<GroupType, number>> {
  const rows = await database.db
    .select({ id: userGroups.id, groupType: userGroups.groupType })
    .from(userGroups)
    .where(eq(userGroups.isDefault, true))
    .orderBy(asc(userGroups.id));
  const out: Partial<Record<GroupType, number>> = {};
  for (const r of rows) out[r.groupType as GroupType] ??= r.id;
  for (const t of GROUP_TYPES) if (out[t] === undefined) throw new Error(`No default user group of type ${t}; run ensureReferenceData first`);
  return out as Record<GroupType, number>;
}
