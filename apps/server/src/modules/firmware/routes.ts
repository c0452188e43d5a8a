/**
 * /terminal-firmware-management's endpoints (issue 14): firmware images (Search, :Id, Upload,
 * :Id/File, Retire) and staged rollouts (Preview, Create, Search, :Id, Targets, Pause, Resume,
 * Cancel). Every write runs in one transaction with its audit record; Create is idempotent
 * (Idempotency-Key) and, like Resume, queues its job's first tick in that transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { FirmwareRetireRequest, FirmwareSearchRequest, RolloutActionRequest, RolloutCreateRequest, RolloutPlanRequest, RolloutSearchRequest, RolloutTargetsRequest } from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditedWrites } from '../../platform/audited-write.ts';
import { notFound } from '../../platform/errors.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { storageOf } from '../../platform/object-storage.ts';
import { registerRoute } from '../../platform/route.ts';
import { attachmentHeader } from '../../platform/file-names.ts';
import { seesFirmware } from './access.ts';
import { readFirmwareForm } from './firmware-form.ts';
import { firmwareObject, firmwareView, searchFirmware } from './firmware-read.ts';
import { retireFirmware, storeFirmware } from './firmware-write.ts';
import { actOnRollout } from './rollout-actions.ts';
import { createRollout } from './rollout-create.ts';
import { enqueueRolloutTick } from './rollout-jobs.ts';
import { previewOf, resolvePlan } from './rollout-plan.ts';
import { rolloutTargets, rolloutView, searchRollouts } from './rollout-read.ts';

export function firmwareRoutes(app: FastifyInstance): void {
  const { database, now, config } = app.ctx;

  registerRoute(app, 'firmwareSearch', async (req) => {
    const b = req.body as z.output<typeof FirmwareSearchRequest>;
    return searchFirmware(database.query, scopeOf(req), { keyword: b.SearchData.Keyword, model: b.SearchData.Model, status: b.SearchData.Status, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort });
  });

  registerRoute(app, 'firmwareGet', async (req) => firmwareView(database.query, scopeOf(req), Number((req.params as { Id: number }).Id)));

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
    const f = await firmwareObject(database.query, scope, Number((req.params as { Id: number }).Id));
    const content = await storageOf(config, f.storage).get(f.storage_key);
    if (!content) throw notFound('Firmware file');
    await writeAudit(database.query, req, {
      action: 'DOWNLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'Firmware', targetId: String(f.id),
      detail: { version: f.firmware_version, fileName: f.file_name, sha256: f.sha256 },
    });
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', attachmentHeader(f.file_name));
    reply.header('x-checksum-sha256', f.sha256);
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(content);
  });

  const writeFirmware = auditedWrites(database, 'Firmware', firmwareView);
  registerRoute(
    app,
    'firmwareRetire',
    writeFirmware<z.output<typeof FirmwareRetireRequest>>('FIRMWARE_RETIRE', async (q, scope, b) => {
      await retireFirmware(q, scope, { id: b.Id, reason: b.Reason, at: now() });
      return { id: b.Id, detail: { reason: b.Reason } };
    }),
  );

  registerRoute(app, 'rolloutPreview', async (req) => {
    const b = req.body as z.output<typeof RolloutPlanRequest>;
    return previewOf(await resolvePlan(database.query, scopeOf(req), b), b.Stages);
  });

  registerRoute(app, 'rolloutCreate', async (req, reply) => {
    const scope = scopeOf(req);
    const b = req.body as z.output<typeof RolloutCreateRequest>;
    const at = now();
    return runIdempotent(database, req, reply, scope.userId, 'rolloutCreate', b, at, async (q) => {
      const made = await createRollout(q, scope, b, at);
      await writeAudit(q, req, {
        action: 'FIRMWARE_ROLLOUT_CREATE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'FirmwareRollout', targetId: String(made.id),
        detail: { name: b.Name, firmwareId: b.FirmwareId, version: made.version, targets: made.total, stages: b.Stages, stageWaitMinutes: b.StageWaitMinutes, models: b.Models ?? null, merchantId: b.MerchantId ?? null, tids: b.Tids?.length ?? null },
      });
      await enqueueRolloutTick(app.jobs, made.id, q);
      return { answer: await rolloutView(q, scope, made.id) };
    });
  });

  registerRoute(app, 'rolloutSearch', async (req) => {
    const b = req.body as z.output<typeof RolloutSearchRequest>;
    return searchRollouts(database.query, scopeOf(req), { keyword: b.SearchData.Keyword, status: b.SearchData.Status, firmwareId: b.SearchData.FirmwareId, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort });
  });

  registerRoute(app, 'rolloutGet', async (req) => rolloutView(database.query, scopeOf(req), Number((req.params as { Id: number }).Id)));

  registerRoute(app, 'rolloutTargets', async (req) => {
    const b = req.body as z.output<typeof RolloutTargetsRequest>;
    return rolloutTargets(database.query, scopeOf(req), { id: b.SearchData.Id, keyword: b.SearchData.Keyword, state: b.SearchData.State, pageIndex: b.PageIndex, rowsPerPage: b.RowsPerPage, sort: b.Sort });
  });

  const writeRollout = auditedWrites(database, 'FirmwareRollout', rolloutView);
  for (const [name, action] of [['rolloutPause', 'PAUSE'], ['rolloutResume', 'RESUME'], ['rolloutCancel', 'CANCEL']] as const) {
    registerRoute(
      app,
      name,
      writeRollout<z.output<typeof RolloutActionRequest>>(`FIRMWARE_ROLLOUT_${action}`, async (q, scope, b) => {
        const done = await actOnRollout(q, scope, { id: b.Id, action, reason: b.Reason, at: now() });
        if (action === 'RESUME') await enqueueRolloutTick(app.jobs, b.Id, q);
        return { id: b.Id, detail: { reason: b.Reason || null, ...(action === 'CANCEL' ? { withdrawn: done.withdrawn } : {}) } };
      }),
    );
  }
}
