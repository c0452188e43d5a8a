/**
 * BulkUpload: an XLSX or CSV file whose header row holds API field names or the
 * columns' labels in any language (an exported file goes back as it is) is validated
 * row by row with the resource's own create schema; if any row fails nothing is applied and the
 * answer lists every error (row number as in the file, field, message) for the user to download;
 * otherwise every row is applied in ONE transaction — inserted, or updated when the resource's
 * natural key matches an existing record in scope. Every row applied is audited in that
 * transaction like a single change (CREATE with after, UPDATE with before and after, secrets
 * masked; detail names the file and row), then one BULK_UPLOAD summary record.
 */
import { kindOf, resourceLabel, resourceSchemas, type ResourceDef } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from '../platform/errors.ts';
import { readSheet } from '../platform/spreadsheet.ts';
import type { Scope } from '../platform/scope.ts';
import { auditIn, insertRow, loadRow, updateRow, type EngineContext } from './crud.ts';
import { logCreation } from './lifecycle-events.ts';
import { keepsSecret, sealSecret } from './secret-fields.ts';
import { ident, Params, scopeSql } from './sql.ts';
import { toItem } from './rows.ts';
import { applyReferences, referenceCells, resolveReferences } from './reference-names.ts';
import { headerKeys } from './sheet-columns.ts';

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

/** Turns cell text into the value the field's schema expects, as the field's kind reads a cell (`kinds/`). */
function coerce(def: ResourceDef, key: string, text: string): unknown {
  const f = def.fields[key];
  if (text === '') return f?.optional || f?.secret ? undefined : text;
  if (!f) return key === 'OrgId' ? Number(text) : text;
  return kindOf(f).parseCell(f, text);
}

/** A column's English label in lower case, for row messages ('no acquirer …'). */
const labelOf = (def: ResourceDef, key: string): string => resourceLabel('en', def.fields[key]?.labelKey ?? 'res.system.orgName').toLocaleLowerCase('en');

/** Whether a column of the file is written by an upload (a writable field, or the owner of an owned record). */
const writes = (def: ResourceDef, key: string) => (key === 'OrgId' ? def.scope === 'owned' : !!def.fields[key] && !def.fields[key].readOnly);

/**
 * The natural key's columns and a parsed row's values of them (the caller's organization when an
 * owner key is left out); a key of several fields (e.g. Provider and TerminalTid) matches on all.
 */
function naturalKeyOf(def: ResourceDef, scope: Scope, data: Record<string, unknown>): { column: string; value: string | null }[] | null {
  const k = def.naturalKey;
  if (!k) return null;
  // An optional part left empty is a part too (null: matched by IS NULL), e.g. a provider mapping of a merchant, not of one of its terminals.
  return (typeof k === 'string' ? [k] : k).map((name: string) =>
    name === 'OrgId' ? { column: 'org_id', value: String(data.OrgId ?? scope.orgId) } : { column: def.fields[name]!.column, value: data[name] === undefined || data[name] === null ? null : String(data[name]) },
  );
}

/** The field a repeated natural key is reported on: its last part (the one that varies within the others). */
const naturalField = (def: ResourceDef): string => {
  const k = def.naturalKey!;
  return typeof k === 'string' ? k : k[k.length - 1]!;
};

/**
 * Which columns of an uploaded sheet keep their digits (not PAN-masked by the reader): those of
 * the resource's secret fields, by name or label (bank account numbers and credentials: sealed at
 * rest and answered masked). Decided once per header.
 */
function secretColumns(def: ResourceDef): (header: string) => boolean {
  const known = new Map<string, boolean>();
  return (header) => {
    let keep = known.get(header);
    if (keep === undefined) known.set(header, (keep = def.fields[headerKeys(def, [header]).get(header)!]?.secret === true));
    return keep;
  };
}

export async function bulkUpload(ctx: EngineContext, def: ResourceDef, scope: Scope, file: Buffer, filename: string) {
  const { rows } = await readSheet(file, filename, { limits: { rows: MAX_BULK_ROWS }, keepDigits: secretColumns(def) });
  if (rows.length === 0) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: no data rows under the header row');
  if (rows.length > MAX_BULK_ROWS) throw new AppError(400, ERROR_CODES.VALIDATION, `file: at most ${MAX_BULK_ROWS} rows per upload`);
  const { create } = resourceSchemas(def);
  // Read-only columns of an exported file (Id, owner name, status, times, Configured) are accepted and ignored.
  const allowed = new Set([...Object.keys(def.fields), 'Id', 'IsActive', 'CreatedAt', 'UpdatedAt', ...(def.scope === 'owned' ? ['OrgId', 'OrgName'] : []), ...(def.listOwners ? ['Configured'] : [])]);
  const errors: RowError[] = [];
  const parsed: { row: number; data: Record<string, unknown> }[] = [];
  const keys = headerKeys(def, [...new Set(rows.flatMap((r) => Object.keys(r.values)))]);
  const named = rows.map(({ row, values: cells }) => ({ row, values: Object.fromEntries(Object.entries(cells).map(([h, v]) => [keys.get(h) ?? h, v])) }));
  // Names of other rows and of the owner become their ids (reference-names.ts), one query per column.
  const resolved = await resolveReferences(ctx.database.query, def, scope, referenceCells(def, named.map((r) => r.values)), (k) => labelOf(def, k));
  for (const { row, values } of named) {
    const unknown = Object.keys(values).filter((k) => !allowed.has(k));
    for (const k of unknown) errors.push({ Row: row, Field: k, Message: 'is not a column of this list' });
    // An organization left unconfigured in an exported list over owners (no value in any field it would write) is not a record.
    if (def.listOwners && Object.entries(values).every(([k, v]) => k === 'OrgId' || !writes(def, k) || v === '')) continue;
    for (const [Field, Message] of applyReferences(values, resolved)) errors.push({ Row: row, Field, Message });
    // An empty optional cell is left out: a new record takes the column's default, an existing one keeps its value.
    const input = Object.fromEntries(
      Object.entries(values)
        .filter(([k]) => writes(def, k))
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
      const k = JSON.stringify(naturalKeyOf(def, scope, data)!.map((n) => n.value));
      const first = seen.get(k);
      if (first !== undefined) errors.push({ Row: row, Field: naturalField(def), Message: `repeats row ${first}` });
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
        const natural = naturalKeyOf(def, scope, data);
        if (natural) {
          const p = new Params();
          const match = natural.map((n) => (n.value === null ? `r.${ident(n.column)} IS NULL` : `r.${ident(n.column)} = ${p.add(n.value)}`)).join(' AND ');
          const found = await q<{ id: number }>(`SELECT r.id FROM ${ident(def.table)} r WHERE ${match} AND ${scopeSql(def, scope, p)}`, p.values);
          existing = found[0] ? Number(found[0].id) : undefined;
        }
        const via = { bulkUpload: filename, row };
        if (existing === undefined) {
          const id = await insertRow(q, ctx, def, scope, data);
          const stored = await loadRow(q, def, scope, id);
          if (def.lifecycle && stored) await logCreation(q, def, scope, id, stored[def.lifecycle.field], ctx.now());
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
