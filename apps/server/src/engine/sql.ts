/**
 * SQL pieces of the resource engine. Identifiers come only from resource declarations (static
 * code), never from requests; values always travel as parameters.
 */
import { kindOf, type FieldDef, type ResourceDef } from '@paydesk/contract';
import type { Scope } from '../platform/scope.ts';

/** Quotes a declared identifier; refuses anything that is not a plain snake_case name. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier in a resource declaration: ${name}`);
  return `"${name}"`;
}

/** Collects parameters and answers their $n placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export const SYSTEM_COLUMNS: Record<string, string> = { Id: 'id', Version: 'version', IsActive: 'is_active', CreatedAt: 'created_at', UpdatedAt: 'updated_at' };

/** The column of an API field name (system or declared). */
export function columnOf(def: ResourceDef, field: string): string {
  const sys = SYSTEM_COLUMNS[field];
  if (sys) return sys;
  const f = def.fields[field];
  if (!f) throw new Error(`unknown field ${field} of ${def.name}`);
  return f.column;
}

/** Whether reads of `def` join the owner organization (alias `ow`): owner fields or a list over owners. */
const joinsOwner = (def: ResourceDef) => def.scope === 'owned' && (def.listOwners === true || Object.values(def.fields).some((f) => f.owner));

/** Whether a list read (Search, Export) of `def` runs over the owner organizations. */
export const listsOwners = (def: ResourceDef) => def.scope === 'owned' && def.listOwners === true;

/** The SQL of a declared field's value: its column on the record (`r`), or on the owner organization (`ow`) for an owner field. */
export function fieldSql(f: FieldDef): string {
  return `${f.owner ? 'ow' : 'r'}.${ident(f.column)}`;
}

/** The SQL of a sortable API field (system or declared). */
export function sortSql(def: ResourceDef, field: string): string {
  const f = def.fields[field];
  return f && !SYSTEM_COLUMNS[field] ? fieldSql(f) : `r.${ident(columnOf(def, field))}`;
}

/**
 * The FROM clause of a read: the resource's table as `r`, joined to its owner organization as
 * `ow` when the resource reads owner fields. A list read (`listing`: Search, Export, their counts)
 * of a resource that lists its owners starts from the organizations instead, so an organization
 * without a record is a row whose `r` columns are null.
 */
export function fromSql(def: ResourceDef, listing: boolean): string {
  const t = ident(def.table);
  if (!joinsOwner(def)) return `${t} r`;
  if (listing && listsOwners(def)) return `organizations ow LEFT JOIN ${t} r ON r.org_id = ow.id`;
  return `${t} r LEFT JOIN organizations ow ON ow.id = r.org_id`;
}

/**
 * The scope condition of a resource table aliased `r`: none for platform resources (the
 * permission decides); for owned resources rows of the caller's organization subtree. A list
 * read over the owners (`listing` and def.listOwners) scopes the organizations `ow` instead: the
 * caller's subtree at the resource's owner levels (every organization of those levels for a
 * platform SUPERADMIN).
 */
export function scopeSql(def: ResourceDef, scope: Scope, p: Params, listing = false): string {
  // A declaration's fixed column values (one provider's rows of a shared table) bound every read.
  const fixed = Object.entries(def.fixed ?? {}).map(([c, v]) => `r.${ident(c)} = ${p.add(v)}`);
  const own = ownerScopeSql(def, scope, p, listing);
  return fixed.length ? [...fixed, own].join(' AND ') : own;
}

/** The owner part of scopeSql. */
function ownerScopeSql(def: ResourceDef, scope: Scope, p: Params, listing: boolean): string {
  if (def.scope === 'platform') return 'true';
  if (listing && listsOwners(def)) {
    const levels = `ow.level = ANY(${p.add(def.ownerLevels ?? [])}::text[])`;
    if (scope.orgPath === null) return scope.groupType === 'SUPERADMIN' ? levels : 'false';
    return `ow.path LIKE ${p.add(`${scope.orgPath}%`)} AND ${levels}`;
  }
  const levels = def.ownerLevels?.length ? ` AND o.level = ANY(${p.add(def.ownerLevels)}::text[])` : '';
  if (scope.orgPath === null) {
    if (scope.groupType !== 'SUPERADMIN') return 'false';
    return levels ? `r.org_id IN (SELECT o.id FROM organizations o WHERE true${levels})` : 'true';
  }
  return `r.org_id IN (SELECT o.id FROM organizations o WHERE o.path LIKE ${p.add(`${scope.orgPath}%`)}${levels})`;
}

/**
 * SELECT list answering API names: system columns, declared fields, and the owner's id and name
 * (and `Configured` for a resource listing its owners). `listing` as for fromSql.
 */
export function selectList(def: ResourceDef, listing = false): string {
  const sys = Object.entries(SYSTEM_COLUMNS).map(([k, c]) => `r.${ident(c)} AS "${k}"`);
  // Each kind reads its column as the API answers it (a date as 'YYYY-MM-DD' text, kinds/date.ts).
  const fields = Object.entries(def.fields).map(([k, f]: [string, FieldDef]) => `${kindOf(f).select(fieldSql(f))} AS "${k}"`);
  const owner: string[] = [];
  if (def.scope === 'owned') {
    owner.push(listing && listsOwners(def) ? 'ow.id AS "OrgId"' : 'r.org_id AS "OrgId"');
    // A declared OrgName field (an owner field) already answers the name.
    if (!def.fields.OrgName) owner.push(joinsOwner(def) ? 'ow.name AS "OrgName"' : '(SELECT o.name FROM organizations o WHERE o.id = r.org_id) AS "OrgName"');
    if (listsOwners(def)) owner.push('(r.id IS NOT NULL) AS "Configured"');
  }
  return [...sys, ...fields, ...owner].join(', ');
}
