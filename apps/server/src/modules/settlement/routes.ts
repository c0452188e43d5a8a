/**
 * The settlement desk's endpoints (platform-only module `settlementreport`):
 *  - POST Settlement/Import (multipart: field `FormatKey`, then field `file`, .csv or .xlsx, at most
 *    the upload limit of 10 MB, about 80,000 lines): stores the file under its hash, registers it
 *    and queues its import in one transaction; the same bytes of the same format answer the
 *    earlier file (Created false) and queue nothing. An upload: it reads and stores the file
 *    before opening its transaction, and writes its own IMPORT audit row in it — none when the
 *    upload only answers the earlier file, since nothing is added then.
 *  - GET Settlement/File/:Id: status, RowsRead (the progress), the failing row, items per result.
 *  - POST Settlement/Verify | Unverify {Id, Note}: verify.ts; audited operations (the contract
 *    declares the action), each run in one transaction with its one audit row.
 * Errors: VAL400 naming FormatKey or file; NF404; 403/409 from verify.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeOf } from '../../platform/scope.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { operation } from '../../platform/operation.ts';
import { registerRoute } from '../../platform/route.ts';
import { formFieldText, uploadFileName } from '../../platform/upload.ts';
import { sheetFormatOf, storeSettlementFile } from './file-store.ts';
import { formatOf } from './formats/index.ts';
import type { SettlementFormat } from './formats/types.ts';
import { registerSettlementFile } from './import.ts';
import { enqueueSettlementImport } from './jobs.ts';
import { decideReconItem } from './verify.ts';

/** The FormatKey field and the file of an import form, in that order. */
async function importForm(req: FastifyRequest): Promise<{ format: SettlementFormat; file: Buffer; fileName: string; sheet: 'csv' | 'xlsx' }> {
  if (!req.isMultipart()) throw badInput('file', 'send the form as multipart/form-data');
  let format: SettlementFormat | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'FormatKey') continue;
      format = formatOf(formFieldText(part).trim().toUpperCase());
      if (!format) throw badInput('FormatKey', 'choose one of the settlement file formats');
      continue;
    }
    if (part.fieldname !== 'file') {
      await part.toBuffer();
      continue;
    }
    if (!format) throw badInput('FormatKey', 'send FormatKey before the file');
    const sheet = sheetFormatOf(part.filename);
    if (!sheet) throw badInput('file', 'only .csv and .xlsx files are accepted');
    const file = await part.toBuffer();
    if (part.file.truncated) throw badInput('file', 'larger than the 10 MB upload limit');
    if (!file.length) throw badInput('file', 'the file is empty');
    return { format, file, fileName: uploadFileName(part.filename).slice(0, 200), sheet };
  }
  throw format ? badInput('file', 'no file was sent') : badInput('FormatKey', 'This field cannot be empty');
}

const RESULT_KEYS = ['Tally', 'NotTally', 'ProviderOnly', 'PortalOnly', 'Verified', 'Unverify', 'Duplicate'] as const;

export function settlementRoutes(app: FastifyInstance): void {
  const { database, config, now } = app.ctx;

  registerRoute(app, 'settlementImport', async (req) => {
    const scope = scopeOf(req);
    const { format, file, fileName, sheet } = await importForm(req);
    const stored = await storeSettlementFile(config.dataDir, file, sheet, app.ctx.keys.fieldKey);
    const at = now();
    const reg = await database.transaction(async (q) => {
      const r = await registerSettlementFile(q, format, fileName, stored, scope.userId, at);
      if (r.created) {
        await enqueueSettlementImport(app.jobs, r.fileId, q);
        await writeAudit(q, req, { action: 'IMPORT', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'SettlementFile', targetId: String(r.fileId), detail: `${format.key} ${fileName} (${stored.byteSize} bytes, sha256 ${stored.sha256})` });
      }
      return r;
    });
    return {
      FileId: reg.fileId,
      Created: reg.created,
      Status: reg.status as 'QUEUED',
      Message: reg.created
        ? `File #${reg.fileId} is queued for import`
        : `This file was already imported as file #${reg.fileId} on ${reg.createdAt.toISOString().slice(0, 10)}; nothing was added`,
    };
  });

  operation(app, 'settlementFile', async ({ Id }, { q }) => {
    const [f] = await q<Record<string, unknown>>(
      `SELECT id, format_key, file_name, status, rows_read, error_line, error_field, error_message, settlement_date_from::text AS sf, settlement_date_to::text AS st,
              created_at, finished_at FROM settlement_files WHERE id = $1`,
      [Id],
    );
    if (!f) throw notFound('Settlement file');
    const counts = await q<{ result: number; n: number }>(`SELECT result, count(*)::int AS n FROM recon_items WHERE file_id = $1 GROUP BY result`, [Id]);
    const by = new Map(counts.map((c) => [Number(c.result), Number(c.n)]));
    return {
      Id: Number(f.id), FormatKey: f.format_key as 'RM', FileName: String(f.file_name), Status: f.status as 'DONE', RowsRead: Number(f.rows_read),
      ErrorLine: f.error_line === null ? null : Number(f.error_line), ErrorField: (f.error_field as string | null) ?? null, ErrorMessage: (f.error_message as string | null) ?? null,
      SettlementDateFrom: (f.sf as string | null) ?? null, SettlementDateTo: (f.st as string | null) ?? null,
      CreatedAt: new Date(f.created_at as Date).toISOString(), FinishedAt: f.finished_at ? new Date(f.finished_at as Date).toISOString() : null,
      Results: Object.fromEntries(RESULT_KEYS.map((k, i) => [k, by.get(i + 1) ?? 0])) as Record<(typeof RESULT_KEYS)[number], number>,
    };
  });

  for (const [name, action] of [['reconVerify', 'verify'], ['reconUnverify', 'unverify']] as const) {
    operation(app, name, async (body, ctx) => {
      const d = await decideReconItem(ctx.q, { itemId: body.Id, action, note: body.Note, userId: ctx.scope.userId, at: ctx.now() });
      ctx.audit({ targetId: d.id, detail: d.note });
      return { Id: d.id, Result: d.result, MatchedResult: d.matchedResult, Note: d.note };
    });
  }
}
