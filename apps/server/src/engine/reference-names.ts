/**
 * The names behind ids in a resource's files (issue 29: "names instead of ids"). A field that
 * picks another table's row by id (the contract's `reference()` and `lookupId()`: a select whose
 * lookup answers ids) and a record's owner organization are written and read by name:
 *  - Export writes the referenced row's name, with its code in brackets where the row has one,
 *    as the form's picker labels it ('Maybank (MBB0228)'), and the owner by its name (OrgName);
 *  - BulkUpload reads such a cell back: digits are an id (older files, and the API's form);
 *    'Name (CODE)' is the row of that code (and name, where a code repeats); other text is the row
 *    of that name, case ignored. No match, or several, is a row error naming the field. An owner
 *    name is looked up among the organizations of the caller's subtree at the resource's owner
 *    levels; an OrgId column, where given, wins.
 */
import { takesNumbers, type FieldDef, type ResourceDef } from '@paydesk/contract';
import type { Query } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { ident, Params } from './sql.ts';

/** Where the rows a lookup's ids name are kept: table, name column and (optional) code column. */
export interface ReferenceTable {
  table: string;
  name: string;
  code?: string;
}

/**
 * The table behind each lookup route whose entries are picked by id (packages/contract/src/routes.ts
 * names). A declared id reference whose lookup is missing here fails the sheet-columns unit test.
 */
export const REFERENCE_TABLES: Readonly<Record<string, ReferenceTable>> = {
  acquirersByServiceType: { table: 'acquirers', name: 'acq_name', code: 'code' },
  bankList: { table: 'banks', name: 'bank_name', code: 'bank_code' },
  paymentProductList: { table: 'payment_products', name: 'product_name', code: 'product_code' },
  mdrCategorySearch: { table: 'mdr_categories', name: 'category_name', code: 'category_code' },
  masterMerchantList: { table: 'organizations', name: 'name', code: 'reg_no' },
  subscriptionCompanyList: { table: 'organizations', name: 'name' },
};

/** Whether field `f` stores another row's id picked from a lookup (its cells are names in files). */
export const isIdReference = (f: FieldDef): boolean => !!f.lookup && f.input === 'select' && !f.options?.length && takesNumbers(f);

/** The id-reference fields of `def` with their tables, as [API name, table]. */
export function idReferences(def: ResourceDef): [string, ReferenceTable][] {
  return Object.entries(def.fields).flatMap(([k, f]) => {
    const t = isIdReference(f) ? REFERENCE_TABLES[f.lookup!] : undefined;
    return t ? [[k, t] as [string, ReferenceTable]] : [];
  });
}

/** A referenced row's cell text: 'Name (CODE)', or the name when it has no code. */
export const referenceText = (name: string, code: string | null | undefined): string => (code ? `${name} (${code})` : name);

/**
 * The items of one export batch with each id reference replaced by its row's text (one query per
 * reference field per batch); an id whose row is gone stays the id. Mutates and answers `items`.
 */
export async function nameReferences(q: Query, def: ResourceDef, items: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  for (const [key, t] of idReferences(def)) {
    const ids = [...new Set(items.map((i) => i[key]).filter((v) => v !== null && v !== undefined).map(Number))];
    if (!ids.length) continue;
    const rows = await q<{ id: number; name: string; code: string | null }>(
      `SELECT id, ${ident(t.name)} AS name, ${t.code ? ident(t.code) : 'NULL'} AS code FROM ${ident(t.table)} WHERE id = ANY($1::int[])`,
      [ids],
    );
    const text = new Map(rows.map((r) => [Number(r.id), referenceText(r.name, r.code)]));
    for (const i of items) if (i[key] !== null && i[key] !== undefined) i[key] = text.get(Number(i[key])) ?? i[key];
  }
  return items;
}

/** A cell's text as a reference: an id, a code (with its name), or a name. */
type Wanted = { id: number } | { code: string; name: string } | { name: string };

const CODED = /^(.*\S)\s*\(([^()]+)\)$/;

function wantedOf(text: string, coded: boolean): Wanted {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { id: Number(t) };
  const m = coded ? CODED.exec(t) : null;
  return m ? { code: m[2]!.trim(), name: m[1]!.trim() } : { name: t };
}

const lower = (s: string) => s.toLocaleLowerCase('en');

/** What one reference cell resolved to: the id, or the row error's message. */
export type Resolved = { id: number } | { error: string };

/** The id of each candidate the cell names, narrowed by code then name; the error when not exactly one. */
function pick(w: Wanted, rows: { id: number; name: string; code: string | null }[], what: string): Resolved {
  if ('id' in w) return { id: w.id };
  let found = 'code' in w ? rows.filter((r) => r.code === w.code) : rows.filter((r) => lower(r.name) === lower(w.name));
  if ('code' in w && found.length > 1) found = found.filter((r) => lower(r.name) === lower(w.name));
  const shown = 'code' in w ? referenceText(w.name, w.code) : w.name;
  if (found.length === 1) return { id: Number(found[0]!.id) };
  if (!found.length) return { error: `no ${what} '${shown}'` };
  return { error: `${found.length} ${what} records are named '${shown}': write the name with its code, e.g. 'Name (CODE)', or the id` };
}

/**
 * Resolves the reference cells of an upload: `cells` holds, per API field name, the distinct
 * non-empty texts of that column. Answers, per field, each text's id or error. Reads every
 * named row of a column in one query. `what` names the field in messages (its label).
 */
export async function resolveReferences(
  q: Query,
  def: ResourceDef,
  scope: Scope,
  cells: ReadonlyMap<string, ReadonlySet<string>>,
  what: (key: string) => string,
): Promise<Map<string, Map<string, Resolved>>> {
  const out = new Map<string, Map<string, Resolved>>();
  const tables: [string, ReferenceTable, boolean][] = idReferences(def).map(([k, t]) => [k, t, false]);
  // The owner by name: organizations of the caller's subtree at the resource's owner levels.
  if (def.scope === 'owned') tables.push(['OrgName', { table: 'organizations', name: 'name' }, true]);
  for (const [key, t, owners] of tables) {
    const texts = cells.get(key);
    if (!texts?.size) continue;
    const wanted = [...texts].map((text) => [text, wantedOf(text, !!t.code)] as const);
    const p = new Params();
    const byName = `lower(${ident(t.name)}) = ANY(${p.add(wanted.flatMap(([, w]) => ('name' in w ? [lower(w.name)] : [])))}::text[])`;
    const codes = wanted.flatMap(([, w]) => ('code' in w ? [w.code] : []));
    const byCode = t.code && codes.length ? ` OR ${ident(t.code)} = ANY(${p.add(codes)}::text[])` : '';
    const within = owners ? ` AND path LIKE ${p.add(`${scope.orgPath ?? ''}%`)}${def.ownerLevels?.length ? ` AND level = ANY(${p.add(def.ownerLevels)}::text[])` : ''}` : '';
    const rows = await q<{ id: number; name: string; code: string | null }>(
      `SELECT id, ${ident(t.name)} AS name, ${t.code ? ident(t.code) : 'NULL'} AS code FROM ${ident(t.table)} WHERE (${byName}${byCode})${within}`,
      p.values,
    );
    out.set(key, new Map(wanted.map(([text, w]) => [text, pick(w, rows, what(key))])));
  }
  return out;
}

/**
 * The distinct reference texts of an upload's rows (values by API field name), per field: the
 * id references, and the owner's name on rows that give no OrgId.
 */
export function referenceCells(def: ResourceDef, rows: readonly Record<string, string>[]): Map<string, Set<string>> {
  const keys = [...idReferences(def).map(([k]) => k), ...(def.scope === 'owned' ? ['OrgName'] : [])];
  const cells = new Map(keys.map((k) => [k, new Set<string>()]));
  for (const r of rows)
    for (const k of keys) {
      const v = r[k]?.trim();
      if (v && !(k === 'OrgName' && r.OrgId?.trim())) cells.get(k)!.add(v);
    }
  return cells;
}

/**
 * Puts the resolved ids into one upload row (mutating `values`): each reference cell becomes its
 * id's digits, an owner name the row's OrgId. Answers the row's errors as [field, message].
 */
export function applyReferences(values: Record<string, string>, resolved: ReadonlyMap<string, ReadonlyMap<string, Resolved>>): [string, string][] {
  const errors: [string, string][] = [];
  for (const [key, byText] of resolved) {
    const text = values[key]?.trim();
    const r = text ? byText.get(text) : undefined;
    if (!r) continue;
    if ('error' in r) errors.push([key, r.error]);
    else values[key === 'OrgName' ? 'OrgId' : key] = String(r.id);
  }
  return errors;
}
