/**
 * Live transaction → Online → E-commerce (service type 1): search, detail, export.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TransactionExportRequest, TransactionSearchRequest } from '@paydesk/contract';
import { dayjs, BUSINESS_TIME_ZONE } from '@paydesk/domain';
import type { z } from 'zod';
import { scopeOf } from '../../auth/auth-guard.ts';
import { sendExport } from '../../platform/export-run.ts';
import { registerRoute } from '../../platform/route.ts';
import { countTransactionsUpTo, openTransactionExport } from './export-transactions.ts';
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
    // Row cap, per-user concurrency, error shape before the first byte and the audited lifecycle: platform/export-run.ts.
    return sendExport(app, req, reply, {
      target: 'transaction',
      format: body.Format,
      filename: `ecommerce-transactions-${stamp}.${body.Format}`,
      countUpTo: (limit) => countTransactionsUpTo(database, scope, body, limit),
      open: ({ signal, onDone }) => openTransactionExport(database, scope, body, onDone, signal),
      detail: { serviceType: 1, filter: body.SearchData },
    });
  });
}
