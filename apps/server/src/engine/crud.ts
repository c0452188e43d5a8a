/**
 * The resource engine's operations: search, get, create, update with optimistic
 * version, set status, delete with dependents check. Each takes the caller's scope first and
 * writes an audit record with before and after values in the same transaction as the change.
 */
import type { FastifyRequest } from 'fastify';
import { kindOf, type ResourceCommand, type ResourceDef, type ResourceSearchRequest } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import type { Database, Query } from '../db/client.ts';
import { AppError, badInput, notFound } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import type { Scope } from '../platform/scope.ts';
import { logCreation } from './lifecycle-events.ts';
import { keepsSecret, sealSecret } from './secret-fields.ts';
import { fieldSql, fromSql, ident, listsOwners, Params, scopeSql, selectList, sortSql } from './sql.ts';
import { toItem } from './rows.ts';

export interface EngineContext {
  database: Database;
  fieldKey: Uint8Array;
  req: FastifyRequest | null;
  /** The server's clock (UTC): a row's updated_at is the app's time, not the database's, so a test clock holds. */
  now: () => Date;
}

/** A Search request as its schema parsed it (the contract's resourceSchemas `search`). */
export type SearchInput = ResourceSearchRequest;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * WHERE clause of a list read (Search, Export; FROM fromSql(def, true)): scope, declared filters,
 * IsActive, Keyword over the listed text fields — over the owner organization's fields only when
 * the resource lists its owners (name and codes, not the configuration's values).
 */
export function whereOf(def: ResourceDef, scope: Scope, data: Record<string, unknown>, p: Params): string {
  const parts = [scopeSql(def, scope, p, true)];
  for (const [k, f] of Object.entries(def.fields)) {
    const v = data[k];
    if (v === undefined || v === null || v === '' || !f.filter || f.secret) continue;
    const col = fieldSql(f);
    const kind = kindOf(f);
    // Parameters are untyped: PostgreSQL types them as the column, so the column's index serves
    // the filter (a `col::text = $n` would not); the filter schemas made sure each value parses.
    if (f.filter === 'contains') parts.push(`${col}::text ILIKE ${p.add(`%${escapeLike(String(v))}%`)}`);
    else if (f.filter === 'in' && Array.isArray(v)) parts.push(v.length ? kind.inSql(col, p.add(v)) : 'false');
    else if (f.filter === 'range' && typeof v === 'object') {
      const { From, To } = v as { From?: unknown; To?: unknown };
      if (From !== undefined && From !== null && From !== '') parts.push(`${col} >= ${p.add(From)}`);
      if (To !== undefined && To !== null && To !== '') parts.push(`${col} <= ${p.add(To)}`);
    } else parts.push(kind.eqSql(col, p.add(v)));
  }
  if (def.scope === 'owned' && typeof data.OrgId === 'number') parts.push(`${listsOwners(def) ? 'ow.id' : 'r.org_id'} = ${p.add(data.OrgId)}`);
  if (data.IsActive === 0 || data.IsActive === 1) parts.push(`r.is_active = ${p.add(data.IsActive)}`);
  if (typeof data.Keyword === 'string' && data.Keyword) {
    const text = Object.values(def.fields).filter((f) => f.list && !f.secret && kindOf(f).keyword && (!listsOwners(def) || f.owner));
    if (text.length) {
      const k = p.add(`%${escapeLike(data.Keyword)}%`);
      parts.push(`(${text.map((f) => `${fieldSql(f)}::text ILIKE ${k}`).join(' OR ')})`);
    }
  }
  return parts.join(' AND ');
}

/** ORDER BY of a list read: the sort field, nulls last, then the row's id (the organization's when listing owners). */
export function orderOf(def: ResourceDef, sort: SearchInput['Sort']): string {
  const dir = sort.Order === 'desc' ? 'DESC' : 'ASC';
  return `${sortSql(def, sort.Field)} ${dir} NULLS LAST, ${listsOwners(def) ? 'ow.id' : 'r.id'} ${dir}`;
}

/** Search: `{Items, TotalRecords, PageIndex, RowsPerPage}` (small configuration tables page with OFFSET). */
export async function searchResource(ctx: EngineContext, def: ResourceDef, scope: Scope, input: SearchInput) {
  const p = new Params();
  const where = whereOf(def, scope, input.SearchData, p);
  const from = fromSql(def, true);
  const [count] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, p.values);
  const limit = p.add(input.RowsPerPage);
  const offset = p.add((input.PageIndex - 1) * input.RowsPerPage);
  const rows = await ctx.database.query(`SELECT ${selectList(def, true)} FROM ${from} WHERE ${where} ORDER BY ${orderOf(def, input.Sort)} LIMIT ${limit} OFFSET ${offset}`, p.values);
  return { Items: rows.map((r) => toItem(def, r, ctx.fieldKey)), TotalRecords: Number(count?.n ?? 0), PageIndex: input.PageIndex, RowsPerPage: input.RowsPerPage };
}

/** One record of `def` by id inside the caller's scope (optionally locked FOR UPDATE); undefined outside it. */
export async function loadRow(q: Query, def: ResourceDef, scope: Scope, id: number, lock = false): Promise<Record<string, unknown> | undefined> {
  const p = new Params();
  const where = scopeSql(def, scope, p);
  const rows = await q(`SELECT ${selectList(def)} FROM ${fromSql(def, false)} WHERE r.id = ${p.add(id)} AND ${where}${lock ? ' FOR UPDATE OF r' : ''}`, p.values);
  return rows[0];
}

/** Get one record inside the caller's scope; NF404 otherwise. */
export async function getResource(ctx: EngineContext, def: ResourceDef, scope: Scope, id: number) {
  const row = await loadRow(ctx.database.query, def, scope, id);
  if (!row) throw notFound(def.name);
  return toItem(def, row, ctx.fieldKey);
}

/** Column values of a write: declared writable fields present in the input; secrets sealed. */
function valuesOf(def: ResourceDef, input: Record<string, unknown>, fieldKey: Uint8Array, forUpdate: boolean): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.readOnly || !(k in input)) continue;
    const v = input[k];
    if (f.secret) {
      if (keepsSecret(v)) continue;
      out.push([f.column, sealSecret(fieldKey, String(v))]);
    } else if (v !== undefined || !forUpdate) out.push([f.column, v ?? null]);
  }
  return out;
}

/** Appends an audit record inside the caller's transaction. */
export async function auditIn(q: Query, ctx: EngineContext, scope: Scope, e: { action: string; def: ResourceDef; targetId?: number | string; before?: unknown; after?: unknown; detail?: unknown }) {
  await writeAudit(q, ctx.req, { action: e.action, result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: e.def.name, targetId: e.targetId, before: e.before, after: e.after, detail: e.detail });
}

/** API field names of the columns a constraint error's detail lists ("Key (a, b)=(…) …"), in that order. */
function fieldsOfDetail(def: ResourceDef, detail: string | undefined): string[] {
  const columns = /Key \(([^)]*)\)=/.exec(detail ?? '')?.[1]?.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) ?? [];
  // The owner column of an owned resource is OrgId (e.g. one configuration per organization).
  return columns.flatMap((c) => (def.scope === 'owned' && c === 'org_id' ? ['OrgId'] : Object.entries(def.fields).filter(([, f]) => f.column === c && !f.owner).map(([k]) => k)));
}

/**
 * Translates a database refusal into an answer naming what is wrong:
 *  - unique violation → CF409 naming the field (or the fields of a composite key);
 *  - foreign key, another table still refers to this row (delete, or a change of a referenced
 *    key) → CF409 naming that table (its dependents label when declared), e.g. the payment
 *    products that refer to an MDR category by (service type, category code);
 *  - foreign key, this row refers to a record that does not exist → VAL400 naming the field(s);
 *  - not-null violation (an optional field sent as null on a column without nulls) → VAL400.
 */
export function conflictOf(def: ResourceDef, e: unknown): never {
  const err = e as { code?: string; constraint?: string; detail?: string; message?: string; table?: string; column?: string };
  if (err.code === '23505' || /duplicate key/.test(err.message ?? '')) {
    const fields = fieldsOfDetail(def, err.detail);
    if (fields.length > 1) throw new AppError(409, ERROR_CODES.CONFLICT, `${fields.join(', ')}: this combination already exists`);
    const field = fields[0] ?? Object.entries(def.fields).find(([, f]) => (err.detail ?? err.message ?? '').includes(`(${f.column})`) || (err.constraint ?? '').includes(f.column))?.[0];
    throw new AppError(409, ERROR_CODES.CONFLICT, `${field ?? def.titleField}: already exists`);
  }
  if (err.code === '23503') {
    if (err.table && err.table !== def.table) {
      const label = def.dependents?.find((d) => d.table === err.table)?.labelKey ?? err.table.replace(/_/g, ' ');
      throw new AppError(409, ERROR_CODES.CONFLICT, `${def.name}: still used by ${label}, so it cannot be deleted or have its key changed`);
    }
    const fields = fieldsOfDetail(def, err.detail);
    const target = /not present in table "([^"]+)"/.exec(err.detail ?? '')?.[1];
    throw badInput(fields.join(', ') || def.titleField, `refers to a record that does not exist${target ? ` (${target.replace(/_/g, ' ')})` : ''}`);
  }
  if (err.code === '23502') {
    const field = Object.entries(def.fields).find(([, f]) => f.column === err.column)?.[0];
    throw badInput(field ?? err.column ?? '-', 'is required');
  }
  throw e;
}

/** The owner of a new owned row: the requested OrgId inside the caller's subtree, else the caller's org. */
async function ownerOf(q: Query, def: ResourceDef, scope: Scope, requested: unknown): Promise<number | null> {
  const target = requested ?? scope.orgId;
  if (target === undefined || target === null) throw badInput('OrgId', 'is required for a platform user');
  const rows = await q<{ id: number; level: string }>(`SELECT id, level FROM organizations WHERE id = $1 AND path LIKE $2`, [target, `${scope.orgPath ?? ''}%`]);
  const org = rows[0];
  if (!org) throw badInput('OrgId', 'is not an organization in your scope');
  if (def.ownerLevels?.length && !def.ownerLevels.includes(org.level as never)) throw badInput('OrgId', `must be a ${def.ownerLevels.join(' or ')} organization`);
  return Number(org.id);
}

/**
 * The ancestor columns of a row owned by merchant HQ or branch `orgId` (ResourceDef.ancestors),
 * read from its path '/mm/agency/agent/hq/[branch/]'. Throws VAL400 OrgId for an organization
 * above merchant level (it has no such place).
 */
async function ancestorsOf(q: Query, orgId: number): Promise<[string, unknown][]> {
  const [org] = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [orgId]);
  const ids = (org?.path ?? '').split('/').filter(Boolean).map(Number);
  if (ids.length < 4) throw badInput('OrgId', 'must be a merchant or one of its branches');
  return [['master_merchant_id', ids[0]], ['agency_id', ids[1]], ['agent_id', ids[2]], ['merchant_id', ids[3]], ['branch_id', ids[4] ?? null]];
}

/** Inserts one record inside `q`'s transaction; returns its id. */
export async function insertRow(q: Query, ctx: EngineContext, def: ResourceDef, scope: Scope, input: Record<string, unknown>): Promise<number> {
  const cols = valuesOf(def, input, ctx.fieldKey, false);
  for (const [c, v] of Object.entries(def.fixed ?? {})) cols.push([c, v]);
  if (def.scope === 'owned') {
    const owner = await ownerOf(q, def, scope, input.OrgId);
    cols.push(['org_id', owner]);
    if (def.ancestors) cols.push(...(await ancestorsOf(q, owner!)));
  }
  const p = new Params();
  const sql = `INSERT INTO ${ident(def.table)} (${cols.map(([c]) => ident(c)).join(', ')}) VALUES (${cols.map(([, v]) => p.add(v)).join(', ')}) RETURNING id`;
  try {
    const [row] = await q<{ id: number }>(sql, p.values);
    return Number(row!.id);
  } catch (e) {
    return conflictOf(def, e);
  }
}

export async function createResource(ctx: EngineContext, def: ResourceDef, scope: Scope, input: Record<string, unknown>) {
  return ctx.database.transaction(async (q) => {
    const id = await insertRow(q, ctx, def, scope, input);
    const after = toItem(def, (await loadRow(q, def, scope, id))!, ctx.fieldKey);
    if (def.lifecycle) await logCreation(q, def, scope, id, after[def.lifecycle.field], ctx.now());
    await auditIn(q, ctx, scope, { action: 'CREATE', def, targetId: id, after });
    return after;
  });
}

/** Updates inside `q`'s transaction when the version matches; CF409 when it is stale. */
export async function updateRow(q: Query, ctx: EngineContext, def: ResourceDef, scope: Scope, id: number, version: number | null, set: [string, unknown][]) {
  const before = await loadRow(q, def, scope, id, true);
  if (!before) throw notFound(def.name);
  if (version !== null && Number(before.Version) !== version) {
    throw new AppError(409, ERROR_CODES.CONFLICT, `Version: the ${def.name} was changed by someone else (now version ${before.Version}); reload and try again`);
  }
  // The resource's cross-field rule holds on the record as it will be: stored values with the change over them.
  if (def.refine && set.some(([c]) => c !== 'is_active')) {
    const keyOf = new Map(Object.entries(def.fields).map(([k, f]) => [f.column, k]));
    const merged = { ...toItem(def, before, ctx.fieldKey), ...Object.fromEntries(set.map(([c, v]) => [keyOf.get(c) ?? c, v])) };
    const broken = def.refine(merged);
    if (broken) throw badInput(broken.field, broken.message);
  }
  const p = new Params();
  const assigns = [...set.map(([c, v]) => `${ident(c)} = ${p.add(v)}`), 'version = version + 1', `updated_at = ${p.add(ctx.now())}`];
  try {
    await q(`UPDATE ${ident(def.table)} SET ${assigns.join(', ')} WHERE id = ${p.add(id)}`, p.values);
  } catch (e) {
    conflictOf(def, e);
  }
  const after = (await loadRow(q, def, scope, id))!;
  return { before: toItem(def, before, ctx.fieldKey), after: toItem(def, after, ctx.fieldKey) };
}

export async function updateResource(ctx: EngineContext, def: ResourceDef, scope: Scope, input: Record<string, unknown> & { Id: number; Version: number }) {
  return ctx.database.transaction(async (q) => {
    const { before, after } = await updateRow(q, ctx, def, scope, input.Id, input.Version, valuesOf(def, input, ctx.fieldKey, true));
    await auditIn(q, ctx, scope, { action: 'UPDATE', def, targetId: input.Id, before, after });
    return after;
  });
}

export async function setResourceStatus(ctx: EngineContext, def: ResourceDef, scope: Scope, input: { Id: number; IsActive: 0 | 1; Version: number }) {
  return ctx.database.transaction(async (q) => {
    const { before, after } = await updateRow(q, ctx, def, scope, input.Id, input.Version, [['is_active', input.IsActive]]);
    await auditIn(q, ctx, scope, { action: input.IsActive ? 'ACTIVATE' : 'DEACTIVATE', def, targetId: input.Id, before, after });
    return after;
  });
}

/**
 * Runs a declared command (ResourceDef.commands): under the record's row lock and
 * at its Version, moves `command.field` from one of `from` to `to` and audits it under the
 * command's name, with the caller's optional `Note` (trimmed, ≤ 250 characters by the schema) in
 * the audit row's detail, as a lifecycle command keeps it: a reason typed is never dropped.
 * Throws NF404 outside the caller's scope, CF409 on a stale Version or when the record holds a
 * value the command does not move from (naming it).
 */
export async function runCommand(ctx: EngineContext, def: ResourceDef, scope: Scope, command: ResourceCommand, input: { Id: number; Version: number; Note?: string }) {
  const column = def.fields[command.field]!.column;
  return ctx.database.transaction(async (q) => {
    const current = await loadRow(q, def, scope, input.Id, true);
    if (!current) throw notFound(def.name);
    const holds = String(current[command.field] ?? '');
    if (!command.from.includes(holds)) {
      throw new AppError(409, ERROR_CODES.CONFLICT, `${command.field}: ${command.name} moves a ${def.name} from ${command.from.join(' or ')}; ${String(current[def.titleField] ?? input.Id)} is ${holds || 'empty'}`);
    }
    const { before, after } = await updateRow(q, ctx, def, scope, input.Id, input.Version, [[column, command.to]]);
    const note = input.Note?.trim() || null;
    await auditIn(q, ctx, scope, { action: command.name.toUpperCase(), def, targetId: input.Id, before, after, detail: note ? { Note: note } : undefined });
    return after;
  });
}

/** Deletes a record unless other records depend on it (CF409 naming them: 'Cannot delete MYR: transactions still use it'). */
export async function deleteResource(ctx: EngineContext, def: ResourceDef, scope: Scope, id: number) {
  return ctx.database.transaction(async (q) => {
    const before = await loadRow(q, def, scope, id, true);
    if (!before) throw notFound(def.name);
    for (const d of def.dependents ?? []) {
      const value = d.key ? before[d.key] : id;
      // One indexed probe, not a count: the parameter is typed as the column, so the dependent
      // column's index answers it (test: every declared dependent has one) — the row lock above is
      // held for one index lookup, even against the 10 M rows of transactions.
      const [row] = await q<{ used: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${ident(d.table)} WHERE ${ident(d.column)} = $1) AS used`, [value]);
      if (row?.used) throw new AppError(409, ERROR_CODES.CONFLICT, `Cannot delete ${String(before[def.titleField] ?? def.name)}: ${d.labelKey} still use it`);
    }
    try {
      await q(`DELETE FROM ${ident(def.table)} WHERE id = $1`, [id]);
    } catch (e) {
      conflictOf(def, e);
    }
    await auditIn(q, ctx, scope, { action: 'DELETE', def, targetId: id, before: toItem(def, before, ctx.fieldKey) });
    return { Success: true as const };
  });
}
