/**
 * Reading firmware images: the list (filters, sort, paging) and one image with the
 * caller's allowed actions. Platform-only (access.ts): anyone else gets NF404 and an empty list.
 */
import type { FirmwareStatus } from '@paydesk/domain';
import type { FIRMWARE_ACTIONS_ALLOWED } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesFirmware } from './access.ts';

type Action = (typeof FIRMWARE_ACTIONS_ALLOWED)[number];

interface Row {
  id: number;
  firmware_version: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  models: string[] | null;
  release_notes: string;
  status: FirmwareStatus;
  uploaded_by: string;
  uploaded_at: Date;
  retired_by: string | null;
  retired_at: Date | null;
  retire_reason: string | null;
  active_rollouts: number;
}

const SELECT = `SELECT f.id, f.firmware_version, f.file_name, f.size_bytes, f.sha256, f.release_notes, f.status, f.uploaded_at, f.retired_at, f.retire_reason,
    (SELECT array_agg(m.model ORDER BY m.model) FROM firmware_file_models m WHERE m.firmware_id = f.id) AS models,
    (SELECT count(*)::int FROM firmware_rollouts r WHERE r.firmware_id = f.id AND r.status IN ('RUNNING', 'PAUSED')) AS active_rollouts,
    coalesce(uu.email, '') AS uploaded_by, ru.email AS retired_by
  FROM firmware_files f LEFT JOIN users uu ON uu.id = f.uploaded_by_user_id LEFT JOIN users ru ON ru.id = f.retired_by_user_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const rowOf = (r: Row) => ({
  Id: Number(r.id), Version: r.firmware_version, FileName: r.file_name, SizeBytes: Number(r.size_bytes), Sha256: r.sha256.trim(), Models: r.models ?? [], ReleaseNotes: r.release_notes,
  Status: r.status, UploadedBy: r.uploaded_by, UploadedAt: new Date(r.uploaded_at).toISOString(), RetiredBy: r.retired_by, RetiredAt: iso(r.retired_at), RetireReason: r.retire_reason,
  ActiveRollouts: Number(r.active_rollouts),
});

/** What the caller may do with an image now: download (terminalfirmware:download), retire and roll out an ACTIVE one. */
export function firmwareActions(scope: Scope, status: FirmwareStatus, activeRollouts: number): Action[] {
  const out: Action[] = [];
  if (scope.permissions.has('terminalfirmware:download')) out.push('DOWNLOAD');
  if (status === 'ACTIVE' && activeRollouts === 0 && scope.permissions.has('terminalfirmware:retire')) out.push('RETIRE');
  if (status === 'ACTIVE' && scope.permissions.has('terminalfirmware:rollout')) out.push('ROLLOUT');
  return out;
}

/** Image `id` as the contract's FirmwareDetail; NF404 when the caller sees none. */
export async function firmwareView(q: Query, scope: Scope, id: number) {
  const [r] = seesFirmware(scope) ? await q<Row>(`${SELECT} WHERE f.id = $1`, [id]) : [];
  if (!r) throw notFound('Firmware');
  const row = rowOf(r);
  return { ...row, AllowedActions: firmwareActions(scope, row.Status, row.ActiveRollouts) };
}

const SORT_SQL: Record<string, string> = { Version: 'f.firmware_version', UploadedAt: 'f.uploaded_at', SizeBytes: 'f.size_bytes', Status: 'f.status' };

/** A page of images, newest first unless sorted; Keyword matches version or file name, Model a compatible model. */
export async function searchFirmware(
  q: Query,
  scope: Scope,
  input: { keyword: string; model?: string; status?: FirmwareStatus; pageIndex: number; rowsPerPage: number; sort?: { Field: string; Order: 'asc' | 'desc' } },
) {
  const empty = { Items: [], TotalRecords: 0, PageIndex: input.pageIndex, RowsPerPage: input.rowsPerPage };
  if (!seesFirmware(scope)) return empty;
  const where = `($1::text IS NULL OR f.status = $1) AND ($2 = '' OR f.firmware_version ILIKE '%' || $2 || '%' OR f.file_name ILIKE '%' || $2 || '%')
    AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM firmware_file_models m WHERE m.firmware_id = f.id AND m.model = $3))`;
  const params = [input.status ?? null, input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`), input.model || null];
  const order = `${SORT_SQL[input.sort?.Field ?? 'UploadedAt'] ?? 'f.uploaded_at'} ${input.sort?.Order === 'asc' ? 'ASC' : 'DESC'}, f.id DESC`;
  const rows = await q<Row>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [...params, input.rowsPerPage, (input.pageIndex - 1) * input.rowsPerPage]);
  const [n] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_files f WHERE ${where}`, params);
  return { Items: rows.map(rowOf), TotalRecords: Number(n?.n ?? 0), PageIndex: input.pageIndex, RowsPerPage: input.rowsPerPage };
}

/** The stored object of image `id` (for download); NF404 when the caller sees none. */
export async function firmwareObject(q: Query, scope: Scope, id: number) {
  const [r] = seesFirmware(scope)
    ? await q<{ id: number; firmware_version: string; file_name: string; sha256: string; size_bytes: number; storage: 'LOCAL' | 'S3'; storage_key: string }>(
        `SELECT id, firmware_version, file_name, sha256, size_bytes, storage, storage_key FROM firmware_files WHERE id = $1`,
        [id],
      )
    : [];
  if (!r) throw notFound('Firmware');
  return { ...r, id: Number(r.id), sha256: r.sha256.trim(), size_bytes: Number(r.size_bytes) };
}
