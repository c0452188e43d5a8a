/**
 * Writes docs/queries/<report>.sql (after immich's `queries/*.sql`): for every
 * declared list report and a representative set of requests (no filter, 30 days, status + method,
 * TxnRefNo prefix, last 4, amount range, a cursor page, totals, export, detail, and the first page
 * at each scope level) the SQL the report engine emits, with its parameters; for every summary
 * report (the sales reports) the statements runSummary sends for its first answer at each scope
 * level, a year by month, and each grouping at a merchant HQ; with DATABASE_URL
 * (PostgreSQL) also the `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)` plan of each, as comments, so a
 * reviewer sees every scan.
 *
 *   npm run report:queries                         # SQL only (plans left as they are committed)
 *   DATABASE_URL=postgres://… npm run report:queries   # SQL + plans from that database
 *
 * The SQL text part must stay current: test/unit/report-queries.test.ts regenerates it and
 * compares (plans excluded: they depend on the data).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { GroupType, OrgLevel } from '@paydesk/domain';
import {
  LIST_REPORTS, REPORT_COUNT_CAP, SUMMARY_REPORTS, reportDetailColumns, reportRowColumns,
  type ListReportDef, type ReportFilter, type ReportSearchData, type ReportSort, type SummaryReportDef, type SummaryRequest,
} from '@paydesk/contract';
import { SUMMARY_READ_OPTIONS, type Database } from '../apps/server/src/db/client.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { runSummary } from '../apps/server/src/reports/summary-executor.ts';
import { detailLinesQuery, pageQuery, totalsQuery } from '../apps/server/src/reports/executor.ts';
import { exportColumns } from '../apps/server/src/reports/export.ts';
import { afterKey, cappedCount, fromClause, reportConditions, selectClause, whereClause } from '../apps/server/src/reports/query.ts';
import { col, sourceOf } from '../apps/server/src/reports/sources.ts';
import { relatedStatements } from '../apps/server/src/reports/related/index.ts';

const dialect = new PgDialect();
const OUT = new URL('../docs/queries/', import.meta.url);

/** The scope levels a case runs at; org ids are placeholders (1) unless a database supplies real ones. */
const LEVELS: readonly (OrgLevel | null)[] = [null, 'MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'];

/** A caller at `level` (null: a platform SUPERADMIN) of organization `orgId`, its path `/orgId/`; no permissions. */
export function scopeAt(level: OrgLevel | null, orgId = 1): Scope {
  const groupType = (level ?? 'SUPERADMIN') as GroupType;
  return { userId: 1, email: 'queries@paydesk.my', sessionId: 'queries', membershipId: 1, groupType, orgId: level ? orgId : null, orgLevel: level, orgPath: level ? `/${orgId}/` : null, permissions: new Set() };
}

/** A fixed "as of" so the file is the same on every run: 30 days up to 24 Nov 2026 MYT. */
const AS_OF = '2026-11-24T23:59:59.999+08:00';
const DAYS_30 = '2026-10-26T00:00:00.000+08:00';

interface QueryCase {
  title: string;
  level: OrgLevel | null;
  statement: (def: ListReportDef, scope: Scope) => SQL;
}

const sortOf = (def: ListReportDef, key?: string, order?: 'asc' | 'desc'): ReportSort => ({ Field: key ?? def.defaultSort.key, Order: order ?? def.defaultSort.order });
const page = (f: ReportSearchData, sort?: (def: ListReportDef) => ReportSort) => (def: ListReportDef, scope: Scope) =>
  pageQuery(def, reportRowColumns(def), reportConditions(def, scope, f), sort ? sort(def) : sortOf(def), 21);
const count = (f: ReportSearchData) => (def: ListReportDef, scope: Scope) => cappedCount(def, reportConditions(def, scope, f), REPORT_COUNT_CAP + 1);
const has = (def: ListReportDef, kind: string, key?: string) => def.filters.some((f) => f.kind === kind && (!key || ('key' in f && f.key === key)));

/** The cases of a report (only those its filters and columns allow). */
function casesOf(def: ListReportDef): QueryCase[] {
  const cases: QueryCase[] = [];
  const both = (title: string, level: OrgLevel | null, f: ReportSearchData) => {
    cases.push({ title: `Search page · ${title}`, level, statement: page(f) });
    cases.push({ title: `Search capped count · ${title}`, level, statement: count(f) });
  };
  for (const level of LEVELS) both(`${level ?? 'SUPERADMIN'} · no filter`, level, {});
  const mm: OrgLevel = 'MERCHANT_HQ';
  if (has(def, 'dateRange')) both(`${mm} · last 30 days`, mm, { DateFrom: DAYS_30, DateTo: AS_OF });
  if (has(def, 'enum', 'Status') && has(def, 'enum', 'PaymentMethod')) {
    both('SUPERADMIN · status + method', null, { Status: ['SUCCESS'], PaymentMethod: ['FPX_B2C'] });
    both(`MASTER_MERCHANT · status + method`, 'MASTER_MERCHANT', { Status: ['FAILED', 'VOID'], PaymentMethod: ['HOSTED_CARD'] });
  } else if (has(def, 'enum', 'Status')) {
    both('SUPERADMIN · status', null, { Status: ['SUCCESS'] });
    both(`MASTER_MERCHANT · status`, 'MASTER_MERCHANT', { Status: ['FAILED', 'VOID'] });
  } else {
    // A report without a status filter: its first enum filter, with its own first values.
    const e = def.filters.find((f): f is Extract<ReportFilter, { kind: 'enum' }> => f.kind === 'enum');
    if (e) {
      both(`SUPERADMIN · ${e.key}`, null, { [e.key]: [e.values[0]!] });
      both(`MASTER_MERCHANT · ${e.key}`, 'MASTER_MERCHANT', { [e.key]: e.values.slice(0, 2) });
    }
  }
  // The terminal views' codes: one exact TID (the terminal index reads it) and one batch.
  if (has(def, 'code', 'TID')) both('SUPERADMIN · TID', null, { TID: '60002662' });
  if (has(def, 'code', 'BatchNo')) both(`${mm} · batch number`, mm, { BatchNo: '000292' });
  if (has(def, 'code', 'TxnRefNo')) both('SUPERADMIN · TxnRefNo prefix', null, { TxnRefNo: 'PD2608273940' });
  if (has(def, 'code', 'Last4')) both(`${mm} · last 4`, mm, { Last4: '4242' });
  if (has(def, 'moneyRange')) both(`${mm} · amount range`, mm, { AmountMin: '100.00', AmountMax: '250.00' });
  // A desk's "my queue" and its unassigned work (the caller is user 1 in these statements).
  const assignee = def.filters.find((f) => f.kind === 'assignee');
  if (assignee) {
    both('SUPERADMIN · my queue', null, { [assignee.key]: 'ME' });
    both('SUPERADMIN · unassigned', null, { [assignee.key]: 'NOBODY' });
  }
  for (const c of def.columns.filter((x) => x.sortable)) {
    for (const level of [null, mm] as const) {
      cases.push({
        title: `Search cursor page · ${level ?? 'SUPERADMIN'} · sorted by ${c.key} desc`,
        level,
        statement: (d, scope) => {
          const sort = sortOf(d, c.key, 'desc');
          const value = c.kind === 'datetime' ? '2026-11-20T04:00:00.000000Z' : '150.00';
          return pageQuery(d, reportRowColumns(d), [...reportConditions(d, scope, {}), afterKey(d, sort, value, 1_000_000)], sort, 21);
        },
      });
    }
  }
  if (has(def, 'currency')) cases.push({ title: `Totals · ${mm} · MYR, last 30 days`, level: mm, statement: (d, scope) => totalsQuery(d, reportConditions(d, scope, { Currency: 'MYR', DateFrom: DAYS_30, DateTo: AS_OF })) });
  cases.push({ title: `Export (read in batches: a cursor on PostgreSQL) · ${mm} · no filter`, level: mm, statement: (d, scope) => pageQuery(d, exportColumns(d), reportConditions(d, scope, {}), sortOf(d)) });
  cases.push({
    title: `Get · ${mm}`,
    level: mm,
    statement: (d, scope) => {
      const src = sourceOf(d);
      const columns = reportDetailColumns(d);
      return sql`${selectClause(d, columns)} ${fromClause(src, columns)} ${whereClause([sql`${col(src, src.id)} = ${1_000_000}`, ...reportConditions(d, scope, {})])}`;
    },
  });
  // The detail's related sections: each statement a Get may run after the row.
  relatedStatements(def, scopeAt(mm)).forEach(({ title }, i) =>
    cases.push({ title: `Get related · ${title} · ${mm}`, level: mm, statement: (d, scope) => relatedStatements(d, scope)[i]!.statement }),
  );
  const lines = def.detailLines;
  if (lines) cases.push({ title: `Get · detail lines (${lines.source}, after the record was found in scope)`, level: mm, statement: () => detailLinesQuery(lines, 1_000_000) });
  return cases;
}

/** A summary report's case: a request at a scope level. */
interface SummaryCase {
  title: string;
  level: OrgLevel | null;
  request: SummaryRequest;
}

const YEAR = '2025-11-25T00:00:00.000+08:00';

/** The cases of a summary report: its first answer at every level, a year by month, each grouping at a merchant HQ. */
function summaryCasesOf(def: SummaryReportDef): SummaryCase[] {
  const days30 = { DateFrom: DAYS_30, DateTo: AS_OF };
  const cases: SummaryCase[] = LEVELS.map((level) => ({
    title: `Summary · ${level ?? 'SUPERADMIN'} · last 30 days by ${def.defaultPeriod}, ${def.defaultGroupBy ?? 'no grouping'} (the first answer)`,
    level,
    request: { SearchData: days30, Period: def.defaultPeriod, GroupBy: def.defaultGroupBy },
  }));
  cases.push({ title: `Summary · SUPERADMIN · last year by month, ${def.defaultGroupBy ?? 'no grouping'}`, level: null, request: { SearchData: { DateFrom: YEAR, DateTo: AS_OF }, Period: 'month', GroupBy: def.defaultGroupBy } });
  for (const d of def.dimensions) {
    if (d.key !== def.defaultGroupBy) cases.push({ title: `Summary · MERCHANT_HQ · last 30 days by ${def.defaultPeriod}, by ${d.key}`, level: 'MERCHANT_HQ', request: { SearchData: days30, Period: def.defaultPeriod, GroupBy: d.key } });
  }
  return cases;
}

/** A scope whose materialized path places it at its level (summaries read the ancestors from it): ids 1…n unless given. */
function summaryScope(level: OrgLevel | null, org?: { id: number; path: string }): Scope {
  const n = level ? LEVELS.indexOf(level) : 0;
  const path = org?.path ?? `/${Array.from({ length: n }, (_, i) => i + 1).join('/')}/`;
  return { ...scopeAt(level, org?.id ?? n), orgPath: level ? path : null };
}

/**
 * The statements runSummary sends for `req`: through `db` when given (its answers feed the next
 * step), else recorded with empty answers (the executor then stops at the missing totals row,
 * after the statements of interest). The org-name lookup of an org grouping depends on the rows
 * found and is left out, so both ways list the same statements.
 */
async function summaryStatements(def: SummaryReportDef, scope: Scope, req: SummaryRequest, db?: Database): Promise<{ text: string; params: unknown[] }[]> {
  const seen: { text: string; params: unknown[] }[] = [];
  const query = (async (text: string, params?: unknown[]) => {
    if (!text.startsWith('SELECT id, name FROM organizations')) seen.push({ text, params: params ?? [] });
    return db ? db.query(text, params) : [];
  }) as Database['query'];
  // On real data a wide question may be refused after its reads (VAL400: more than SUMMARY_MAX_ROWS rows): its statements still ran.
  await runSummary({ ...(db ?? { kind: 'postgres' }), query, summaryRead: query } as Database, def, scope, req, Date.parse(AS_OF)).catch((e: unknown) => {
    if (db && (e as { code?: string }).code !== 'VAL400') throw e;
  });
  return seen;
}

/** The file of one summary report (see renderReportQueries). */
export async function renderSummaryQueries(def: SummaryReportDef, explain?: { runSummary: Explain; orgs: SummaryOrgs; label: string; db: Database }): Promise<string> {
  const out: string[] = [
    `-- ${def.name} (${def.path}): the SQL the summary report engine emits (generated by scripts/report-queries.ts; do not edit).`,
    `-- Source ${def.source}, where ${JSON.stringify(def.where)}, groupings ${def.dimensions.map((d) => d.key).join(', ')}; org ids are $-parameters (1…5 here).`,
    '',
  ];
  for (const c of summaryCasesOf(def)) {
    const statements = await summaryStatements(def, summaryScope(c.level), c.request);
    const real = explain ? await summaryStatements(def, summaryScope(c.level, c.level ? explain.orgs[c.level] : undefined), c.request, explain.db) : [];
    for (const [i, st] of statements.entries()) {
      out.push(`-- ${c.title} · statement ${i + 1} of ${statements.length}`, `-- params: ${JSON.stringify(st.params)}`, `${st.text.replace(/\n\s*\n/g, '\n').trim()};`);
      const r = real[i];
      if (explain && r) {
        const plan = await explain.runSummary(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${r.text}`, r.params);
        out.push(`-- plan (${explain.label}${c.level ? `, ${c.level} org ${explain.orgs[c.level]?.id ?? 1}` : ''}):`, ...plan.map((l) => `--   ${l}`));
      }
      out.push('');
    }
  }
  return out.join('\n');
}

/** Per level the busiest organization's id and path, for meaningful summary plans. */
export type SummaryOrgs = Partial<Record<OrgLevel, { id: number; path: string }>>;

/** Any database query runner (pg Pool.query-shaped). */
export type Explain = (text: string, params: unknown[]) => Promise<string[]>;

/** One org id per level from the database (the busiest org of each level), for meaningful plans. */
export type OrgIds = Partial<Record<OrgLevel, number>>;

/** Readable SQL: one clause per line. */
const pretty = (text: string) => text.replace(/\s+/g, ' ').replace(/ (FROM|LEFT JOIN|WHERE|ORDER BY|LIMIT) /g, '\n$1 ').replace(/ AND /g, '\n  AND ').trim();

/** Every `-- plan` comment block (and what follows it up to the next blank line) removed: the SQL text part. */
export const sqlTextPart = (file: string) => file.replace(/^-- plan[^\n]*\n(?:--[^\n]*\n)*/gm, '');

/**
 * The file of one report: a header, then per case its title, parameters and SQL; with `explain`
 * each followed by its plan as `-- plan …` comment lines.
 */
export async function renderReportQueries(def: ListReportDef, explain?: { run: Explain; orgIds: OrgIds; label: string }): Promise<string> {
  const out: string[] = [
    `-- ${def.name} (${def.path}): the SQL the report engine emits (generated by scripts/report-queries.ts; do not edit).`,
    `-- Source ${def.source}, where ${JSON.stringify(def.where)}, sorts ${def.columns.filter((c) => c.sortable).map((c) => c.key).join(', ')}; org ids are $-parameters (1 here).`,
    '',
  ];
  for (const c of casesOf(def)) {
    const q = dialect.sqlToQuery(c.statement(def, scopeAt(c.level)));
    out.push(`-- ${c.title}`, `-- params: ${JSON.stringify(q.params)}`, `${pretty(q.sql)};`);
    if (explain) {
      const real = dialect.sqlToQuery(c.statement(def, scopeAt(c.level, c.level ? (explain.orgIds[c.level] ?? 1) : 1)));
      const plan = await explain.run(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${real.sql}`, real.params);
      out.push(`-- plan (${explain.label}${c.level ? `, ${c.level} org ${explain.orgIds[c.level] ?? 1}` : ''}):`, ...plan.map((l) => `--   ${l}`));
    }
    out.push('');
  }
  return out.join('\n');
}

/**
 * `fresh` with the committed plans of `previous` put back, each after the block whose title line
 * (the block's first line) it followed: regenerating without a database keeps the plans.
 */
export function keepPlans(previous: string, fresh: string): string {
  const plans = new Map<string, string>();
  for (const block of previous.split('\n\n')) {
    const title = block.split('\n')[0] ?? '';
    const plan = block.match(/^-- plan[^\n]*\n(?:--[^\n]*\n?)*/m)?.[0];
    if (plan) plans.set(title, plan.endsWith('\n') ? plan : `${plan}\n`);
  }
  return fresh
    .split('\n\n')
    .map((block) => {
      const plan = plans.get(block.split('\n')[0] ?? '');
      // The file's last block ends with its newline: the plan goes before it, not after a blank line.
      return plan && block.trim() ? `${block.replace(/\n+$/, '')}\n${plan.trimEnd()}${block.endsWith('\n') ? '\n' : ''}` : block;
    })
    .join('\n\n');
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const url = process.env.DATABASE_URL;
  // One description of the database for both renderers: list cases use orgIds, summary cases orgs and db.
  let explain: { run: Explain; runSummary: Explain; orgIds: OrgIds; orgs: SummaryOrgs; label: string; db: Database } | undefined;
  let close = async () => {};
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    // The summary reads' own session settings (db/client.ts summaryRead), so their plans are the ones shown.
    const summaryPool = new pg.Pool({ connectionString: url, max: 1, options: SUMMARY_READ_OPTIONS });
    close = async () => {
      await Promise.all([pool.end(), summaryPool.end()]);
    };
    const [{ n }] = (await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM transactions')).rows as [{ n: string }];
    const orgIds: OrgIds = {};
    const busiest = await pool.query<{ level: OrgLevel; id: number }>(
      `SELECT DISTINCT ON (level) level, id FROM (
         SELECT 'MASTER_MERCHANT' AS level, master_merchant_id AS id, count(*) AS n FROM transactions GROUP BY 2
         UNION ALL SELECT 'AGENCY', agency_id, count(*) FROM transactions GROUP BY 2
         UNION ALL SELECT 'AGENT', agent_id, count(*) FROM transactions GROUP BY 2
         UNION ALL SELECT 'MERCHANT_HQ', merchant_id, count(*) FROM transactions GROUP BY 2
         UNION ALL SELECT 'MERCHANT_BRANCH', branch_id, count(*) FROM transactions WHERE branch_id IS NOT NULL GROUP BY 2
       ) s ORDER BY level, n DESC`,
    );
    for (const r of busiest.rows) orgIds[r.level] = Number(r.id);
    const label = `${new URL(url).pathname.slice(1)}, ${Number(n).toLocaleString('en')} transactions`;
    const paths = await pool.query<{ id: number; path: string }>('SELECT id, path FROM organizations WHERE id = ANY($1::int[])', [Object.values(orgIds)]);
    const orgs: SummaryOrgs = {};
    for (const [level, id] of Object.entries(orgIds)) orgs[level as OrgLevel] = { id, path: paths.rows.find((r) => Number(r.id) === id)!.path };
    const db = { kind: 'postgres', query: async (text: string, params?: unknown[]) => (await pool.query(text, params)).rows } as unknown as Database;
    const run: Explain = async (text, params) => (await pool.query<{ 'QUERY PLAN': string }>(text, params)).rows.map((r) => r['QUERY PLAN']);
    const runSummary: Explain = async (text, params) => (await summaryPool.query<{ 'QUERY PLAN': string }>(text, params)).rows.map((r) => r['QUERY PLAN']);
    explain = { run, runSummary, orgIds, orgs, label, db };
    console.log(`explaining on ${label}`);
  }
  /** Writes docs/queries/<name>.sql: fresh with plans, else the fresh SQL keeping the committed plans. */
  const write = (name: string, fresh: string, planned: boolean, what: string) => {
    const file = new URL(`${name}.sql`, OUT);
    writeFileSync(file, planned || !existsSync(file) ? fresh : keepPlans(readFileSync(file, 'utf8'), fresh));
    console.log(`docs/queries/${name}.sql: ${what}${planned ? ' with plans' : ''}`);
  };
  try {
    for (const def of LIST_REPORTS) write(def.name, await renderReportQueries(def, explain), Boolean(explain), `${casesOf(def).length} statements`);
    for (const def of SUMMARY_REPORTS) write(def.name, await renderSummaryQueries(def, explain), Boolean(explain), `${summaryCasesOf(def).length} cases`);
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
