/**
 * The columns of a resource's spreadsheet, both ways ("exports carry the screen's
 * labels, enum texts and Malaysian times", and such a file goes back through BulkUpload):
 *  - Export writes each column's label in the caller's language as its header, option values as
 *    their label text, switches and status as Yes/No and Active/Inactive, ids of other rows and
 *    the owner as names (reference-names.ts), days as 'DD-MM-YYYY' and record times in Malaysian
 *    time 'DD-MM-YYYY HH:mm:ss' (§9; UTC+08:00, no daylight saving). In XLSX, days and times are
 *    real Excel dates (the MYT wall clock) and money, rates and counts numbers, so a spreadsheet
 *    sorts and sums them. Internal numbers (the record's Id, the owner's OrgId) are left out;
 *  - BulkUpload reads a header by its API field name or by its label in any of the three
 *    languages (Id and OrgId still, for older files), and an option cell by its code or its label
 *    in any language.
 * Texts come from the contract's RESOURCE_LABELS (and the domain's ENUM_LABELS), so the file says
 * what the screen says.
 */
import { kindOf, MULTI_SEPARATOR, mytTime, resourceLabel, textsOf, type FieldDef, type ResourceDef } from '@paydesk/contract';
import type { EnumLabelLanguage } from '@paydesk/domain';
import type { SheetCell } from '../platform/spreadsheet.ts';
import { calendarDay, daySerial, EXCEL_NUMBER_FORMATS, mytSerial } from '../reports/export-cells.ts';

/** One column of a resource sheet: its API name, label key and (for declared fields) its field. */
export interface SheetColumn {
  key: string;
  labelKey: string;
  field?: FieldDef;
}

const SYSTEM_LABELS: Record<string, string> = {
  Id: 'res.system.id',
  OrgId: 'res.system.orgId',
  OrgName: 'res.system.orgName',
  Configured: 'res.system.configured',
  IsActive: 'res.system.isActive',
  CreatedAt: 'res.system.createdAt',
  UpdatedAt: 'res.system.updatedAt',
};

const system = (key: string): SheetColumn => ({ key, labelKey: SYSTEM_LABELS[key]! });

/**
 * Export columns: the owner (owned resources: OrgName, unless a declared field names it), the
 * declared fields, Configured (a list over owners), IsActive (not beside a lifecycle), UpdatedAt. Credentials (input
 * 'secret': keys, passwords) are left out; a masked identifier (secret with a visible input, e.g.
 * a bank account number) goes out masked exactly as answered ('••••1234'), which BulkUpload reads
 * back as "keep".
 */
export function sheetColumns(def: ResourceDef): SheetColumn[] {
  const owned = def.scope === 'owned' && !def.fields.OrgName ? [system('OrgName')] : [];
  const fields = Object.entries(def.fields)
    .filter(([, f]) => kindOf(f).exported)
    .map(([key, field]): SheetColumn => ({ key, labelKey: field.labelKey, field }));
  // A lifecycle resource's status is its state field (already a column): no active switch beside it.
  return [...owned, ...fields, ...(def.listOwners ? [system('Configured')] : []), ...(def.lifecycle ? [] : [system('IsActive')]), system('UpdatedAt')];
}

/** The API names of the export columns, in order. */
export const exportColumns = (def: ResourceDef): string[] => sheetColumns(def).map((c) => c.key);

/** A column's header in `lang`. */
export const headerOf = (c: SheetColumn, lang: EnumLabelLanguage): string => resourceLabel(lang, c.labelKey);

/** Record times as the screens show them (the datetime kind's: MYT, §9 format). */
export { mytTime };

/** The text of one cell of column `c` (value as the API answers it) in `lang`. */
export function cellOf(c: SheetColumn, value: unknown, lang: EnumLabelLanguage): string {
  if (value === null || value === undefined) return '';
  const f = c.field;
  if (c.key === 'IsActive' && !f) return resourceLabel(lang, Number(value) === 1 ? 'res.system.active' : 'res.system.inactive');
  if (c.key === 'Configured' && !f) return resourceLabel(lang, value === true ? 'res.system.yes' : 'res.system.no');
  if ((c.key === 'UpdatedAt' || c.key === 'CreatedAt') && !f) return mytTime(value);
  if (f) return kindOf(f).cellText(f, value, lang);
  if (Array.isArray(value)) return value.join(MULTI_SEPARATOR);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** How a column is typed in XLSX: a day, an instant (MYT wall clock), a number, or text. */
type XlsxType = 'date' | 'datetime' | 'money' | 'number' | 'text';

function xlsxTypeOf(c: SheetColumn): XlsxType {
  const f = c.field;
  if (!f) return c.key === 'UpdatedAt' || c.key === 'CreatedAt' ? 'datetime' : 'text';
  if (f.input === 'date' || f.input === 'datetime') return f.input;
  const n = kindOf(f).numberKind(f);
  return n === 'money' ? 'money' : n ? 'number' : 'text';
}

/** The XLSX number format of column `c` ('dd-mm-yyyy', '#,##0.00' …), or undefined for General or text. */
export function xlsxFormatOf(c: SheetColumn): string | undefined {
  const t = xlsxTypeOf(c);
  return t === 'date' || t === 'datetime' || t === 'money' ? EXCEL_NUMBER_FORMATS[t] : undefined;
}

/**
 * One cell of column `c` in `format`: CSV is the cell text (cellOf); XLSX writes a day as its
 * Excel serial, an instant as the serial of its Malaysian wall-clock time, money, rates and counts
 * as numbers, and everything else as the cell text. A value that is not what its type says is
 * written as text (never a wrong date or NaN).
 */
export function sheetCellOf(c: SheetColumn, value: unknown, lang: EnumLabelLanguage, format: 'xlsx' | 'csv'): SheetCell {
  const type = format === 'xlsx' ? xlsxTypeOf(c) : 'text';
  if (type === 'text' || value === null || value === undefined || value === '') return type === 'text' ? cellOf(c, value, lang) : null;
  if (type === 'date') {
    const day = calendarDay(value);
    return day === null ? cellOf(c, value, lang) : daySerial(day);
  }
  if (type === 'datetime') {
    const at = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(at.getTime()) ? cellOf(c, value, lang) : mytSerial(at);
  }
  const n = Number(value);
  return Number.isFinite(n) ? n : cellOf(c, value, lang);
}

const norm = (s: string) => s.trim().toLocaleLowerCase('en');

/**
 * Reads an uploaded header row: each header's API field name, found by the name itself or by the
 * column's label in any language (case and surrounding spaces ignored). A header that is neither
 * keeps its text (BulkUpload reports it as not a column of this list).
 */
export function headerKeys(def: ResourceDef, headers: readonly string[]): Map<string, string> {
  const byText = new Map<string, string>();
  const older = [system('Id'), ...(def.scope === 'owned' ? [system('OrgId'), system('OrgName')] : []), system('CreatedAt')];
  const columns = [...sheetColumns(def), ...Object.entries(def.fields).map(([key, field]) => ({ key, labelKey: field.labelKey, field })), ...older];
  // API names first, so a label can never shadow a field's own name.
  for (const c of columns) byText.set(norm(c.key), c.key);
  for (const c of columns) for (const t of textsOf(c.labelKey)) if (!byText.has(t)) byText.set(t, c.key);
  return new Map(headers.map((h) => [h, byText.get(norm(h)) ?? h]));
}
