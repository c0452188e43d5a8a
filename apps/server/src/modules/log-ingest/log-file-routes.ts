/**
 * The terminal log files' endpoints (issue 30 item 3, §2 /master-terminal-log-files; contract
 * endpoints/log-files.ts):
 *  - `logFileUpload`, beside the OTLP endpoint and like it no portal route: an onRoute hook gives
 *    it its door (log-file-door.ts: key, media type, query, gzip, before the body is read); the
 *    octet-stream parser keeps its body a stream; the operation stores it (log-file-upload.ts).
 *    It writes no audit row (a machine's upload, no user act: its log entry is its record);
 *  - `logFileDownload`: a plain route (it answers a stream, not JSON) writing its own audit row
 *    (LOG_FILE_DOWNLOAD, target LogEntry), after the file is opened and before a byte is sent.
 */
import type { FastifyInstance, preParsingHookHandler } from 'fastify';
import { LOG_FILE_UPLOAD_PATH } from '@paydesk/contract';
import { writeAudit } from '../../platform/audit.ts';
import { sendAttachment } from '../../platform/file-names.ts';
import { operation } from '../../platform/operation.ts';
import { hookList, registerRoute } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { ingestKeyOf, touchIngestKey } from './ingest-key-auth.ts';
import { addLogFileParser, logFileDoor, uploadQueryOf, uploadStreamOf } from './log-file-door.ts';
import { findScopedLogFile, openLogFile } from './log-file-download.ts';
import { uploadLogFile } from './log-file-upload.ts';

/** Registers the upload and the download (see the file note). */
export function logFileRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (opts) => {
    if (opts.url !== LOG_FILE_UPLOAD_PATH || opts.method !== 'POST') return;
    opts.preParsing = [...hookList(opts.preParsing), logFileDoor(() => app.ctx.database, app.ctx.now) as unknown as preParsingHookHandler];
  });
  addLogFileParser(app);

  operation(app, 'logFileUpload', async (_input, ctx) => {
    const key = ingestKeyOf(ctx.req);
    // Read again after the input guard: a card number in a parameter is masked by now, and refused.
    const query = uploadQueryOf(ctx.req.query, ctx.now());
    const { database, config, keys } = app.ctx;
    let entry;
    try {
      entry = await uploadLogFile({ database, dataDir: config.dataDir, fieldKey: keys.fieldKey, maxBytes: ctx.settings.logFileMaxBytes, now: ctx.now(), requestId: ctx.requestId }, query, uploadStreamOf(ctx.req));
    } catch (e) {
      // A refusal may leave body bytes unread: they must not be read as a next request.
      void ctx.reply.header('connection', 'close');
      throw e;
    }
    await touchIngestKey(database, key, ctx.now());
    return entry;
  });

  registerRoute(app, 'logFileDownload', async (req, reply) => {
    const scope = scopeOf(req);
    const { database, config, keys } = app.ctx;
    const file = await findScopedLogFile(database.query, scope, req.params.Id);
    const content = await openLogFile(config.dataDir, keys.fieldKey, file);
    try {
      await writeAudit(database.query, req, {
        action: 'LOG_FILE_DOWNLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'LogEntry', targetId: String(file.id),
        detail: { tid: file.tid, fileName: file.fileName, logDate: file.logDate, byteSize: file.byteSize, sha256: file.sha256 },
      });
    } catch (e) {
      content.destroy();
      throw e;
    }
    return sendAttachment(reply, content, file.fileName, file.sha256);
  });
}
