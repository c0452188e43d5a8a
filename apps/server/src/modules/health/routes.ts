/**
 * Operations probes, unauthenticated and unencrypted like the runtime config:
 *  - GET /healthz: the process is alive and serving (no database call, so a slow database does
 *    not get a healthy process restarted);
 *  - GET /readyz: the database answers and holds every migration this build ships (a count of
 *    drizzle's applied migrations against the journal); 503 SRV503 otherwise, and from the moment
 *    a graceful shutdown starts, so a load balancer stops sending before the listener closes.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from '../../platform/errors.ts';
import { operation } from '../../platform/operation.ts';

/** Migrations this build ships (drizzle-kit's journal). */
const SHIPPED = (JSON.parse(readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;

export function healthRoutes(app: FastifyInstance, isDraining: () => boolean): void {
  operation(app, 'healthz', async () => ({ Status: 'ok' as const }));
  operation(app, 'readyz', async (_input, { q }) => {
    if (isDraining()) throw new AppError(503, ERROR_CODES.UNAVAILABLE, 'The server is shutting down');
    let applied: number;
    try {
      const [row] = await q<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      applied = Number(row?.n ?? 0);
    } catch {
      throw new AppError(503, ERROR_CODES.UNAVAILABLE, 'The database does not answer');
    }
    if (applied < SHIPPED) throw new AppError(503, ERROR_CODES.UNAVAILABLE, `Migrations pending: ${applied} of ${SHIPPED} applied`);
    return { Status: 'ready' as const, Database: app.ctx.database.kind, Migrations: applied };
  });
}
