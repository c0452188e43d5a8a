/**
 * GetAcquirerByServiceType (§7 Lookups; §9 defaults ServiceType 2, TxnCategory 0): the active
 * acquirers linked in acquirer_services to the service type on the terminal category
 * (`TERMINAL_CATEGORIES`); TxnCategory 0 means every category. By name.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AcquirerByServiceTypeRequest } from '@paydesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { acquirerServices as s, acquirers as a } from '../../db/schema.ts';

export async function getAcquirersByServiceType(database: Database, q: z.infer<typeof AcquirerByServiceTypeRequest>) {
  return database.db
    .selectDistinct({ AcquirerId: a.id, AcqName: a.acqName })
    .from(a)
    .innerJoin(s, eq(s.acquirerId, a.id))
    .where(and(eq(a.isActive, 1), eq(s.serviceType, q.ServiceType), q.TxnCategory === 0 ? undefined : eq(s.terminalCategory, q.TxnCategory)))
    .orderBy(asc(a.acqName), asc(a.id));
}
