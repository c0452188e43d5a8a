/**
 * The columns of a resource's spreadsheet, both ways ("exports carry the screen's
 * labels, enum texts and Malaysian times", and such a file goes back through BulkUpload):
 *  - Export writes each column's label in the caller's language as its header, option values as
 *    their label text, switches and status as Yes/No and Active/Inactive, and record times in
 *    Malaysian time 'YYYY-MM-DD HH:mm:ss' (UTC+08:00, no daylight saving);
 *  - BulkUpload reads a header by its API field name or by its label in any of the three
 *    languages, and an option cell by its code or its label in any language.
 * Texts come from the contract's RESOURCE_LABELS (and the domain's ENUM_LABELS), so the file says
 * what the screen says.
 */
import { kindOf, MULTI_SEPARATOR, mytTime, resourceLabel, textsOf, type FieldDef, type ResourceDef } from '@paydesk/contract';
import type { EnumLabelLanguage } from '@paydesk/domain';

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
    .filter(([, f]) => kindOf(f).exported)
    .map(([key, field]): SheetColumn => ({ key, labelKey: field.labelKey, field }));
  return [system('Id'), ...owned, ...fields, ...(def.listOwners ? [system('Configured')] : []), system('IsActive'), system('UpdatedAt')];
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

const norm = (s: string) => s.trim().toLocaleLowerCase('en');

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
