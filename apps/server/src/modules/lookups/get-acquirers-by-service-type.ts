/**
 * GetAcquirerByServiceType (§7 Lookups; §9 defaults ServiceType 2, TxnCategory 0): the active
 * acquirers whose `services` ("serviceType:terminalCategory" codes, see the Acquirer resource)
 * include the service type on the terminal category (`TERMINAL_CATEGORIES`); TxnCategory 0 means
 * any category of that service type. By name.
 */
import { and, arrayContains, asc, eq, sql } from 'drizzle-orm';
import type { AcquirerByServiceTypeRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { acquirers as a } from '../../db/schema/index.ts';

export async function getAcquirersByServiceType(database: Database, q: z.infer<typeof AcquirerByServiceTypeRequest>) {
  const serves =
    q.TxnCategory === 0
      ? sql`exists (select 1 from unnest(${a.services}) as s(code) where s.code like ${`${q.ServiceType}:%`})`
      : arrayContains(a.services, [`${q.ServiceType}:${q.TxnCategory}`]);
  return database.db
    .select({ AcquirerId: a.id, AcqName: a.acqName })
    .from(a)
    .where(and(eq(a.isActive, 1), serves))
    .orderBy(asc(a.acqName), asc(a.id));
}
