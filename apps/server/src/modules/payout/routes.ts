/**
 * The payout desk's endpoints (issue 12 Build 5): POST Payout/Hold {Id, Violation, Note} and
 * POST Payout/Release {Id, Note} (hold.ts), each audited in the decision's transaction. The
 * payout lists and their detail are report routes (defs/payout.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { PayoutHoldRequest, PayoutReleaseRequest } from '@paydesk/contract';
import { writeAudit } from '../../platform/audit.ts';
import { scopeOf } from '../../auth/auth-guard.ts';
import { registerRoute } from '../../platform/route.ts';
import { decidePayout } from './hold.ts';

export function payoutRoutes(app: FastifyInstance): void {
  const { database, now } = app.ctx;
  registerRoute(app, 'payoutHold', async (req) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof PayoutHoldRequest>;
    return database.transaction(async (q) => {
      const d = await decidePayout(q, { id: body.Id, action: 'hold', violation: body.Violation, note: body.Note, userId: scope.userId, at: now() });
      await writeAudit(q, req, { action: 'HOLD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'Payout', targetId: String(d.id), detail: `${body.Violation}: ${d.note}` });
      return { Id: d.id, State: d.state, Violation: d.violation, Note: d.note };
    });
  });
  registerRoute(app, 'payoutRelease', async (req) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof PayoutReleaseRequest>;
    return database.transaction(async (q) => {
      const d = await decidePayout(q, { id: body.Id, action: 'release', note: body.Note, userId: scope.userId, at: now() });
      await writeAudit(q, req, { action: 'RELEASE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'Payout', targetId: String(d.id), detail: d.note });
      return { Id: d.id, State: d.state, Violation: d.violation, Note: d.note };
    });
  });
}
