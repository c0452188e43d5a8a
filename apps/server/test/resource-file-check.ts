/**
 * What a resource engine export must look like, read back as a user's spreadsheet reads it: the
 * columns of sheet-columns.ts typed as export-cell-check.ts checks the reports (a day DD-MM-YYYY or
 * a real date, a record time DD-MM-YYYY HH:mm:ss or a real date-time, money and rates numbers),
 * an id reference or the owner as a name (never bare digits), and no internal number column
 * (the record's Id, the owner's OrgId).
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { kindOf, resourceLabel, type ResourceDef } from '@paydesk/contract';
import { isIdReference } from '../src/engine/reference-names.ts';
import { headerOf, sheetColumns, type SheetColumn } from '../src/engine/sheet-columns.ts';
import { csvCellProblem, xlsxCellProblem, type CheckedColumn } from './export-cell-check.ts';

/** A resource sheet column as the report cell checks see it. */
export function checkedColumn(c: SheetColumn): CheckedColumn {
  const f = c.field;
  if (!f) return c.key === 'UpdatedAt' || c.key === 'CreatedAt' ? { key: c.key, kind: 'datetime' } : { key: c.key, kind: 'text', names: c.key === 'OrgName' };
  if (f.input === 'date' || f.input === 'datetime') return { key: c.key, kind: f.input };
  const n = kindOf(f).numberKind(f);
  if (n === 'money') return { key: c.key, kind: 'money' };
  if (n) return { key: c.key, kind: 'percent' };
  return { key: c.key, kind: 'text', names: isIdReference(f) };
}

/**
 * Every problem of an English export of `def`: its CSV text and (read lazily) its XLSX bytes,
 * as 'csv row N Key: …' lines; [] for a good file.
 */
export async function resourceFileProblems(def: ResourceDef, csv: string, xlsx: () => Promise<Buffer>): Promise<string[]> {
  const cols = sheetColumns(def);
  const checked = cols.map(checkedColumn);
  const problems: string[] = [];
  const [header, ...lines] = parse(csv, { bom: true }) as string[][];
  const internal = ['res.system.id', 'res.system.orgId'].map((k) => resourceLabel('en', k));
  for (const h of header ?? []) if (internal.includes(h)) problems.push(`internal column ${h}`);
  if (JSON.stringify(header) !== JSON.stringify(cols.map((c) => headerOf(c, 'en')))) problems.push(`headers ${JSON.stringify(header)}`);
  lines.forEach((line, r) =>
    checked.forEach((c, i) => {
      const p = csvCellProblem(c, line[i] ?? '', 'en');
      if (p) problems.push(`csv row ${r + 1} ${c.key}: ${p}`);
    }),
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await xlsx()) as unknown as ArrayBuffer);
  wb.worksheets[0]!.eachRow((row, n) => {
    if (n === 1) return;
    checked.forEach((c, i) => {
      const p = xlsxCellProblem(c, row.getCell(i + 1), 'en');
      if (p) problems.push(`xlsx row ${n - 1} ${c.key}: ${p}`);
    });
  });
  return problems.slice(0, 10);
}
