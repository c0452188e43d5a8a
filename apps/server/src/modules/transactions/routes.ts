/**
 * Live transaction → Online → E-commerce (service type 1): search, detail, export.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TransactionExportRequest, TransactionSearchRequest } from '@paydesk/contract';
import { dayjs, BUSINESS_TIME_ZONE } from '@paydesk/domain';
import type { z } from 'zod';
import { scopeOf } from '../../auth/auth-guard.ts';
import { writeAudit } from '../../platform/audit.ts';
import { registerRoute } from '../../platform/route.ts';
import { exportTransactions } from './export-transactions.ts';
import { getTransaction } from './get-transaction.ts';
import { searchTransactions } from './search-transactions.ts';

export function transactionRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  registerRoute(app, 'ecommerceSearch', async (req) => {
    const body = req.body as TransactionSearchRequest;
    return searchTransactions(database, scopeOf(req), { ...body, ServiceType: 1 });
  });
  registerRoute(app, 'ecommerceGet', async (req) => getTransaction(database, scopeOf(req), 1, (req.params as { Id: number }).Id));
  registerRoute(app, 'ecommerceExport', async (req: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOf(req);
    const body = { ...(req.body as z.infer<typeof TransactionExportRequest>), ServiceType: 1 as const };
    const stamp = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDD-HHmmss');
    const { stream, contentType } = exportTransactions(database, scope, body, (rows) => {
      void writeAudit(database, req, { action: 'EXPORT', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'transaction', detail: { serviceType: 1, format: body.Format, rows, filter: body.SearchData } }).catch((e: unknown) => req.log.error(e));
    });
    reply.header('content-type', contentType);
    reply.header('content-disposition', `attachment; filename="ecommerce-transactions-${stamp}.${body.Format}"`);
    return reply.send(stream);
  });
}
