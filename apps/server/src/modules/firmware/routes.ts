/**
 * /terminal-firmware-management's endpoints: firmware images (Search, :Id, Upload, :Id/File,
 * Retire) and staged rollouts (Preview, Create, Search, :Id, Targets, Pause, Resume, Cancel).
 * Every write is an audited operation (the contract declares its action): one transaction with
 * its one audit record. Create is idempotent (Idempotency-Key) and, like Resume, queues its job's
 * first tick in that transaction. Upload and File stay plain routes writing their own audit:
 * the upload reads its multipart body before any transaction (a slow client must not hold the
 * database) and writes nothing for the very image sent again; the download audits a read.
 */
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../platform/scope.ts';
import { writeAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { operation } from '../../platform/operation.ts';
import { storageOf } from '../../platform/object-storage.ts';
import { registerRoute } from '../../platform/route.ts';
import { sendAttachment } from '../../platform/file-names.ts';
import { seesFirmware } from './access.ts';
import { readFirmwareForm } from './firmware-form.ts';
import { firmwareObject, firmwareView, searchFirmware } from './firmware-read.ts';
import { retireFirmware, storeFirmware } from './firmware-write.ts';
import { rolloutCancel, rolloutPause, rolloutResume } from './rollout-actions.ts';
import { createRollout } from './rollout-create.ts';
import { enqueueRolloutTick } from './rollout-jobs.ts';
import { previewOf, resolvePlan } from './rollout-plan.ts';
import { rolloutTargets, rolloutView, searchRollouts } from './rollout-read.ts';

export function firmwareRoutes(app: FastifyInstance): void {
  const { database, now, config } = app.ctx;

  operation(app, 'firmwareSearch', async (b, { q, scope }) =>
    searchFirmware(q, scope, { keyword: b.SearchData.Keyword, model: b.SearchData.Model, status: b.SearchData.Status, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort }),
  );

  operation(app, 'firmwareGet', async ({ Id }, { q, scope }) => firmwareView(q, scope, Number(Id)));

  registerRoute(app, 'firmwareUpload', async (req) => {
    const scope = scopeOf(req);
    // The scope first: a caller who sees no firmware is refused before the body is read.
    if (!seesFirmware(scope)) throw notFound('Firmware');
    const upload = await readFirmwareForm(req);
    return database.transaction(async (q) => {
      const { id, repeated } = await storeFirmware(q, config, scope, upload, now());
      // The very image already stored: answered as it is, nothing written, nothing to audit.
      if (repeated) return firmwareView(q, scope, id);
      await writeAudit(q, req, {
        action: 'FIRMWARE_UPLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'Firmware', targetId: String(id),
        detail: { version: upload.version, models: upload.models, fileName: upload.fileName, sizeBytes: upload.sizeBytes, sha256: upload.sha256, checksumDeclared: upload.declaredSha256 !== null },
      });
      return firmwareView(q, scope, id);
    });
  });

  registerRoute(app, 'firmwareFile', async (req, reply) => {
    const scope = scopeOf(req);
    const f = await firmwareObject(database.query, scope, Number(req.params.Id));
    const content = await storageOf(config, f.storage).get(f.storage_key);
    if (!content) throw notFound('Firmware file');
    await writeAudit(database.query, req, {
      action: 'DOWNLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'Firmware', targetId: String(f.id),
      detail: { version: f.firmware_version, fileName: f.file_name, sha256: f.sha256 },
    });
    return sendAttachment(reply, content, f.file_name, f.sha256);
  });

  // Each write answers its record as its transaction leaves it.
  operation(app, 'firmwareRetire', async (b, ctx) => {
    await retireFirmware(ctx.q, ctx.scope, { id: b.Id, reason: b.Reason, at: ctx.now() });
    ctx.audit({ detail: { reason: b.Reason } });
    return firmwareView(ctx.q, ctx.scope, b.Id);
  });

  operation(app, 'rolloutPreview', async (b, { q, scope }) => previewOf(await resolvePlan(q, scope, b), b.Stages));

  operation(app, 'rolloutCreate', async (b, ctx) => {
    const made = await createRollout(ctx.q, ctx.scope, b, ctx.now());
    ctx.audit({
      targetId: made.id,
      detail: { name: b.Name, firmwareId: b.FirmwareId, version: made.version, targets: made.total, stages: b.Stages, stageWaitMinutes: b.StageWaitMinutes, models: b.Models ?? null, merchantId: b.MerchantId ?? null, tids: b.Tids?.length ?? null },
    });
    await enqueueRolloutTick(app.jobs, made.id, ctx.q);
    return rolloutView(ctx.q, ctx.scope, made.id);
  });

  operation(app, 'rolloutSearch', async (b, { q, scope }) =>
    searchRollouts(q, scope, { keyword: b.SearchData.Keyword, status: b.SearchData.Status, firmwareId: b.SearchData.FirmwareId, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort }),
  );

  operation(app, 'rolloutGet', async ({ Id }, { q, scope }) => rolloutView(q, scope, Number(Id)));

  operation(app, 'rolloutTargets', async (b, { q, scope }) =>
    rolloutTargets(q, scope, { id: b.SearchData.Id, keyword: b.SearchData.Keyword, state: b.SearchData.State, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort }),
  );

  operation(app, 'rolloutPause', rolloutPause);
  operation(app, 'rolloutResume', rolloutResume(app));
  operation(app, 'rolloutCancel', rolloutCancel);
}
