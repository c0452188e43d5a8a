/**
 * The handler of a write endpoint over one record (guides practice 2): `work` and its audit record
 * in ONE transaction, so the record and its audit commit or roll back together, answering `view`
 * of the record as the transaction leaves it. The audit names the caller, `targetType` and the id
 * the work answers, with the work's detail (which must never carry secrets).
 */
import type { FastifyRequest } from 'fastify';
import type { Database, Query } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import { invalidSession } from './errors.ts';
import type { Scope } from './scope.ts';

/** What a write did: the record's id and the audit detail. */
export interface WriteDone {
  id: number;
  detail: unknown;
}

/** A handler factory for the record kind `targetType`, answered by `view`; each call makes one action's handler. */
export function auditedWrites<V>(database: Database, targetType: string, view: (q: Query, scope: Scope, id: number) => Promise<V>) {
  return <B,>(action: string, work: (q: Query, scope: Scope, body: B) => Promise<WriteDone>) =>
    async (req: FastifyRequest): Promise<V> => {
      const scope = req.scope;
      if (!scope) throw invalidSession();
      return database.transaction(async (q) => {
        const done = await work(q, scope, req.body as B);
        await writeAudit(q, req, { action, result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType, targetId: String(done.id), detail: done.detail });
        return view(q, scope, done.id);
      });
    };
}
