/**
 * The payout desk's endpoints:
 *  - POST Payout/Hold {Id, Violation, Note} and POST Payout/Release {Id, Note} (hold.ts), and POST
 *    Payout/Batch/Create {PayoutDate, Channel, Currency} (idempotent; batch.ts): audited
 *    operations (the contract declares the action), each run in one transaction with its one
 *    audit row;
 *  - POST Payout/Batch/Search and GET Payout/Batch/:Id: reads;
 *  - GET Payout/Batch/:Id/File: the bulk-credit file, the one answer that carries whole account
 *    numbers, because the bank needs them — made on demand from the sealed snapshot, never stored
 *    in clear; each download writes its own audit row with the file's hash (a file answer) and a
 *    DOWNLOAD event on the batch's log, in one transaction;
 *  - POST Payout/Batch/:Id/Result (multipart: the bank's result file): an upload, so it reads and
 *    parses the file before opening its transaction, then moves the batch (RECORD_RESULT, one
 *    event) and writes its own RESULT audit row in it — neither when the very file was already
 *    recorded, since nothing changes then.
 * The payout lists and their detail are report routes (defs/payout.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../platform/audit.ts';
import { attachmentHeader } from '../../platform/file-names.ts';
import { operation } from '../../platform/operation.ts';
import { scopeOf } from '../../platform/scope.ts';
import { registerRoute } from '../../platform/route.ts';
import { readSheet } from '../../platform/spreadsheet.ts';
import { uploadedFile } from '../../platform/upload.ts';
import { readEvents } from '../../workflows/engine.ts';
import { batchReference, createPayoutBatch, downloadPayoutBatchFile, payoutBatchView, recordBankResult, searchPayoutBatches } from './batch.ts';
import { PAYOUT_BATCH_EVENTS } from './batch-record.ts';
import { decidePayout } from './hold.ts';

/** Most lines a bank result file may hold (a batch is one channel and currency of one day's due payouts). */
const RESULT_MAX_ROWS = 100_000;

export function payoutRoutes(app: FastifyInstance): void {
  const { database, now } = app.ctx;
  operation(app, 'payoutHold', async (body, ctx) => {
    const d = await decidePayout(ctx.q, { id: body.Id, action: 'hold', violation: body.Violation, note: body.Note, userId: ctx.scope.userId, at: ctx.now() });
    ctx.audit({ targetId: d.id, detail: `${body.Violation}: ${d.note}` });
    return { Id: d.id, State: d.state, Violation: d.violation, Note: d.note };
  });
  operation(app, 'payoutRelease', async (body, ctx) => {
    const d = await decidePayout(ctx.q, { id: body.Id, action: 'release', note: body.Note, userId: ctx.scope.userId, at: ctx.now() });
    ctx.audit({ targetId: d.id, detail: d.note });
    return { Id: d.id, State: d.state, Violation: d.violation, Note: d.note };
  });

  operation(app, 'payoutBatchCreate', async (body, ctx) => {
    const made = await createPayoutBatch(ctx.q, {
      payoutDate: body.PayoutDate, channel: body.Channel, currency: body.Currency, userId: ctx.scope.userId, at: ctx.now(), fieldKey: app.ctx.keys.fieldKey, originator: app.ctx.config.productName,
    });
    const view = await payoutBatchView(ctx.q, made.id);
    ctx.audit({
      targetId: made.id,
      detail: `${view.Reference}: ${view.LineCount} payouts, ${view.Currency} ${view.Total}, due by ${view.PayoutDate}, ${made.skippedNoAccount} skipped without a payout account`,
    });
    return { ...view, SkippedNoAccount: made.skippedNoAccount };
  });
  operation(app, 'payoutBatchSearch', async (body, { q }) => searchPayoutBatches(q, { state: body.State, pageIndex: body.PageIndex, rowsPerPage: body.RowsPerPage }));
  operation(app, 'payoutBatch', async ({ Id }, { q }) => ({ ...(await payoutBatchView(q, Id)), Events: await readEvents(q, PAYOUT_BATCH_EVENTS, Id) }));
  registerRoute(app, 'payoutBatchFile', async (req, reply) => {
    const scope = scopeOf(req);
    const { Id } = req.params;
    const file = await database.transaction(async (q) => {
      const made = await downloadPayoutBatchFile(q, { id: Id, fieldKey: app.ctx.keys.fieldKey, userId: scope.userId, at: now() });
      await writeAudit(q, req, {
        action: 'DOWNLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'PayoutBatch', targetId: String(Id),
        detail: `${made.fileName} (sha256 ${made.sha256})`,
      });
      return made;
    });
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', attachmentHeader(file.fileName));
    reply.header('cache-control', 'no-store');
    return reply.send(file.content);
  });
  registerRoute(app, 'payoutBatchResult', async (req) => {
    const scope = scopeOf(req);
    const { Id } = req.params;
    const { file, filename } = await uploadedFile(req);
    const sheet = await readSheet(file, filename, { limits: { rows: RESULT_MAX_ROWS } });
    const fileSha256 = createHash('sha256').update(file).digest('hex');
    return database.transaction(async (q) => {
      const r = await recordBankResult(q, { id: Id, sheet, fileSha256, userId: scope.userId, at: now() });
      // The very file already recorded: the batch as it is, nothing changed, nothing to audit.
      if (r.repeated) return payoutBatchView(q, Id);
      await writeAudit(q, req, {
        action: 'RESULT', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'PayoutBatch', targetId: String(Id),
        detail: `${batchReference(Id)}: ${r.paid} paid, ${r.failed} failed (${filename.slice(0, 100)}, sha256 ${fileSha256})`,
      });
      return payoutBatchView(q, Id);
    });
  });
}
