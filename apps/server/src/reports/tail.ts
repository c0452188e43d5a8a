/**
 * The live tail of a list report that declares `liveTail` (the §2 log screens, issue 30 item 4):
 * the rows stored after the tail opened that match the list's filters, inside the caller's scope,
 * as server-sent events. Polled from the database every TAIL_POLL_MS, so a row written by any
 * process (the portal, a job runner, the OTLP ingest) shows, not only this process's.
 *
 * "Stored after" is read by the id (a sequence, so in insertion order): the tail starts after the
 * newest id in the last TAIL_WINDOW_MS (or after `After`, the last event id of the stream before,
 * so a reconnecting client misses nothing), and each poll reads `id > cursor` among the rows of
 * the last TAIL_WINDOW_MS — the window keeps the read on the day partition's primary key. An entry
 * stamped (`at`) more than the window before it was stored is not tailed; it is in the list.
 *
 * Events: `open` (data `{At}`, the server's clock), `entries` (data: rows as the Search answers
 * them, oldest first; `id:` the cursor), `: keep-alive` comments, and `end` when `Seconds` ran
 * out (the web opens the next stream with `After`). A filter the list would refuse is refused
 * here (VAL400) before the first byte.
 */
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { reportRowColumns, type ListReportDef, type ReportTailRequest } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { run, toApiRow } from './executor.ts';
import { forAudience, fromClause, reportConditions, selectClause, whereClause } from './query.ts';
import { col, sourceOf } from './sources.ts';

/** How often the tail reads the store (ms): with the log store's 250 ms flush, a row shows within about a second. */
export const TAIL_POLL_MS = 500;
/** How far back from now a poll reads (ms). */
export const TAIL_WINDOW_MS = 60_000;
/** Rows per event at most; more wait for the next poll (read at once, not held). */
export const TAIL_BATCH = 500;
/** A comment this often keeps proxies from closing a quiet stream (ms). */
const KEEP_ALIVE_MS = 15_000;

/** One server-sent event's text. */
const event = (name: string, data: unknown, id?: string): string => `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Opens the tail of `def` for `scope`: checks the filters (VAL400 naming the field, thrown here,
 * before any byte) and answers the stream of its events, which ends after `req.Seconds`
 * (0: one read) or when `signal` aborts (the client left, the server closes). `now` is ms UTC.
 */
export async function openTail(database: Database, signal: AbortSignal, def: ListReportDef, scope: Scope, req: ReportTailRequest, now: () => number = Date.now): Promise<Readable> {
  if (!def.liveTail) throw new Error(`report ${def.name} declares no live tail`);
  // A tail starts now: the list's date range does not apply.
  const conds = reportConditions(def, scope, { ...req.SearchData, DateFrom: undefined, DateTo: undefined });
  const src = sourceOf(def);
  const at = col(src, def.dateColumn);
  const id = col(src, src.id);
  const columns = forAudience(scope, reportRowColumns(def));
  const since = () => sql`${at} >= ${new Date(now() - TAIL_WINDOW_MS).toISOString()}::timestamptz`;
  let cursor = req.After ?? (await newestId(database, def, [...conds, since()]));
  const read = async (): Promise<string | null> => {
    const statement: SQL = sql`${selectClause(def, columns)} ${fromClause(src, columns)} ${whereClause([...conds, since(), sql`${id} > ${cursor}`])} ORDER BY ${id} LIMIT ${TAIL_BATCH}`;
    const rows = await run(database, statement);
    if (!rows.length) return null;
    cursor = String(rows[rows.length - 1]!.Id);
    return event('entries', rows.map((r) => toApiRow(columns, r)), cursor);
  };
  const deadline = now() + req.Seconds * 1000;
  async function* events(): AsyncGenerator<string> {
    yield `retry: 1000\n${event('open', { At: new Date(now()).toISOString() }, cursor)}`;
    let quietSince = now();
    for (;;) {
      const batch = await read();
      if (batch) {
        quietSince = now();
        yield batch;
      } else if (now() - quietSince >= KEEP_ALIVE_MS) {
        quietSince = now();
        yield ': keep-alive\n\n';
      }
      if (signal.aborted || now() >= deadline) break;
      await pause(Math.min(TAIL_POLL_MS, Math.max(0, deadline - now())), signal);
      if (signal.aborted) break;
    }
    yield event('end', { Cursor: cursor }, cursor);
  }
  return Readable.from(events(), { objectMode: false });
}

/**
 * The tails open on one server: `add` registers a tail's controller and answers its signal (the
 * controller leaves the set when it aborts); `closeAll` aborts every one (the server's close).
 */
export function openTails(): { add: (c: AbortController) => AbortSignal; closeAll: () => void } {
  const open = new Set<AbortController>();
  return {
    add: (c) => {
      open.add(c);
      c.signal.addEventListener('abort', () => open.delete(c), { once: true });
      return c.signal;
    },
    closeAll: () => {
      for (const c of [...open]) c.abort();
    },
  };
}

/** The newest id among the rows matching `conds` (the tail's start), '0' when there is none. */
async function newestId(database: Database, def: ListReportDef, conds: SQL[]): Promise<string> {
  const src = sourceOf(def);
  const [row] = await run<{ n: string | null }>(database, sql`SELECT max(${col(src, src.id)})::text AS n FROM ${sql.identifier(src.table)} ${whereClause(conds)}`);
  return row?.n ?? '0';
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
