/**
 * GetBankList (§7 Lookups): active banks only (§9), filtered by Id, a case-insensitive substring
 * of BankName and Country (case-insensitive, e.g. 'Malaysia'); by sort order, then name.
 */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { BankListRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { banks as b } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/like-pattern.ts';

export async function getBankList(database: Database, q: z.infer<typeof BankListRequest>) {
  return database.db
    .select({ Id: b.id, BankName: b.bankName, IsActive: b.isActive, Country: b.country, BankCode: b.bankCode, SwiftCode: b.swiftCode })
    .from(b)
    .where(
      and(
        eq(b.isActive, 1),
        q.Id !== undefined ? eq(b.id, q.Id) : undefined,
        q.BankName ? ilike(b.bankName, containsPattern(q.BankName)) : undefined,
        q.Country ? sql`upper(${b.country}) = upper(${q.Country})` : undefined,
      ),
    )
    .orderBy(asc(b.sortOrder), asc(b.bankName));
}
