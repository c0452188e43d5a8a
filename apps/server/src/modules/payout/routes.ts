/**
 * The payout desk's endpoints (issue 12 Build 5), each audited in its work's transaction:
 *  - POST Payout/Hold {Id, Violation, Note} and POST Payout/Release {Id, Note} (hold.ts);
 *  - POST Payout/Batch/Create {PayoutDate, Channel, Currency} (idempotent), POST
 *    Payout/Batch/Search, GET Payout/Batch/:Id, GET Payout/Batch/:Id/File (the bulk-credit file:
 *    the one answer that carries whole account numbers, because the bank needs them — made on
 *    demand from the sealed snapshot, never stored in clear, each download audited with the
 *    file's hash) and POST Payout/Batch/:Id/Result (multipart: the bank's result file) (batch.ts).
 * The payout lists and their detail are report routes (defs/payout.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { PayoutBatchCreateRequest, PayoutBatchSearchRequest, PayoutHoldRequest, PayoutReleaseRequest } from '@paydesk/contract';
import { writeAudit } from '../../platform/audit.ts';
import { attachmentHeader } from '../../platform/file-names.ts';
import { scopeOf } from '../../platform/scope.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { registerRoute } from '../../platform/route.ts';
import { readSheet } from '../../platform/spreadsheet.ts';
import { uploadedFile } from '../../platform/upload.ts';
import { batchReference, createPayoutBatch, payoutBatchFile, payoutBatchView, recordBankResult, searchPayoutBatches } from './batch.ts';
import { decidePayout } from './hold.ts';

/** Most lines a bank result file may hold (a batch is one channel and currency of one day's due payouts). */
const RESULT_MAX_ROWS = 100_000;

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

  registerRoute(app, 'payoutBatchCreate', async (req, reply) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof PayoutBatchCreateRequest>;
    const at = now();
    return runIdempotent(database, req, reply, scope.userId, 'payoutBatchCreate', body, at, async (q) => {
      const made = await createPayoutBatch(q, {
        payoutDate: body.PayoutDate, channel: body.Channel, currency: body.Currency, userId: scope.userId, at, fieldKey: app.ctx.keys.fieldKey, originator: app.ctx.config.productName,
      });
      const view = await payoutBatchView(q, made.id);
      await writeAudit(q, req, {
        action: 'CREATE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'PayoutBatch', targetId: String(made.id),
        detail: `${view.Reference}: ${view.LineCount} payouts, ${view.Currency} ${view.Total}, due by ${view.PayoutDate}, ${made.skippedNoAccount} skipped without a payout account`,
      });
      return { answer: { ...view, SkippedNoAccount: made.skippedNoAccount } };
    });
  });
  registerRoute(app, 'payoutBatchSearch', async (req) => {
    const body = req.body as z.infer<typeof PayoutBatchSearchRequest>;
    return searchPayoutBatches(database.query, { state: body.State, pageIndex: body.PageIndex, rowsPerPage: body.RowsPerPage });
  });
  registerRoute(app, 'payoutBatch', async (req) => payoutBatchView(database.query, (req.params as { Id: number }).Id));
  registerRoute(app, 'payoutBatchFile', async (req, reply) => {
    const scope = scopeOf(req);
    const { Id } = req.params as { Id: number };
    const file = await payoutBatchFile(database.query, Id, app.ctx.keys.fieldKey);
    await writeAudit(database.query, req, {
      action: 'DOWNLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'PayoutBatch', targetId: String(Id),
      detail: `${file.fileName} (sha256 ${createHash('sha256').update(file.content).digest('hex')})`,
    });
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', attachmentHeader(file.fileName));
    reply.header('cache-control', 'no-store');
    return reply.send(file.content);
  });
  registerRoute(app, 'payoutBatchResult', async (req) => {
    const scope = scopeOf(req);
    const { Id } = req.params as { Id: number };
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
