/**
 * Export of a resource list under the current filter, XLSX or CSV, streamed in batches so
 * memory does not grow with the row count. Headers are the API field names, so an exported
 * file can be corrected and sent back through BulkUpload.
 */
import type { ResourceDef } from '@paydesk/contract';
import type { Scope } from '../platform/scope.ts';
import { streamSheet } from '../platform/spreadsheet.ts';
import { orderOf, whereOf, type EngineContext, type SearchInput } from './crud.ts';
import { ident, Params, selectList } from './sql.ts';
import { toItem } from './rows.ts';

const BATCH = 1000;

/** Export columns: Id, declared fields (secrets excluded), IsActive, UpdatedAt. */
export function exportColumns(def: ResourceDef): string[] {
  return ['Id', ...Object.entries(def.fields).filter(([, f]) => !f.secret).map(([k]) => k), 'IsActive', 'UpdatedAt'];
}

async function* rows(ctx: EngineContext, def: ResourceDef, scope: Scope, input: Omit<SearchInput, 'PageIndex' | 'RowsPerPage'>): AsyncGenerator<Record<string, unknown>> {
  for (let offset = 0; ; offset += BATCH) {
    const p = new Params();
    const where = whereOf(def, scope, input.SearchData, p);
    const batch = await ctx.database.query(`SELECT ${selectList(def)} FROM ${ident(def.table)} r WHERE ${where} ORDER BY ${orderOf(def, input.Sort)} LIMIT ${BATCH} OFFSET ${p.add(offset)}`, p.values);
    for (const r of batch) yield toItem(def, r, ctx.fieldKey);
    if (batch.length < BATCH) return;
  }
}

const cell = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join('|') : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function exportResource(ctx: EngineContext, def: ResourceDef, scope: Scope, input: Omit<SearchInput, 'PageIndex' | 'RowsPerPage'> & { Format: 'xlsx' | 'csv' }, onDone: (n: number) => void) {
  const cols = exportColumns(def);
  return streamSheet({
    format: input.Format,
    sheetName: def.name,
    headers: cols,
    rows: (async function* () {
      for await (const r of rows(ctx, def, scope, input)) yield cols.map((c) => cell(r[c]));
    })(),
    onDone,
  });
}
