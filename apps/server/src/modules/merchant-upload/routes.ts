/**
 * /merchant-bulk-upload's endpoints (permission merchant:bulkupload, held by the platform, master
 * merchants and agencies):
 *  - GET MerchantUpload/Template: template.ts, for the caller's agents.
 *  - POST MerchantUpload (multipart `file`): the sheet is read at once so a file that is not a
 *    template (unreadable, no rows, over MERCHANT_UPLOAD_MAX_ROWS rows, a required column missing,
 *    an unknown column) is refused with VAL400/413 naming `file`; otherwise it is stored under its
 *    hash (DATA_DIR/merchant-uploads), registered QUEUED and its job queued in one transaction
 *    (run.ts), audited UPLOAD. A plain upload route writing its own audit record: the sheet is read
 *    and stored before the transaction, so a slow client never holds the database.
 *  - GET MerchantUpload/:Id and POST MerchantUpload/Search: uploads made from a company of the
 *    caller's subtree (the platform sees all; another tenant's id is 404 like a missing one).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MERCHANT_UPLOAD_MAX_ROWS, type MerchantUpload } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { attachmentHeader } from '../../platform/file-names.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { sheetFormatOf, storeSheet } from '../../platform/file-store.ts';
import { operation } from '../../platform/operation.ts';
import { registerRoute } from '../../platform/route.ts';
import { scopeOf, type Scope } from '../../platform/scope.ts';
import { readSheet } from '../../platform/spreadsheet.ts';
import { uploadedFile } from '../../platform/upload.ts';
import { ERROR_CODES } from '@paydesk/domain';
import { headerProblems } from './rows.ts';
import { enqueueMerchantUpload, isAccountColumn, UPLOAD_DIR, uploadScopeOf } from './run.ts';
import { merchantUploadTemplate } from './template.ts';

interface UploadRow {
  id: number;
  org_id: number | null;
  file_name: string;
  status: string;
  total_rows: number;
  done_rows: number;
  error_count: number;
  created_count: number;
  uploaded_by_email: string;
  created_at: Date;
  finished_at: Date | null;
  errors: unknown;
  created_ids: unknown;
}

const COLUMNS = `u.id, u.org_id, u.file_name, u.status, u.total_rows, u.done_rows, u.error_count, u.created_count, u.uploaded_by_email, u.created_at, u.finished_at`;

/** The condition (from `$from`) restricting uploads `u` to those made from the caller's subtree. */
function uploadScopeSql(scope: Scope, from: number): { text: string; values: unknown[] } {
  if (scope.orgPath === null) return scope.groupType === 'SUPERADMIN' ? { text: 'true', values: [] } : { text: 'false', values: [] };
  return { text: `EXISTS (SELECT 1 FROM organizations o WHERE o.id = u.org_id AND o.path LIKE $${from})`, values: [`${scope.orgPath}%`] };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function shown(r: UploadRow): z.output<typeof MerchantUpload> {
  return {
    Id: Number(r.id), OrgId: r.org_id === null ? null : Number(r.org_id), FileName: r.file_name, Status: r.status as 'DONE', TotalRows: Number(r.total_rows), DoneRows: Number(r.done_rows),
    ErrorCount: Number(r.error_count), CreatedCount: Number(r.created_count), UploadedBy: r.uploaded_by_email, CreatedAt: iso(r.created_at)!, FinishedAt: iso(r.finished_at),
  };
}

async function findUpload(q: Query, scope: Scope, id: number): Promise<UploadRow> {
  const sub = uploadScopeSql(scope, 2);
  const [row] = await q<UploadRow>(`SELECT ${COLUMNS}, u.errors, u.created_ids FROM merchant_uploads u WHERE u.id = $1 AND ${sub.text}`, [id, ...sub.values]);
  if (!row) throw notFound('Upload');
  return row;
}

export function merchantUploadRoutes(app: FastifyInstance): void {
  const { database, now, config } = app.ctx;

  registerRoute(app, 'merchantUploadTemplate', async (req, reply) => {
    const file = await merchantUploadTemplate(database.query, scopeOf(req));
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', attachmentHeader('merchant-upload-template.xlsx'));
    reply.header('cache-control', 'no-store');
    return reply.send(file);
  });

  registerRoute(app, 'merchantUploadSubmit', async (req) => {
    const scope = scopeOf(req);
    const { file, filename } = await uploadedFile(req);
    const format = sheetFormatOf(filename)!;
    const { headers, rows } = await readSheet(file, filename, { limits: { rows: MERCHANT_UPLOAD_MAX_ROWS }, keepDigits: isAccountColumn });
    const problems = headerProblems(headers);
    if (problems.length) throw new AppError(400, ERROR_CODES.VALIDATION, problems.join('\n'));
    if (rows.length === 0) throw badInput('file', 'no merchant rows under the header row');
    const stored = await storeSheet(config.dataDir, UPLOAD_DIR, file, format, app.ctx.keys.fieldKey);
    const at = now();
    const fileName = filename.slice(0, 200);
    return database.transaction(async (q) => {
      const [row] = await q<UploadRow>(
        `INSERT INTO merchant_uploads AS u (org_id, uploaded_by_user_id, uploaded_by_email, file_name, status, total_rows, file_sha256, file_format, created_at)
         VALUES ($1, $2, $3, $4, 'QUEUED', $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [scope.orgId, scope.userId, scope.email, fileName, rows.length, stored.sha256, format, at],
      );
      await enqueueMerchantUpload(app.jobs, { uploadId: Number(row!.id), scope: uploadScopeOf(scope) }, q);
      await writeAudit(q, req, {
        action: 'UPLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: 'MerchantUpload', targetId: String(row!.id),
        detail: `${fileName}: ${rows.length} rows (${stored.byteSize} bytes, sha256 ${stored.sha256})`,
      });
      return shown(row!);
    });
  });

  operation(app, 'merchantUploadGet', async ({ Id }, { q, scope }) => {
    const row = await findUpload(q, scope, Id);
    return { ...shown(row), Errors: (row.errors as { Row: number; Field: string; Message: string }[] | null) ?? [], CreatedIds: (row.created_ids as number[] | null) ?? [] };
  });

  operation(app, 'merchantUploadSearch', async (body, { q, scope }) => {
    const sub = uploadScopeSql(scope, 1);
    const n = sub.values.length;
    const [count] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM merchant_uploads u WHERE ${sub.text}`, sub.values);
    const rows = await q<UploadRow>(
      `SELECT ${COLUMNS} FROM merchant_uploads u WHERE ${sub.text} ORDER BY u.created_at DESC, u.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...sub.values, body.PageSize, (body.PageNumber - 1) * body.PageSize],
    );
    return { Items: rows.map(shown), TotalRecords: Number(count?.n ?? 0) };
  });
}
