/**
 * The audit trail, checked on every call of every integration test: a watcher on the test server
 * that, for each successful (2xx) call of a route declaring `audit` (contract RouteDef.audit),
 * reads the audit_log rows carrying that call's request id and records a violation unless there is
 * exactly one, with the declared action and target kind and the caller as actor. The harness
 * throws the violations when the server closes, so every suite that exercises a write also proves
 * its audit row; a route whose declaration lacks `audit` is caught by audit-declarations.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ROUTE_TABLE, type RouteDef } from '@paydesk/contract';
import type { Database } from '../../src/db/client.ts';

/** The declared routes by "METHOD path" as Fastify knows them (`:Id` parameters included). */
const BY_ROUTE = new Map<string, RouteDef>(Object.values(ROUTE_TABLE).map((r) => [`${r.method} ${r.path}`, r]));

/** The audit rows of one request, as the watcher reads them. */
interface TrailRow {
  action: string;
  result: string;
  target_type: string | null;
  actor_user_id: number | null;
}

/**
 * Installs the watcher on `app` (before it listens) and answers a function that throws an Error
 * listing every violation seen so far (none: it returns). Each violation names the route, the
 * request id and the rows found.
 */
export function watchAuditTrail(app: FastifyInstance, database: Database): () => void {
  const violations: string[] = [];
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    const def = BY_ROUTE.get(`${req.method} ${req.routeOptions.url}`);
    if (!def?.audit || reply.getHeader('idempotent-replayed') === 'true') return;
    const rows = await database.query<TrailRow>('SELECT action, result, target_type, actor_user_id FROM audit_log WHERE request_id = $1', [String(req.id)]);
    const [row] = rows;
    const actor = req.scope?.userId ?? null;
    const ok = rows.length === 1 && row!.action === def.audit.action && row!.result === 'SUCCESS' && row!.target_type === def.audit.target && (actor === null || Number(row!.actor_user_id) === actor);
    if (!ok) violations.push(`${def.method} ${def.path} (request ${String(req.id)}): expected one ${def.audit.action} ${def.audit.target} row by user ${actor}, found ${JSON.stringify(rows)}`);
  });
  return () => {
    if (violations.length) throw new Error(`audit trail: ${violations.length} call(s) without exactly one audit row:\n${violations.join('\n')}`);
  };
}
