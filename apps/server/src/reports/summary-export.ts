/**
 * The export of a summary report: the Summary answer's rows and a totals line
 * as XLSX or CSV, through the platform's spreadsheet writers (and platform/export-run.ts
 * `sendExport` for caps, concurrency and audit). The file says what the screen says: headers are
 * REPORT_LABELS in the caller's Language (period, the group's dimension, the split, the
 * measures), the period its first day as the screen writes it (DD-MM-YYYY, a month MM-YYYY; a
 * real date in XLSX: export-cells.ts), enum groups their ENUM_LABELS texts, org groups the
 * organization's name, the last line 'Total' (translated) with the totals. Money: CSV the exact decimal text, XLSX a number cell
 * formatted #,##0.00; a percent stays its 2-decimal text in CSV and a number in XLSX. A summary
 * holds at most a few thousand rows (period × group), so the answer is built first, then streamed.
 */
import type { Readable } from 'node:stream';
import { enumLabeller, type EnumLabelLanguage } from '@paydesk/domain';
import { reportLabel, type ReportDimension, type SummaryExportRequest, type SummaryReportDef, type SummaryResponse } from '@paydesk/contract';
import { streamSheet, type SheetCell } from '../platform/spreadsheet.ts';
import { EXCEL_NUMBER_FORMATS, periodCell } from './export-cells.ts';

/** The export's header row in a language: period, [group], [split], measures. */
export function summaryExportHeaders(def: SummaryReportDef, groupBy: string | null, language: EnumLabelLanguage): string[] {
  const dim = def.dimensions.find((d) => d.key === groupBy);
  return [
    `${reportLabel(language, 'sales.period')} (MYT)`,
    ...(dim ? [reportLabel(language, dim.labelKey)] : []),
    ...(def.split ? [reportLabel(language, def.split.labelKey)] : []),
    ...def.measures.map((m) => reportLabel(language, m.labelKey)),
  ];
}

/** The cells of the rows and the totals line, in header order. */
export function summaryExportCells(def: SummaryReportDef, answer: SummaryResponse, req: Pick<SummaryExportRequest, 'GroupBy' | 'Format' | 'Language'>): SheetCell[][] {
  const label = enumLabeller(req.Language);
  const dim = def.dimensions.find((d) => d.key === req.GroupBy);
  const keyCell = (d: ReportDimension, v: unknown, name: string | null): SheetCell => {
    if (v === null || v === undefined) return '';
    if (d.kind === 'org') return name ?? String(v);
    if (d.kind === 'enum') return label(d.enumKey ?? d.key, v as string | number);
    return String(v);
  };
  const measureCells = (m: Record<string, unknown>): SheetCell[] =>
    def.measures.map((x) => {
      const v = m[x.key];
      if (v === null || v === undefined) return req.Format === 'xlsx' ? null : '';
      return req.Format === 'xlsx' || x.kind === 'count' ? Number(v) : String(v);
    });
  const rows: SheetCell[][] = answer.Rows.map((r) => [
    periodCell(r.Period, answer.Period, req.Format),
    ...(dim ? [keyCell(dim, r.Group, r.GroupLabel)] : []),
    ...(def.split ? [keyCell(def.split, r[def.split.key], null)] : []),
    ...measureCells(r),
  ]);
  const blanks = (dim ? 1 : 0) + (def.split ? 1 : 0);
  rows.push([reportLabel(req.Language, 'sales.total'), ...Array<SheetCell>(blanks).fill(''), ...measureCells(answer.Totals)]);
  return rows;
}

/**
 * Opens the export file of a computed Summary answer (rows + totals line). `onDone` receives the
 * data row count (the totals line included).
 */
export function openSummaryExport(def: SummaryReportDef, answer: SummaryResponse, req: SummaryExportRequest, onDone: (rows: number) => void): { stream: Readable; contentType: string } {
  const headers = summaryExportHeaders(def, req.GroupBy, req.Language);
  const numFmt: Record<string, string> = { [headers[0]!]: EXCEL_NUMBER_FORMATS[answer.Period === 'month' ? 'month' : 'date']! };
  def.measures.forEach((m, i) => {
    if (m.kind === 'money') numFmt[headers[headers.length - def.measures.length + i]!] = EXCEL_NUMBER_FORMATS.money!;
  });
  const widths: Record<string, number> = { [headers[0]!]: 16 };
  if (headers.length > def.measures.length + 1) widths[headers[1]!] = 32;
  const cells = summaryExportCells(def, answer, req);
  return streamSheet({
    format: req.Format,
    sheetName: def.name,
    headers,
    widths,
    numFmt: req.Format === 'xlsx' ? numFmt : undefined,
    batches: (async function* () {
      yield cells;
    })(),
    onDone,
  });
}
