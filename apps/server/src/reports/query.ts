/**
 * SQL of a list report, built from its declaration only: the select list and the
 * organization joins the requested columns need, the conditions (the report's fixed `where`, the
 * caller's scope, the filters), the order and the keyset condition of a cursor. Identifiers come
 * from the source registry (sources.ts); every request value is a typed parameter. Conditions are
 * index-friendly: `col = ANY($n)` for enums, plain equalities for org ids and codes, ranges for
 * dates and amounts, `LIKE 'prefix%'` for a prefix code (served by a text_pattern_ops index), and
 * no cast on a column.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORG_FILTER_FIELDS, type ListReportDef, type ReportColumn, type ReportSearchData, type ReportSort } from '@paydesk/contract';
import { badInput } from '../platform/errors.ts';
import { containsPattern } from '../platform/like-pattern.ts';
import { isPlatformScope, type Scope } from '../platform/scope.ts';
import { col, sourceOf, type ReportSource } from './sources.ts';

/** The row column holding each org filter field's organization id. */
const ORG_FILTER_COLUMN: Record<(typeof ORG_FILTER_FIELDS)[number], string> = {
  MasterMerchantId: 'master_merchant_id',
  AgencyId: 'agency_id',
  AgentId: 'agent_id',
  MerchantId: 'merchant_id',
  BranchId: 'branch_id',
};

/** Alias of the keyset value in a select list (text, so a cursor keeps full precision). */
export const SORT_ALIAS = '__sort';

const and = (parts: SQL[]): SQL => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

/** A decimal money string as whole cents (BigInt), for comparing without float rounding. */
const cents = (m: string): bigint => {
  const [i = '0', f = ''] = m.replace('-', '').split('.');
  const v = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  return m.startsWith('-') ? -v : v;
};

/** Escapes LIKE's wildcards (and the escape) so a code is matched literally. */
const likePrefix = (v: string) => `${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * WHERE parts of a report for a caller and a validated SearchData: fixed `where`, scope, filters.
 * Throws AppError VAL400 naming the field for DateFrom after DateTo and AmountMin above AmountMax.
 */
export function reportConditions(def: ListReportDef, scope: Scope, f: ReportSearchData): SQL[] {
  const src = sourceOf(def);
  const out: SQL[] = [];
  for (const [name, value] of Object.entries(def.where)) {
    out.push(Array.isArray(value) ? sql`${col(src, name)} = ANY(${sql.param(value)})` : sql`${col(src, name)} = ${value}`);
  }
  const scoped = src.scope(scope);
  if (scoped) out.push(scoped);
  for (const filter of def.filters) {
    switch (filter.kind) {
      case 'dateRange': {
        if (f.DateFrom && f.DateTo && Date.parse(f.DateFrom) > Date.parse(f.DateTo)) throw badInput('SearchData.DateFrom', 'must not be after DateTo');
        if (f.DateFrom) out.push(sql`${col(src, filter.source)} >= ${new Date(f.DateFrom).toISOString()}::timestamptz`);
        if (f.DateTo) out.push(sql`${col(src, filter.source)} <= ${new Date(f.DateTo).toISOString()}::timestamptz`);
        break;
      }
      case 'enum': {
        const values = f[filter.key];
        if (Array.isArray(values) && values.length) out.push(sql`${col(src, filter.source)} = ANY(${sql.param(audienceValues(def, scope, filter.source, values))})`);
        break;
      }
      case 'org':
        for (const field of ORG_FILTER_FIELDS) {
          const id = f[field];
          if (typeof id === 'number') out.push(sql`${col(src, ORG_FILTER_COLUMN[field])} = ${id}`);
        }
        break;
      case 'moneyRange':
        if (f.AmountMin && f.AmountMax && cents(f.AmountMin) > cents(f.AmountMax)) throw badInput('SearchData.AmountMin', 'must not be above AmountMax');
        if (f.AmountMin) out.push(sql`${col(src, filter.source)} >= ${f.AmountMin}::numeric`);
        if (f.AmountMax) out.push(sql`${col(src, filter.source)} <= ${f.AmountMax}::numeric`);
        break;
      case 'currency':
        if (f.Currency) out.push(sql`${col(src, filter.source)} = ${f.Currency}`);
        break;
      case 'assignee': {
        const v = f[filter.key];
        if (v === 'ME') out.push(sql`${col(src, filter.source)} = ${scope.userId}`);
        else if (v === 'NOBODY') out.push(sql`${col(src, filter.source)} IS NULL`);
        break;
      }
      case 'code': {
        const v = f[filter.key];
        if (typeof v !== 'string' || v === '') break;
        const join = src.joins[filter.source];
        const target = join ? sql`${sql.identifier(join.name)}` : col(src, filter.source);
        const match = filter.contains ? sql`${target} ILIKE ${containsPattern(v)}` : filter.prefix ? sql`${target} LIKE ${likePrefix(v)}` : sql`${target} = ${v}`;
        // Over a joined name (a user's e-mail): the rows whose foreign key names a match, so the
        // report's own index on that key serves it and no join is added to the count.
        if (join && !join.via) out.push(sql`${col(src, join.fk)} IN (SELECT ${sql.identifier(join.key ?? 'id')} FROM ${sql.identifier(join.table)} WHERE ${match})`);
        else out.push(match);
        break;
      }
    }
  }
  return out;
}

/** The SQL expression of a column's value (a source column or a joined organization's or user's name). */
export function valueOf(src: ReportSource, c: ReportColumn): SQL {
  const join = src.joins[c.source];
  const v = join ? sql`${sql.identifier(join.alias)}.${sql.identifier(join.name)}` : col(src, c.source);
  const outside = Object.entries(c.outside ?? {});
  // The platform's internal codes, as a caller outside it sees them (forAudience keeps `outside` only for those).
  return outside.length ? sql`CASE ${v} ${sql.join(outside.map(([from, to]) => sql`WHEN ${from} THEN ${to}`), sql` `)} ELSE ${v} END` : v;
}

/**
 * `columns` as `scope` reads them: the platform sees every code as stored (each `outside` mapping
 * dropped); anyone else sees a column's internal codes as the code it maps them to (valueOf).
 */
export function forAudience(scope: Scope, columns: readonly ReportColumn[]): ReportColumn[] {
  return isPlatformScope(scope) ? columns.map((c) => (c.outside ? { ...c, outside: undefined } : c)) : [...columns];
}

/**
 * The codes an enum filter asks for, as `scope` meant them: outside the platform a chosen code
 * also matches the internal codes shown as it, and an internal code asks for what it is shown as.
 */
function audienceValues(def: ListReportDef, scope: Scope, source: string, values: readonly (string | number)[]): (string | number)[] {
  const outside = def.columns.find((c) => c.source === source && c.outside)?.outside;
  if (!outside || isPlatformScope(scope)) return [...new Set(values)];
  const shown = new Set(values.map((v) => outside[String(v)] ?? v).map(String));
  const hidden = Object.entries(outside).filter(([, to]) => shown.has(to)).map(([from]) => from);
  return [...new Set([...shown, ...hidden])];
}

/** `FROM table LEFT JOIN organizations … LEFT JOIN users …` with only the joins `columns` need (a `via` join: its row in between first). */
export function fromClause(src: ReportSource, columns: readonly ReportColumn[]): SQL {
  const joins = [...new Set(columns.map((c) => src.joins[c.source]).filter((j) => j !== undefined))];
  return sql.join(
    [
      sql`FROM ${sql.identifier(src.table)}`,
      ...joins.map((j) => {
        const key = sql`${sql.identifier(j.alias)}.${sql.identifier(j.key ?? 'id')}`;
        if (!j.via) return sql`LEFT JOIN ${sql.identifier(j.table)} AS ${sql.identifier(j.alias)} ON ${key} = ${col(src, j.fk)}`;
        const via = sql.identifier(j.via.alias);
        return sql`LEFT JOIN ${sql.identifier(j.via.table)} AS ${via} ON ${via}."id" = ${col(src, j.fk)} LEFT JOIN ${sql.identifier(j.table)} AS ${sql.identifier(j.alias)} ON ${key} = ${via}.${sql.identifier(j.via.fk)}`;
      }),
    ],
    sql` `,
  );
}

/** The sortable column of a sort key; throws VAL400 'Sort.Field' for an undeclared one (schemas already refuse it). */
export function sortColumn(def: ListReportDef, key: string): ReportColumn {
  const c = def.columns.find((x) => x.key === key && x.sortable);
  if (!c) throw badInput('Sort.Field', 'is not a sortable column of this report');
  return c;
}

/** The keyset value of a sort column as text (instants in UTC with microseconds, amounts as decimals). */
function sortText(src: ReportSource, c: ReportColumn): SQL {
  return c.kind === 'datetime' ? sql`to_char(${col(src, c.source)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`${col(src, c.source)}::text`;
}

/** `SELECT id AS "Id", <columns AS "Key">, <sort value AS "__sort">`. */
export function selectClause(def: ListReportDef, columns: readonly ReportColumn[], sort?: ReportSort): SQL {
  const src = sourceOf(def);
  const parts = [sql`${col(src, src.id)} AS "Id"`, ...columns.map((c) => sql`${valueOf(src, c)} AS ${sql.identifier(c.key)}`)];
  if (sort) parts.push(sql`${sortText(src, sortColumn(def, sort.Field))} AS ${sql.identifier(SORT_ALIAS)}`);
  return sql`SELECT ${sql.join(parts, sql`, `)}`;
}

/** `ORDER BY sort col, id` in the sort's direction (an index of the source serves it after the scope column). */
export function orderClause(def: ListReportDef, sort: ReportSort): SQL {
  const src = sourceOf(def);
  const c = col(src, sortColumn(def, sort.Field).source);
  const dir = sort.Order === 'desc' ? sql`DESC` : sql`ASC`;
  return sql`ORDER BY ${c} ${dir}, ${col(src, src.id)} ${dir}`;
}

/** A decoded cursor: the sort key it was made for, the last row's sort value (text) and id. */
interface CursorValue {
  k: string;
  v: string;
  id: number;
}

const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const DECIMAL = /^-?\d{1,16}(\.\d{1,2})?$/;
/** A calendar day in a cursor (a `date` sort column, e.g. a settlement date): 'YYYY-MM-DD'. */
const ISO_DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** Opaque cursor after a row: base64url of `{k, v, id}`. */
export function encodeCursor(sort: ReportSort, v: string, id: number): string {
  return Buffer.from(JSON.stringify({ k: sort.Field, v, id })).toString('base64url');
}

/**
 * Reads a cursor back, validated against the request's sort (a forged or foreign cursor is a
 * VAL400 'Cursor', never a database error): same sort key, a value of the column's kind, a
 * positive safe-integer id.
 */
export function decodeCursor(def: ListReportDef, sort: ReportSort, cursor: string): CursorValue {
  try {
    const o = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorValue>;
    const c = sortColumn(def, sort.Field);
    const valueOk =
      typeof o.v === 'string' &&
      (c.kind === 'datetime' ? ISO_US.test(o.v) && !Number.isNaN(Date.parse(o.v)) : c.kind === 'date' ? ISO_DAY_TEXT.test(o.v) && !Number.isNaN(Date.parse(o.v)) : DECIMAL.test(o.v));
    if (o.k === sort.Field && valueOk && Number.isSafeInteger(o.id) && (o.id as number) > 0) return o as CursorValue;
  } catch {
    /* falls through to the error below */
  }
  throw badInput('Cursor', 'is not a cursor from this list');
}

/** The keyset condition "after (v, id)" in the sort's order: a row comparison an index range serves. */
export function afterKey(def: ListReportDef, sort: ReportSort, v: string, id: number): SQL {
  const src = sourceOf(def);
  const c = sortColumn(def, sort.Field);
  const value = c.kind === 'datetime' ? sql`${v}::timestamptz` : c.kind === 'date' ? sql`${v}::date` : sql`${v}::numeric`;
  const cmp = sort.Order === 'desc' ? sql`<` : sql`>`;
  return sql`(${col(src, c.source)}, ${col(src, src.id)}) ${cmp} (${value}, ${id}::bigint)`;
}

/** `WHERE a AND b …` (or nothing). */
export const whereClause = (parts: SQL[]): SQL => (parts.length ? sql`WHERE ${and(parts)}` : sql``);

/** `SELECT count(*) FROM (SELECT 1 … LIMIT limit)`: stops reading at `limit` rows. */
export function cappedCount(def: ListReportDef, conds: SQL[], limit: number): SQL {
  const src = sourceOf(def);
  return sql`SELECT count(*)::int AS "n" FROM (SELECT 1 ${fromClause(src, [])} ${whereClause(conds)} LIMIT ${limit}) AS "capped"`;
}
