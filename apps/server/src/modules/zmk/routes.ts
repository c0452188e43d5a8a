/**
 * /zmk-config's endpoints: Search, :Id, Create, Component1/2/3, Cancel and Retire. Each write is
 * an audited operation (the contract declares its action): it runs in one transaction with its
 * one audit record, which names the key, the slot and check values only — never key material.
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { closeKey } from './close-key.ts';
import { createKey } from './create-key.ts';
import { enterComponent } from './enter-component.ts';
import { searchZmk, zmkView } from './read.ts';

export function zmkRoutes(app: FastifyInstance): void {
  const { keys } = app.ctx;

  operation(app, 'zmkSearch', async (b, { q, scope }) =>
    searchZmk(q, scope, { keyword: b.SearchData.Keyword, status: b.SearchData.Status, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort }),
  );

  operation(app, 'zmkGet', async ({ Id }, { q, scope }) => zmkView(q, scope, Number(Id)));

  // Each write answers the key as its transaction leaves it.
  operation(app, 'zmkCreate', async (b, ctx) => {
    const id = await createKey(ctx.q, ctx.scope, { name: b.Name, purpose: b.Purpose, acquirerId: b.AcquirerId, scheme: b.Scheme, componentCount: b.ComponentCount, at: ctx.now() });
    ctx.audit({ targetId: id, detail: { name: b.Name, purpose: b.Purpose, acquirerId: b.AcquirerId, scheme: b.Scheme, components: b.ComponentCount } });
    return zmkView(ctx.q, ctx.scope, id);
  });

  for (const seq of [1, 2, 3] as const) {
    operation(app, `zmkComponent${seq}`, async (b, ctx) => {
      const done = await enterComponent(ctx.q, ctx.scope, { id: b.Id, seq, component: b.Component, kcv: b.Kcv, fieldKey: keys.fieldKey, at: ctx.now() });
      ctx.audit({ detail: { component: seq, componentKcv: done.componentKcv, ...(done.activatedKcv ? { activated: true, keyKcv: done.activatedKcv } : {}) } });
      return zmkView(ctx.q, ctx.scope, b.Id);
    });
  }

  for (const [name, action] of [['zmkCancel', 'CANCEL'], ['zmkRetire', 'RETIRE']] as const) {
    operation(app, name, async (b, ctx) => {
      await closeKey(ctx.q, ctx.scope, { id: b.Id, action, reason: b.Reason, at: ctx.now() });
      ctx.audit({ detail: { reason: b.Reason } });
      return zmkView(ctx.q, ctx.scope, b.Id);
    });
  }
}
