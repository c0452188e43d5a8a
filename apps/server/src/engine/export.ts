/**
 * Export of a resource list under the current filter, XLSX or CSV, streamed in batches so
 * memory does not grow with the row count. Headers are the API field names, so an exported
 * file can be corrected and sent back through BulkUpload.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import type { ResourceDef } from '@paydesk/contract';
import type { Scope } from '../platform/scope.ts';
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

const cell = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join('|') : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function exportResource(ctx: EngineContext, def: ResourceDef, scope: Scope, input: Omit<SearchInput, 'PageIndex' | 'RowsPerPage'> & { Format: 'xlsx' | 'csv' }, onDone: (n: number) => void) {
  const cols = exportColumns(def);
  if (input.Format === 'csv') {
    let n = 0;
    const source = Readable.from(
      (async function* () {
        for await (const r of rows(ctx, def, scope, input)) {
          n++;
          yield cols.map((c) => cell(r[c]));
        }
        onDone(n);
      })(),
    );
    const csv = stringify({ header: true, columns: cols, bom: true });
    source.on('error', (e) => csv.destroy(e));
    return { stream: source.pipe(csv), contentType: 'text/csv; charset=utf-8' };
  }
  const out = new PassThrough();
  void (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(def.name);
    ws.columns = cols.map((c) => ({ header: c, key: c, width: 22 }));
    let n = 0;
    for await (const r of rows(ctx, def, scope, input)) {
      ws.addRow(cols.map((c) => cell(r[c]))).commit();
      n++;
      if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
    }
    ws.commit();
    onDone(n);
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return { stream: out, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
