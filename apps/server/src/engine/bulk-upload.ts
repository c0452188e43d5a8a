/**
 * BulkUpload (issue 4): an XLSX or CSV file whose header row holds API field names is validated
 * row by row with the resource's own create schema; if any row fails nothing is applied and the
 * answer lists every error (row number as in the file, field, message) for the user to download;
 * otherwise every row is applied in ONE transaction — inserted, or updated when the resource's
 * natural key matches an existing record in scope. Every row applied is audited in that
 * transaction like a single change (CREATE with after, UPDATE with before and after, secrets
 * masked; detail names the file and row), then one BULK_UPLOAD summary record (issue 8 item 7).
 */
import type { ResourceDef } from '@paydesk/contract';
import { resourceSchemas } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from '../platform/errors.ts';
import { readSheet } from '../platform/spreadsheet.ts';
import type { Scope } from '../platform/scope.ts';
import { auditIn, insertRow, loadRow, updateRow, type EngineContext } from './crud.ts';
import { keepsSecret, sealSecret } from './secret-fields.ts';
import { ident, Params, scopeSql } from './sql.ts';
import { toItem } from './rows.ts';

export const MAX_BULK_ROWS = 5000;

export interface RowError {
  Row: number;
  Field: string;
  Message: string;
}

/** A failed upload: VAL400 with every row error. */
export class BulkUploadError extends AppError {
  constructor(readonly errors: RowError[]) {
    super(400, ERROR_CODES.VALIDATION, `${new Set(errors.map((e) => e.Row)).size} row(s) have errors; nothing was applied`, { Errors: errors });
  }
}

/** Turns cell text into the value the field's schema expects. */
function coerce(def: ResourceDef, key: string, text: string): unknown {
  const f = def.fields[key];
  if (text === '') return f?.optional || f?.secret ? undefined : text;
  if (!f) return key === 'OrgId' ? Number(text) : text;
  if (f.input === 'number' || f.input === 'percent' || (f.input === 'select' && f.options?.every((o) => typeof o.value === 'number'))) return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (f.input === 'switch') return /^(1|true|yes|y)$/i.test(text) ? 1 : /^(0|false|no|n)$/i.test(text) ? 0 : text;
  if (f.input === 'multiselect') return text.split('|').map((s) => s.trim()).filter(Boolean);
  return text;
}

export async function bulkUpload(ctx: EngineContext, def: ResourceDef, scope: Scope, file: Buffer, filename: string) {
  const { rows } = await readSheet(file, filename, { limits: { rows: MAX_BULK_ROWS } });
  if (rows.length === 0) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: no data rows under the header row');
  if (rows.length > MAX_BULK_ROWS) throw new AppError(400, ERROR_CODES.VALIDATION, `file: at most ${MAX_BULK_ROWS} rows per upload`);
  const { create } = resourceSchemas(def);
  const allowed = new Set([...Object.keys(def.fields), 'Id', 'IsActive', 'UpdatedAt', ...(def.scope === 'owned' ? ['OrgId'] : [])]);
  const errors: RowError[] = [];
  const parsed: { row: number; data: Record<string, unknown> }[] = [];
  for (const { row, values } of rows) {
    const unknown = Object.keys(values).filter((k) => !allowed.has(k));
    for (const k of unknown) errors.push({ Row: row, Field: k, Message: 'is not a column of this list' });
    // An empty optional cell is left out: a new record takes the column's default, an existing one keeps its value.
    const input = Object.fromEntries(
      Object.entries(values)
        .filter(([k]) => k in def.fields || k === 'OrgId')
        .map(([k, v]) => [k, coerce(def, k, v)])
        .filter(([, v]) => v !== undefined),
    );
    const res = create.safeParse(input);
    if (!res.success) for (const i of res.error.issues) errors.push({ Row: row, Field: i.path.join('.') || '-', Message: i.message });
    else parsed.push({ row, data: res.data as Record<string, unknown> });
  }
  if (def.naturalKey) {
    const seen = new Map<string, number>();
    for (const { row, data } of parsed) {
      const k = String(data[def.naturalKey]);
      const first = seen.get(k);
      if (first !== undefined) errors.push({ Row: row, Field: def.naturalKey, Message: `repeats row ${first}` });
      else seen.set(k, row);
    }
  }
  if (errors.length) throw new BulkUploadError(errors.sort((a, b) => a.Row - b.Row));

  return ctx.database.transaction(async (q) => {
    let created = 0;
    let updated = 0;
    for (const { row, data } of parsed) {
      try {
        let existing: number | undefined;
        if (def.naturalKey) {
          const p = new Params();
          const col = def.fields[def.naturalKey]!.column;
          const found = await q<{ id: number }>(`SELECT r.id FROM ${ident(def.table)} r WHERE r.${ident(col)}::text = ${p.add(String(data[def.naturalKey]))} AND ${scopeSql(def, scope, p)}`, p.values);
          existing = found[0] ? Number(found[0].id) : undefined;
        }
        const via = { bulkUpload: filename, row };
        if (existing === undefined) {
          const id = await insertRow(q, ctx, def, scope, data);
          const stored = await loadRow(q, def, scope, id);
          await auditIn(q, ctx, scope, { action: 'CREATE', def, targetId: id, after: stored ? toItem(def, stored, ctx.fieldKey) : undefined, detail: via });
          created++;
        } else {
          const set: [string, unknown][] = [];
          for (const [k, f] of Object.entries(def.fields)) {
            if (f.readOnly || !(k in data)) continue;
            if (f.secret) {
              if (!keepsSecret(data[k])) set.push([f.column, sealSecret(ctx.fieldKey, String(data[k]))]);
            } else set.push([f.column, data[k] ?? null]);
          }
          const { before, after } = await updateRow(q, ctx, def, scope, existing, null, set);
          await auditIn(q, ctx, scope, { action: 'UPDATE', def, targetId: existing, before, after, detail: via });
          updated++;
        }
      } catch (e) {
        // A database refusal (duplicate, reference) fails the whole upload, naming the row.
        const msg = e instanceof AppError ? e.message : 'could not be applied';
        throw new BulkUploadError([{ Row: row, Field: msg.includes(':') ? msg.split(':')[0]! : '-', Message: msg }]);
      }
    }
    await auditIn(q, ctx, scope, { action: 'BULK_UPLOAD', def, detail: { filename, rows: parsed.length, created, updated } });
    return { Applied: parsed.length, Created: created, Updated: updated };
  });
}
