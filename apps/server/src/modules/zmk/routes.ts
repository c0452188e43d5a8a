/**
 * /zmk-config's endpoints (issue 14 Build 2): Search, :Id, Create, Component1/2/3, Cancel and
 * Retire. Each write runs in one transaction with its audit record, which names the key, the slot
 * and check values only — never key material.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZmkCloseRequest, ZmkComponentRequest, ZmkCreateRequest, ZmkSearchRequest } from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { auditedWrites } from '../../platform/audited-write.ts';
import { registerRoute } from '../../platform/route.ts';
import { closeKey } from './close-key.ts';
import { createKey } from './create-key.ts';
import { enterComponent } from './enter-component.ts';
import { searchZmk, zmkView } from './read.ts';

export function zmkRoutes(app: FastifyInstance): void {
  const { database, now, keys } = app.ctx;

  registerRoute(app, 'zmkSearch', async (req) => {
    const body = req.body as z.infer<typeof ZmkSearchRequest>;
    return searchZmk(database.query, scopeOf(req), { keyword: body.SearchData.Keyword, status: body.SearchData.Status, pageIndex: body.PageIndex, rowsPerPage: body.RowsPerPage, sort: body.Sort });
  });

  registerRoute(app, 'zmkGet', async (req) => zmkView(database.query, scopeOf(req), Number((req.params as { Id: number }).Id)));

  /** Each write and its audit in one transaction, answering the key as it is then. */
  const write = auditedWrites(database, 'Zmk', zmkView);

  registerRoute(
    app,
    'zmkCreate',
    write<z.infer<typeof ZmkCreateRequest>>('ZMK_CREATE', async (q, scope, b) => {
      const id = await createKey(q, scope, { name: b.Name, purpose: b.Purpose, acquirerId: b.AcquirerId, scheme: b.Scheme, componentCount: b.ComponentCount, at: now() });
      return { id, detail: { name: b.Name, purpose: b.Purpose, acquirerId: b.AcquirerId, scheme: b.Scheme, components: b.ComponentCount } };
    }),
  );

  for (const seq of [1, 2, 3] as const) {
    registerRoute(
      app,
      `zmkComponent${seq}`,
      write<z.infer<typeof ZmkComponentRequest>>('ZMK_COMPONENT', async (q, scope, b) => {
        const done = await enterComponent(q, scope, { id: b.Id, seq, component: b.Component, kcv: b.Kcv, fieldKey: keys.fieldKey, at: now() });
        return { id: b.Id, detail: { component: seq, componentKcv: done.componentKcv, ...(done.activatedKcv ? { activated: true, keyKcv: done.activatedKcv } : {}) } };
      }),
    );
  }

  for (const [name, action] of [['zmkCancel', 'CANCEL'], ['zmkRetire', 'RETIRE']] as const) {
    registerRoute(
      app,
      name,
      write<z.infer<typeof ZmkCloseRequest>>(`ZMK_${action}`, async (q, scope, b) => {
        await closeKey(q, scope, { id: b.Id, action, reason: b.Reason, at: now() });
        return { id: b.Id, detail: { reason: b.Reason } };
      }),
    );
  }
}
