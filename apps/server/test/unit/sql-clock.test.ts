/**
 * The server's SQL never reads the database's clock: every time a statement writes or compares is
 * bound from the app's clock (`ctx.now()`, `app.ctx.now`), so a test on a fixed or shifted clock
 * (scripts/ten-clocks.mjs) sees rows stamped at its time, and a second server instance or a
 * replica whose clock drifts cannot stamp a row differently from the audit row beside it.
 * Column defaults (schema `defaultNow()`) are the last resort of a row inserted without its time
 * and are not scanned here. The scan looks at every .ts file of apps/server/src except the schema
 * and migrations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (path.endsWith(join('db', 'schema')) || path.endsWith(join('db', 'migrations'))) continue;
      yield* files(path);
    } else if (e.name.endsWith('.ts')) yield path;
  }
}

/** SQL's clock functions: `now()` not preceded by an identifier or a dot (a JS call is `x.now()` or a bare `now()` of the context), and the SQL-standard ones. */
const SQL_CLOCK = /\b(current_date|current_timestamp|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp)\b/i;
const SQL_NOW = /(=|,|\(|\s)\s*now\(\)\s*(,|\)|\s+(WHERE|AND|OR|RETURNING|FROM|-|\+)|;|`|')/i;
/** A line is SQL when it holds a statement keyword inside a string or template. */
const SQL_LINE = /[`'"][^`'"]*\b(UPDATE|INSERT|SELECT|WHERE|SET|VALUES)\b/;

describe('the server SQL reads no database clock', () => {
  it('no statement in apps/server/src calls now(), CURRENT_DATE or CURRENT_TIMESTAMP', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const file of files(SRC)) {
      scanned++;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const trimmed = line.trim();
        if (trimmed.startsWith('*') || trimmed.startsWith('//')) return;
        if (SQL_CLOCK.test(line) || (SQL_LINE.test(line) && SQL_NOW.test(line))) found.push(`${relative(SRC, file)}:${i + 1}: ${trimmed}`);
      });
    }
    expect(scanned).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });

  it('the scan catches the forms it forbids', () => {
    const caught = (line: string) => SQL_CLOCK.test(line) || (SQL_LINE.test(line) && SQL_NOW.test(line));
    for (const bad of [
      "q('UPDATE t SET updated_at = now() WHERE id = $1')",
      '`INSERT INTO t (a, at) VALUES ($1, now())`',
      "`SELECT * FROM t WHERE at > now() - interval '1 day'`",
      '`SELECT current_date`',
      "'UPDATE t SET at = CURRENT_TIMESTAMP'",
    ])
      expect(caught(bad), bad).toBe(true);
    for (const ok of ['const at = now();', 'const t = ctx.now();', "q('UPDATE t SET at = $2 WHERE id = $1', [id, now()])", 'await fail(db, id, problem, now());'])
      expect(caught(ok), ok).toBe(false);
  });
});
