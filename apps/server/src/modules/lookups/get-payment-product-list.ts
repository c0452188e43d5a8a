/**
 * GetPaymentProductList/:ServiceType (§7 Lookups): active payment products of one service type,
 * or of every service type when it is 0; by service type, then name.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentProducts as p } from '../../db/schema/index.ts';

export async function getPaymentProductList(database: Database, serviceType: number) {
  return database.db
    .select({ PaymentProductId: p.id, ProductName: p.productName, ServiceType: p.serviceType, CategoryCode: p.categoryCode, ProductCode: p.productCode })
    .from(p)
    .where(and(eq(p.isActive, 1), serviceType === 0 ? undefined : eq(p.serviceType, serviceType)))
    .orderBy(asc(p.serviceType), asc(p.productName), asc(p.id));
}
