/**
 * The PostgreSQL read of a report export: one `COPY (SELECT …) TO STDOUT`
 * in text format whose every field is already the file's text of the cell — instants as MYT
 * `DD-MM-YYYY HH24:MI:SS`, days as `DD-MM-YYYY`, enum codes as their ENUM_LABELS text in the
 * request's language, money as its exact decimal text, NULL as '' — so node only splits lines and
 * fields (and, for XLSX, turns days, times and amounts back into typed cells: export-cells.ts). The SELECT is the
 * declaration-driven one of reports/query.ts (same FROM, conditions and ORDER BY as the keyset
 * path), with its parameters inlined by platform/sql-literal.ts (COPY takes none; why literals:
 * that file). Compared with a cursor it saves node-postgres's row objects and date parsing
 * (~10 µs a row) and a round trip per FETCH, and the server may run it with a parallel plan.
 */
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ENUM_LABELS, type EnumLabelLanguage } from '@paydesk/domain';
import type { ListReportDef, ReportColumn, ReportSort } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { inlineParams, sqlLiteral } from '../platform/sql-literal.ts';
import { fromClause, orderClause, valueOf, whereClause } from './query.ts';
import { sourceOf, type ReportSource } from './sources.ts';

const dialect = new PgDialect();


/** `CASE v::text WHEN 'code' THEN 'label' … ELSE v::text END`: enumLabeller's answer, in SQL. */
function enumLabelSql(v: SQL, list: string, language: EnumLabelLanguage): SQL {
  const prefix = `enum.${list}.`;
  const whens = Object.entries(ENUM_LABELS[language])
    .filter(([k]) => k.startsWith(prefix) && k.length > prefix.length)
    .map(([k, label]) => `WHEN ${sqlLiteral(k.slice(prefix.length))} THEN ${sqlLiteral(label)}`);
  if (whens.length === 0) return sql`coalesce(${v}::text, '')`;
  return sql`(CASE ${v}::text ${sql.raw(whens.join(' '))} ELSE coalesce(${v}::text, '') END)`;
}

/**
 * The SQL text of one cell as the CSV export writes it (export-cells.ts `cellWriter`, which it
 * must match; the XLSX reader turns dates and numbers back into cells): datetime → MYT
 * 'DD-MM-YYYY HH24:MI:SS', date → 'DD-MM-YYYY', enum → its label in `language` (an unknown code
 * as itself), anything else its text; NULL → ''.
 */
export function cellTextSql(src: ReportSource, c: ReportColumn, language: EnumLabelLanguage): SQL {
  const v = valueOf(src, c);
  if (c.kind === 'datetime') return sql`coalesce(to_char(${v} AT TIME ZONE 'Asia/Kuala_Lumpur', 'DD-MM-YYYY HH24:MI:SS'), '')`;
  if (c.kind === 'date') return sql`coalesce(to_char(${v}, 'DD-MM-YYYY'), '')`;
  if (c.kind === 'enum') return enumLabelSql(v, c.enumKey ?? c.key, language);
  return sql`coalesce(${v}::text, '')`;
}

/** `SELECT <cell texts> FROM … WHERE conds ORDER BY sort` (no keyset columns: COPY reads it whole). */
export function exportTextQuery(def: ListReportDef, columns: readonly ReportColumn[], conds: SQL[], sort: ReportSort, language: EnumLabelLanguage): SQL {
  const src = sourceOf(def);
  // Aliased c0…cn so a plain query (read 'text', tests) gets distinct keys; COPY ignores names.
  const cells = columns.map((c, i) => sql`${cellTextSql(src, c, language)} AS ${sql.identifier(`c${i}`)}`);
  return sql`SELECT ${sql.join(cells, sql`, `)} ${fromClause(src, columns)} ${whereClause(conds)} ${orderClause(def, sort)}`;
}

/** `statement` as one text with its parameters inlined, wrapped in COPY … TO STDOUT (text format). */
export function copyStatement(statement: SQL): string {
  const q = dialect.sqlToQuery(statement);
  return `COPY (${inlineParams(q.sql, q.params)}) TO STDOUT`;
}

const COPY_ESCAPE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
/** A field of COPY's text format as its text (`\\`, `\t`, `\n`, `\r`, … undone). */
export const copyField = (f: string): string => (f.includes('\\') ? f.replace(/\\(.)/g, (_, c: string) => COPY_ESCAPE[c] ?? c) : f);

/**
 * Runs `COPY (statement) TO STDOUT` on a pooled connection of its own and yields its rows in
 * order, one array of rows (each the array of its field texts) per network chunk — tens to
 * hundreds of rows, so memory stays flat in the row count (the COPY stream is paused while the
 * consumer works). Stops with `signal.reason` when aborted. The connection is released when the
 * COPY ends; on error, abort or an early stop it is discarded (its socket closed, which ends the
 * server's COPY) rather than returned mid-COPY. Errors: the database's error of the statement.
 */
export async function* copyRows(database: Database, statement: SQL, signal?: AbortSignal): AsyncGenerator<string[][], void, undefined> {
  if (database.kind !== 'postgres') throw new Error('copyRows needs PostgreSQL');
  signal?.throwIfAborted();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  const stream = conn.query(copyTo(copyStatement(statement)));
  let done = false;
  let rest: Buffer | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
      const end = buf.lastIndexOf(0x0a);
      if (end < 0) {
        rest = buf;
        continue;
      }
      rest = end + 1 < buf.length ? buf.subarray(end + 1) : undefined;
      // Split at a line end: a UTF-8 sequence never contains 0x0a, so the text decodes whole.
      const lines = buf.toString('utf8', 0, end).split('\n');
      const rows = new Array<string[]>(lines.length);
      for (let i = 0; i < lines.length; i++) rows[i] = lines[i]!.split('\t');
      yield rows;
    }
    if (rest && rest.length > 0) throw new Error('COPY ended inside a row');
    done = true;
  } finally {
    if (!done) stream.destroy();
    conn.release(done ? undefined : true);
  }
}
