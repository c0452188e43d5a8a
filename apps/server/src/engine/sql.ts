/**
 * SQL pieces of the resource engine. Identifiers come only from resource declarations (static
 * code), never from requests; values always travel as parameters.
 */
import type { FieldDef, ResourceDef } from '@paydesk/contract';
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

/**
 * The scope condition of a resource table aliased `r`: none for platform resources (the
 * permission decides); for owned resources rows of the caller's organization subtree.
 */
export function scopeSql(def: ResourceDef, scope: Scope, p: Params): string {
  if (def.scope === 'platform') return 'true';
  const levels = def.ownerLevels?.length ? ` AND o.level = ANY(${p.add(def.ownerLevels)}::text[])` : '';
  if (scope.orgPath === null) {
    if (scope.groupType !== 'SUPERADMIN') return 'false';
    return levels ? `r.org_id IN (SELECT o.id FROM organizations o WHERE true${levels})` : 'true';
  }
  return `r.org_id IN (SELECT o.id FROM organizations o WHERE o.path LIKE ${p.add(`${scope.orgPath}%`)}${levels})`;
}

/** SELECT list answering API names: system columns, declared fields, and the owner's name. */
export function selectList(def: ResourceDef): string {
  const sys = Object.entries(SYSTEM_COLUMNS).map(([k, c]) => `r.${ident(c)} AS "${k}"`);
  // Calendar dates travel as 'YYYY-MM-DD' text: node-postgres would turn a date into local
  // midnight, which shifts the day when the server's time zone is east of UTC (e.g. MYT).
  const fields = Object.entries(def.fields).map(([k, f]: [string, FieldDef]) =>
    f.input === 'date' ? `to_char(r.${ident(f.column)}, 'YYYY-MM-DD') AS "${k}"` : `r.${ident(f.column)} AS "${k}"`,
  );
  const owner = def.scope === 'owned' ? ['r.org_id AS "OrgId"', '(SELECT o.name FROM organizations o WHERE o.id = r.org_id) AS "OrgName"'] : [];
  return [...sys, ...fields, ...owner].join(', ');
}
