/**
 * The columns of a resource's spreadsheet, both ways (issue 9: "exports carry the screen's
 * labels, enum texts and Malaysian times", and such a file goes back through BulkUpload):
 *  - Export writes each column's label in the caller's language as its header, option values as
 *    their label text, switches and status as Yes/No and Active/Inactive, and record times in
 *    Malaysian time 'YYYY-MM-DD HH:mm:ss' (UTC+08:00, no daylight saving);
 *  - BulkUpload reads a header by its API field name or by its label in any of the three
 *    languages, and an option cell by its code or its label in any language.
 * Texts come from the contract's RESOURCE_LABELS (and the domain's ENUM_LABELS), so the file says
 * what the screen says.
 */
import { resourceLabel, type FieldDef, type ResourceDef } from '@paydesk/contract';
import { ENUM_LABEL_LANGUAGES, formatMytDateTime, type EnumLabelLanguage } from '@paydesk/domain';

/** Separator of a multiselect cell (labels or codes); BulkUpload splits on '|' and trims. */
const MULTI_SEPARATOR = ' | ';

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
 * Export columns: Id, the owner (owned resources: OrgId, and OrgName unless declared), the
 * declared fields, Configured (a list over owners), IsActive, UpdatedAt. Credentials (input
 * 'secret': keys, passwords) are left out; a masked identifier (secret with a visible input, e.g.
 * a bank account number) goes out masked exactly as answered ('••••1234'), which BulkUpload reads
 * back as "keep".
 */
export function sheetColumns(def: ResourceDef): SheetColumn[] {
  const owned = def.scope === 'owned' ? [system('OrgId'), ...(def.fields.OrgName ? [] : [system('OrgName')])] : [];
  const fields = Object.entries(def.fields)
    .filter(([, f]) => !f.secret || f.input !== 'secret')
    .map(([key, field]): SheetColumn => ({ key, labelKey: field.labelKey, field }));
  return [system('Id'), ...owned, ...fields, ...(def.listOwners ? [system('Configured')] : []), system('IsActive'), system('UpdatedAt')];
}

/** The API names of the export columns, in order. */
export const exportColumns = (def: ResourceDef): string[] => sheetColumns(def).map((c) => c.key);

/** A column's header in `lang`. */
export const headerOf = (c: SheetColumn, lang: EnumLabelLanguage): string => resourceLabel(lang, c.labelKey);

const optionText = (f: FieldDef, value: unknown, lang: EnumLabelLanguage): string => {
  const o = f.options?.find((x) => String(x.value) === String(value));
  return o ? resourceLabel(lang, o.labelKey) : String(value);
};

/**
 * A UTC instant (ISO text or Date) as the screen shows it: Malaysian time in the §9 format
 * 'DD-MM-YYYY HH:mm:ss' (the transaction export writes the same); other text unchanged.
 */
export function mytTime(value: unknown): string {
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : formatMytDateTime(d);
}

/** The text of one cell of column `c` (value as the API answers it) in `lang`. */
export function cellOf(c: SheetColumn, value: unknown, lang: EnumLabelLanguage): string {
  if (value === null || value === undefined) return '';
  const f = c.field;
  if (c.key === 'IsActive' && !f) return resourceLabel(lang, Number(value) === 1 ? 'res.system.active' : 'res.system.inactive');
  if (c.key === 'Configured' && !f) return resourceLabel(lang, value === true ? 'res.system.yes' : 'res.system.no');
  if ((c.key === 'UpdatedAt' || c.key === 'CreatedAt') && !f) return mytTime(value);
  if (f?.input === 'switch') return resourceLabel(lang, Number(value) === 1 ? 'res.system.yes' : 'res.system.no');
  if (f?.options?.length && (f.input === 'select' || f.input === 'multiselect')) {
    return Array.isArray(value) ? value.map((v) => optionText(f, v, lang)).join(MULTI_SEPARATOR) : optionText(f, value, lang);
  }
  if (Array.isArray(value)) return value.join(MULTI_SEPARATOR);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const norm = (s: string) => s.trim().toLocaleLowerCase('en');

/** Every text a label key reads as, in any language (normalised). */
const textsOf = (labelKey: string): string[] => ENUM_LABEL_LANGUAGES.map((l) => norm(resourceLabel(l, labelKey)));

/**
 * Reads an uploaded header row: each header's API field name, found by the name itself or by the
 * column's label in any language (case and surrounding spaces ignored). A header that is neither
 * keeps its text (BulkUpload reports it as not a column of this list).
 */
export function headerKeys(def: ResourceDef, headers: readonly string[]): Map<string, string> {
  const byText = new Map<string, string>();
  const columns = [...sheetColumns(def), ...Object.entries(def.fields).map(([key, field]) => ({ key, labelKey: field.labelKey, field })), system('CreatedAt')];
  // API names first, so a label can never shadow a field's own name.
  for (const c of columns) byText.set(norm(c.key), c.key);
  for (const c of columns) for (const t of textsOf(c.labelKey)) if (!byText.has(t)) byText.set(t, c.key);
  return new Map(headers.map((h) => [h, byText.get(norm(h)) ?? h]));
}

/**
 * An option cell back to its code: the code itself, or its label in any language (case and
 * surrounding spaces ignored). Text that is neither is returned as is (the field's schema then
 * names it).
 */
export function optionCode(f: FieldDef, text: string): string | number {
  const n = norm(text);
  for (const o of f.options ?? []) if (norm(String(o.value)) === n || textsOf(o.labelKey).includes(n)) return o.value;
  return text;
}

const YES = new Set(['1', 'true', 'y', ...textsOf('res.system.yes'), ...textsOf('res.system.active')]);
const NO = new Set(['0', 'false', 'n', ...textsOf('res.system.no'), ...textsOf('res.system.inactive')]);

/** A switch cell: 1, true, yes (or Yes / Active in any language) → 1; the opposites → 0; else the text. */
export function switchValue(text: string): 0 | 1 | string {
  const n = norm(text);
  return YES.has(n) ? 1 : NO.has(n) ? 0 : text;
}
