/**
 * Writes docs/queries/workflows/<list>.sql, as scripts/report-queries.ts writes docs/queries/ for
 * the reports: for every list of a record with a lifecycle that is not a report-engine list, the
 * SQL its search function sends for a few representative requests (the first page at each scope
 * that sees the list, the status filter with a keyword, another sort), with its parameters; with
 * DATABASE_URL (PostgreSQL) also the `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)` plan
 * of each statement, as comments, so a reviewer sees every scan.
 *
 *   npm run workflow:queries                           # SQL only (plans left as they are committed)
 *   DATABASE_URL=postgres://… npm run workflow:queries   # SQL + plans from that database
 *
 * The lists (WORKFLOW_LISTS): zone master keys (zmk/read.ts searchZmk), firmware rollouts
 * (firmware/rollout-read.ts searchRollouts), RM applications (rm-application/application.ts
 * searchApplications), payout batches (payout/batch.ts searchPayoutBatches) and every resource
 * declared with a `lifecycle` (engine/crud.ts searchResource: Terminal, PaymentLink). Risk alerts
 * and refund requests are list reports already: docs/queries/RiskAlert.sql and PreChargeback.sql.
 *
 * Each function runs against a recording Query: it keeps every statement's text and parameters
 * and answers no rows (one `{n: 0}` row to a count), so the function completes without a
 * database; the same functions then run with the database's scope ids to explain each statement.
 * The SQL text part must stay current: test/unit/workflow-queries.test.ts regenerates it and
 * compares (plans excluded: they depend on the data).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  PAYOUT_BATCH_STATES, RM_APPLICATION_STATUSES, ROLLOUT_STATUSES, ZMK_STATUSES, type OrgLevel,
} from '@paydesk/domain';
import { RESOURCES, resourceSchemas, type ResourceDef, type ResourceLifecycle } from '@paydesk/contract';
import type { Database, Query } from '../apps/server/src/db/client.ts';
import { searchResource, type EngineContext } from '../apps/server/src/engine/crud.ts';
import { searchRollouts } from '../apps/server/src/modules/firmware/rollout-read.ts';
import { searchPayoutBatches } from '../apps/server/src/modules/payout/batch.ts';
import { searchApplications } from '../apps/server/src/modules/rm-application/application.ts';
import { searchZmk } from '../apps/server/src/modules/zmk/read.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { keepPlans, scopeAt, type Explain } from './report-queries.ts';

const OUT = new URL('../docs/queries/workflows/', import.meta.url);

/** A fixed clock for the resource engine's context: the file is the same on every run. */
const AS_OF = '2026-11-24T23:59:59.999+08:00';

/** One statement a list function sent: its text and positional parameters. */
export interface Statement {
  text: string;
  params: unknown[];
}

/** A representative request of a list: a title, the caller's scope level and the call. */
export interface WorkflowCase {
  title: string;
  /** The caller's organization level; null: a platform SUPERADMIN. */
  level: OrgLevel | null;
  /**
   * The request's own values (a keyword, a status): each must reach the database as a parameter
   * and never appear in a statement's text (the test's parameterization check).
   */
  values: readonly string[];
  run: (q: Query, scope: Scope) => Promise<unknown>;
}

/** A list of records with a lifecycle: its file name, what serves it, the table that grows, its cases. */
export interface WorkflowList {
  /** The file docs/queries/workflows/<name>.sql. */
  name: string;
  /** The function and route that serve the list (the file's header). */
  servedBy: string;
  /** The table whose size the plans depend on (its row count labels them). */
  table: string;
  cases: readonly WorkflowCase[];
}

/** A keyword no demo name contains, so it is found only where it was put: in the parameters. */
const KEYWORD = 'Kedai Zeta';
const MERCHANT: OrgLevel = 'MERCHANT_HQ';
const page1 = { pageIndex: 1, rowsPerPage: 20 };

/** The hand-written lists: each is platform-only (seesKeys, seesFirmware) or scoped by the organization path. */
const HAND_WRITTEN: readonly WorkflowList[] = [
  {
    name: 'ZmkKey',
    servedBy: 'searchZmk (apps/server/src/modules/zmk/read.ts), POST /api/portal/Zmk/Search; platform SUPERADMIN only (seesKeys: others get no statement)',
    table: 'zmk_keys',
    cases: [
      { title: 'Search · SUPERADMIN · first page', level: null, values: [], run: (q, s) => searchZmk(q, s, { keyword: '', ...page1 }) },
      { title: `Search · SUPERADMIN · status ${ZMK_STATUSES[0]} + keyword`, level: null, values: [ZMK_STATUSES[0], KEYWORD], run: (q, s) => searchZmk(q, s, { keyword: KEYWORD, status: ZMK_STATUSES[0], ...page1 }) },
      { title: 'Search · SUPERADMIN · sorted by Name asc', level: null, values: [], run: (q, s) => searchZmk(q, s, { keyword: '', ...page1, sort: { Field: 'Name', Order: 'asc' } }) },
    ],
  },
  {
    name: 'FirmwareRollout',
    servedBy: 'searchRollouts (apps/server/src/modules/firmware/rollout-read.ts), POST /api/portal/FirmwareRollout/Search; platform SUPERADMIN only (seesFirmware: others get no statement)',
    table: 'firmware_rollouts',
    cases: [
      { title: 'Search · SUPERADMIN · first page', level: null, values: [], run: (q, s) => searchRollouts(q, s, { keyword: '', ...page1 }) },
      { title: `Search · SUPERADMIN · status ${ROLLOUT_STATUSES[0]} + keyword`, level: null, values: [ROLLOUT_STATUSES[0], KEYWORD], run: (q, s) => searchRollouts(q, s, { keyword: KEYWORD, status: ROLLOUT_STATUSES[0], ...page1 }) },
      { title: 'Search · SUPERADMIN · sorted by Status asc', level: null, values: [], run: (q, s) => searchRollouts(q, s, { keyword: '', ...page1, sort: { Field: 'Status', Order: 'asc' } }) },
    ],
  },
  {
    name: 'RmApplication',
    servedBy: 'searchApplications (apps/server/src/modules/rm-application/application.ts), POST /api/portal/TPA/RmApplication/Search; scoped by the organization path ($1, null for the platform)',
    table: 'rm_applications',
    cases: [
      { title: 'Search · SUPERADMIN · first page', level: null, values: [], run: (q, s) => searchApplications(q, s, { keyword: '', ...page1 }) },
      { title: `Search · ${MERCHANT} · first page`, level: MERCHANT, values: [], run: (q, s) => searchApplications(q, s, { keyword: '', ...page1 }) },
      { title: `Search · ${MERCHANT} · status ${RM_APPLICATION_STATUSES[1]} + keyword`, level: MERCHANT, values: [RM_APPLICATION_STATUSES[1], KEYWORD], run: (q, s) => searchApplications(q, s, { keyword: KEYWORD, status: RM_APPLICATION_STATUSES[1], ...page1 }) },
      { title: 'Search · SUPERADMIN · sorted by SubmittedAt desc', level: null, values: [], run: (q, s) => searchApplications(q, s, { keyword: '', ...page1, sort: { Field: 'SubmittedAt', Order: 'desc' } }) },
    ],
  },
  {
    name: 'PayoutBatch',
    servedBy: 'searchPayoutBatches (apps/server/src/modules/payout/batch.ts), POST /api/portal/Payout/Batch/Search; platform-only (no scope: the permission payoutreport:batch decides), newest first, no keyword or sort',
    table: 'payout_batches',
    cases: [
      { title: 'Search · SUPERADMIN · first page', level: null, values: [], run: (q) => searchPayoutBatches(q, page1) },
      { title: `Search · SUPERADMIN · state ${PAYOUT_BATCH_STATES[0]}`, level: null, values: [PAYOUT_BATCH_STATES[0]], run: (q) => searchPayoutBatches(q, { state: PAYOUT_BATCH_STATES[0], ...page1 }) },
      { title: 'Search · SUPERADMIN · page 3', level: null, values: [], run: (q) => searchPayoutBatches(q, { pageIndex: 3, rowsPerPage: 20 }) },
    ],
  },
];

/** The resource engine's context around a query function (no request; the fixed clock). */
const engineContext = (q: Query): EngineContext => ({
  database: { kind: 'postgres', query: q } as unknown as Database,
  fieldKey: new Uint8Array(32),
  req: null,
  now: () => new Date(AS_OF),
});

/**
 * The cases of a resource with a lifecycle, from its declaration: the first page at SUPERADMIN
 * and at a merchant HQ, the lifecycle's first two states with a keyword at the merchant HQ, and
 * the most recently changed first (UpdatedAt, a system column every resource sorts by).
 */
function resourceList(def: ResourceDef, lc: ResourceLifecycle): WorkflowList {
  const search = (request: Record<string, unknown>) => resourceSchemas(def).search.parse(request);
  const run = (request: Record<string, unknown>) => (q: Query, s: Scope) => searchResource(engineContext(q), def, s, search(request));
  const states = lc.machine.states.slice(0, 2);
  return {
    name: def.name,
    servedBy: `searchResource (apps/server/src/engine/crud.ts), POST /api/portal/${def.name}/Search; ${def.scope === 'owned' ? `owned (the owner's subtree${def.ownerLevels ? ` at ${def.ownerLevels.join(', ')}` : ''})` : 'platform'}; default sort ${def.defaultSort.Field} ${def.defaultSort.Order}`,
    table: def.table,
    cases: [
      { title: 'Search · SUPERADMIN · first page', level: null, values: [], run: run({}) },
      { title: `Search · ${MERCHANT} · first page`, level: MERCHANT, values: [], run: run({}) },
      {
        title: `Search · ${MERCHANT} · ${lc.field} ${states.join(', ')} + keyword`,
        level: MERCHANT,
        values: [...states, KEYWORD],
        run: run({ SearchData: { [lc.field]: states, Keyword: KEYWORD } }),
      },
      { title: 'Search · SUPERADMIN · sorted by UpdatedAt desc', level: null, values: [], run: run({ Sort: { Field: 'UpdatedAt', Order: 'desc' } }) },
    ],
  };
}

/** Every workflow list whose SQL docs/queries/workflows/ holds: the hand-written ones, then the resources with a lifecycle. */
export const WORKFLOW_LISTS: readonly WorkflowList[] = [...HAND_WRITTEN, ...RESOURCES.flatMap((d) => (d.lifecycle ? [resourceList(d, d.lifecycle)] : []))];

/**
 * The statements case `c` sends for a caller at `scope`, in order, through a recording Query: a
 * count (`SELECT count(*)…`) answers `[{n: 0}]`, anything else no rows. Throws what the list
 * function throws (a request its schema refuses).
 */
export async function recordStatements(c: WorkflowCase, scope: Scope): Promise<Statement[]> {
  const seen: Statement[] = [];
  const q = (async (text: string, params?: unknown[]) => {
    // A copy: the resource engine goes on adding to the array it passed (the page's LIMIT and OFFSET after the count).
    seen.push({ text, params: [...(params ?? [])] });
    return /^\s*SELECT count\(\*\)/i.test(text) ? [{ n: 0 }] : [];
  }) as Query;
  await c.run(q, scope);
  return seen;
}

/** Per level the organization (id, materialized path) a plan's scope is at. */
export type ScopeOrgs = Partial<Record<OrgLevel, { id: number; path: string }>>;

/** The scope of a case at `level`: placeholder ids (1) unless the database supplied the organization. */
function scopeOf(level: OrgLevel | null, orgs?: ScopeOrgs): Scope {
  const org = level ? orgs?.[level] : undefined;
  return org ? { ...scopeAt(level, org.id), orgPath: org.path } : scopeAt(level);
}

/**
 * Readable SQL: whitespace outside quotes collapsed; FROM, each JOIN, WHERE, ORDER BY and LIMIT
 * on a line of their own and each AND on an indented line — at the top level only, so a
 * subquery in parentheses stays on its line (the hand-written lists select scalar subqueries).
 */
export function prettySql(text: string): string {
  let out = '';
  let depth = 0;
  let quote: string | null = null;
  const src = text.trim();
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (/\s/.test(ch)) {
      if (!out.endsWith(' ') && !out.endsWith('\n')) out += ' ';
      continue;
    }
    if (depth === 0 && out.endsWith(' ') && ch !== ' ') {
      const keyword = /^(LEFT JOIN|JOIN|FROM|WHERE|ORDER BY|LIMIT|AND)\s/.exec(src.slice(i))?.[1];
      if (keyword) {
        out = `${out.slice(0, -1)}${keyword === 'AND' ? '\n  ' : '\n'}${keyword}`;
        i += keyword.length - 1;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

/** What explaining needs: the runner, the organizations the scoped cases run at, and a label of the database. */
export interface WorkflowExplain {
  run: Explain;
  orgs: ScopeOrgs;
  /** The plan label of a list (the database and its table's size). */
  label: (list: WorkflowList) => string;
}

/**
 * The file of one list: a header, then per case and statement its title, parameters and SQL
 * ending with `;`; with `explain` each followed by its plan as `-- plan …` comment lines.
 * Throws when a case sends a different number of statements at the database's scope.
 */
export async function renderWorkflowQueries(list: WorkflowList, explain?: WorkflowExplain): Promise<string> {
  const out: string[] = [
    `-- ${list.name}: the SQL the list sends (generated by scripts/workflow-queries.ts; do not edit).`,
    `-- Served by ${list.servedBy}${list.cases.some((c) => c.level) ? "; org paths are $-parameters ('/1/' here)" : ''}.`,
    '',
  ];
  for (const c of list.cases) {
    const statements = await recordStatements(c, scopeOf(c.level));
    const real = explain ? await recordStatements(c, scopeOf(c.level, explain.orgs)) : [];
    if (explain && real.length !== statements.length) throw new Error(`${list.name} · ${c.title}: ${real.length} statements at the database's scope, ${statements.length} at the placeholder's`);
    for (const [i, st] of statements.entries()) {
      out.push(`-- ${c.title} · statement ${i + 1} of ${statements.length}`, `-- params: ${JSON.stringify(st.params)}`, `${prettySql(st.text)};`);
      const r = real[i];
      if (explain && r) {
        const plan = await explain.run(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${r.text}`, r.params);
        const org = c.level ? explain.orgs[c.level] : undefined;
        out.push(`-- plan (${explain.label(list)}${c.level ? `, ${c.level} org ${org?.id ?? 1}` : ''}):`, ...plan.map((l) => `--   ${l}`));
      }
      out.push('');
    }
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const url = process.env.DATABASE_URL;
  let explain: WorkflowExplain | undefined;
  let close = async () => {};
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    close = async () => {
      await pool.end();
    };
    // The merchant HQ with the most terminals and payment links in its subtree: the scoped plans read real rows.
    const { rows: hq } = await pool.query<{ id: number; path: string }>(
      `SELECT o.id, o.path FROM organizations o WHERE o.level = 'MERCHANT_HQ'
       ORDER BY (SELECT count(*) FROM terminals t JOIN organizations x ON x.id = t.org_id WHERE x.path LIKE o.path || '%')
              + (SELECT count(*) FROM payment_links l JOIN organizations x ON x.id = l.org_id WHERE x.path LIKE o.path || '%') DESC, o.id
       LIMIT 1`,
    );
    const orgs: ScopeOrgs = hq[0] ? { MERCHANT_HQ: { id: Number(hq[0].id), path: hq[0].path } } : {};
    const sizes = new Map<string, number>();
    for (const list of WORKFLOW_LISTS) {
      // The table names are the declarations' (static code), never input.
      const [{ n }] = (await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${list.table}`)).rows as [{ n: string }];
      sizes.set(list.table, Number(n));
    }
    const db = new URL(url).pathname.slice(1);
    const run: Explain = async (text, params) => (await pool.query<{ 'QUERY PLAN': string }>(text, params)).rows.map((r) => r['QUERY PLAN']);
    explain = { run, orgs, label: (list) => `${db}, ${(sizes.get(list.table) ?? 0).toLocaleString('en')} ${list.table}` };
    console.log(`explaining on ${db}${hq[0] ? `, ${MERCHANT} org ${hq[0].id}` : ''}`);
  }
  try {
    for (const list of WORKFLOW_LISTS) {
      const file = new URL(`${list.name}.sql`, OUT);
      const fresh = await renderWorkflowQueries(list, explain);
      writeFileSync(file, explain || !existsSync(file) ? fresh : keepPlans(readFileSync(file, 'utf8'), fresh));
      console.log(`docs/queries/workflows/${list.name}.sql: ${list.cases.length} cases${explain ? ' with plans' : ''}`);
    }
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
